import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Watch list and favorites (playback-and-social §3, §4.11, §7; decision 0019). Neither table has a
// foreign key to the catalog: the demo seed replaces catalog rows, and user data keyed by stable
// uids must survive that; items whose content is gone drop out of the list when it is read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('watch_list_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('content_id', 'text', (c) => c.notNull())
    // 'video' (a video uid: movie, video, episode…) or 'series' (a series uid).
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // One item per viewer and content: a second add finds the first (and two at once cannot both insert).
    .addUniqueConstraint('watch_list_items_user_content', ['user_id', 'content_id'])
    .execute();
  await db.schema
    .createIndex('watch_list_items_recent')
    .on('watch_list_items')
    .columns(['user_id', 'created_at'])
    .execute();

  // One row per viewer and favorited video.
  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('video_uid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'video_uid'])
    .execute();

  // videos.favorites_count moves with every inserted or deleted favorite, in the same statement's
  // transaction: the API's toggles, and the rows a deleted account takes with it (ON DELETE CASCADE).
  // An insert that conflicts (ON CONFLICT DO NOTHING) inserts nothing and counts nothing.
  const up = `UPDATE videos SET favorites_count = favorites_count + 1
    WHERE site_uid = NEW.site_uid AND uid = NEW.video_uid`;
  const down = `UPDATE videos SET favorites_count = favorites_count - 1
    WHERE site_uid = OLD.site_uid AND uid = OLD.video_uid AND favorites_count > 0`;
  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION marquee_favorites_count() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${up}; RETURN NEW; END IF;
          ${down}; RETURN OLD;
        END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER favorites_count AFTER INSERT OR DELETE ON favorites
        FOR EACH ROW EXECUTE FUNCTION marquee_favorites_count()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER favorites_count_insert AFTER INSERT ON favorites BEGIN ${up}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER favorites_count_delete AFTER DELETE ON favorites BEGIN ${down}; END`)
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('favorites').execute();
  if (isPostgres(db)) await sql.raw('DROP FUNCTION marquee_favorites_count()').execute(db);
  await db.schema.dropTable('watch_list_items').execute();
}
