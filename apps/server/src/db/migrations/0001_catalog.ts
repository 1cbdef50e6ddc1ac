import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// The catalog, sites, accounts seed data, commerce seed data and the job queue.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const serial = isPostgres(db) ? 'serial' : 'integer';
  const real = 'double precision';

  await db.schema
    .createTable('sites')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hosts', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('default_page', 'text', (c) => c.notNull())
    .addColumn('perms', 'text', (c) => c.notNull())
    .addColumn('ads', 'text', (c) => c.notNull())
    .addColumn('chat', 'text', (c) => c.notNull())
    .addColumn('heartbeat', 'text', (c) => c.notNull())
    .addColumn('search_options', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('channels')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumbnail', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('channels_pk', ['site_uid', 'id'])
    .execute();

  await db.schema
    .createTable('media_assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source_name', 'text', (c) => c.notNull())
    .addColumn('duration_s', real, (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('renditions', 'text', (c) => c.notNull())
    .addColumn('thumbnails', 'text', (c) => c.notNull())
    .addColumn('subtitles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('segment_seconds', real, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('videos')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('channel_id', 'text')
    .addColumn('asset_id', 'text', (c) => c.references('media_assets.id').onDelete('set null'))
    .addColumn('access_type', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('age_gate', 'integer')
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('duration_s', real, (c) => c.notNull().defaultTo(0))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('series_uid', 'text')
    .addColumn('season', 'integer')
    .addColumn('episode', 'integer')
    .addColumn('movie', 'text')
    .addColumn('live_event', 'text')
    .addColumn('external_url', 'text')
    .addColumn('extra_of', 'text')
    .addColumn('extra_kind', 'text')
    .addColumn('owner_user_id', 'text')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('favorites_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hybrid_paywall', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('without_ads', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('videos_pk', ['site_uid', 'uid'])
    .execute();
  await db.schema
    .createIndex('videos_by_channel')
    .on('videos')
    .columns(['site_uid', 'channel_id', 'published_at'])
    .execute();
  await db.schema
    .createIndex('videos_by_type')
    .on('videos')
    .columns(['site_uid', 'type', 'published_at'])
    .execute();
  await db.schema
    .createIndex('videos_by_series')
    .on('videos')
    .columns(['site_uid', 'series_uid', 'season', 'episode'])
    .execute();
  await db.schema.createIndex('videos_by_extra_of').on('videos').columns(['site_uid', 'extra_of']).execute();

  await db.schema
    .createTable('series')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('poster', 'text')
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('mpaa', 'text')
    .addColumn('directors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('cast', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('genres', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('default_channel', 'text')
    .addColumn('age_gate', 'integer')
    .addPrimaryKeyConstraint('series_pk', ['site_uid', 'uid'])
    .execute();

  await db.schema
    .createTable('playlists')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('playlists_pk', ['site_uid', 'uid'])
    .execute();

  await db.schema
    .createTable('playlist_items')
    .addColumn('site_uid', 'text', (c) => c.notNull())
    .addColumn('playlist_uid', 'text', (c) => c.notNull())
    .addColumn('video_uid', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_items_pk', ['site_uid', 'playlist_uid', 'position'])
    .execute();

  await db.schema
    .createTable('live_channels')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('channel_num', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('access_type', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('preview_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thumbnail', 'text')
    .addPrimaryKeyConstraint('live_channels_pk', ['site_uid', 'id'])
    .execute();

  await db.schema
    .createTable('epg_entries')
    .addColumn('id', serial, (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('site_uid', 'text', (c) => c.notNull())
    .addColumn('live_channel_id', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('stop', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('asset_id', 'text', (c) => c.notNull().references('media_assets.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('epg_by_channel_start')
    .on('epg_entries')
    .columns(['site_uid', 'live_channel_id', 'start'])
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('overlay_toggle', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pages_pk', ['site_uid', 'url'])
    .execute();

  await db.schema
    .createTable('tabs')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('page_url', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addPrimaryKeyConstraint('tabs_pk', ['site_uid', 'id'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('dob', 'text')
    .addColumn('gender', 'text')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('users_site_email', ['site_uid', 'email'])
    .execute();

  await db.schema
    .createTable('bundles')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('plan_type', 'text', (c) => c.notNull())
    .addColumn('recurring', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('trial_duration_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration', 'integer')
    .addColumn('duration_unit', 'text')
    .addColumn('preorder_date', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unlisted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('live_channels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('video_uids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('upgrades_to', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('bundles_pk', ['site_uid', 'id'])
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('discount_kind', 'text', (c) => c.notNull())
    .addColumn('discount_value', 'integer', (c) => c.notNull())
    .addColumn('billing_cycles', 'text', (c) => c.notNull().defaultTo('FIRST'))
    .addColumn('bundle_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expires_at', 'text')
    .addPrimaryKeyConstraint('coupons_pk', ['site_uid', 'code'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', real, (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_by_status').on('jobs').columns(['status', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'jobs',
    'coupons',
    'bundles',
    'users',
    'tabs',
    'pages',
    'epg_entries',
    'live_channels',
    'playlist_items',
    'playlists',
    'series',
    'videos',
    'media_assets',
    'channels',
    'sites',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
