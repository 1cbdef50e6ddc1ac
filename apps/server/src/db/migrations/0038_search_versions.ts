import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// A per-site counter of the changes that can alter a search answer (decision 0084), so a cached
// answer is reused only while its site's version is unchanged, on every node. Triggers bump it on
// writes to the rows a hit is built from; the hot counters (views, likes) and job progress do not.
const WATCHED = {
  videos:
    'site_uid, uid, type, title, description, tags, movie, status, published_at, extra_of, asset_id, channel_id, series_uid, season, episode, live_event',
  series:
    'site_uid, uid, title, description, poster, published_at, genres, "cast", directors, default_channel',
  moments: 'site_uid, id, video_uid, channel_id, tag, timemarker, created_at, hidden_at',
  media_assets: 'site_uid, id, thumbnails',
} as const;
type Table = keyof typeof WATCHED;
const TABLES = Object.keys(WATCHED) as Table[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_versions')
    .addColumn('site_uid', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  const bump = (row: string) =>
    `INSERT INTO search_versions (site_uid, version) VALUES (${row}.site_uid, 1)
      ON CONFLICT (site_uid) DO UPDATE SET version = search_versions.version + 1;`;
  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION marquee_bump_search_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN ${bump('OLD')} RETURN OLD; END IF;
          ${bump('NEW')} RETURN NEW;
        END $$`,
      )
      .execute(db);
    for (const table of TABLES)
      await sql
        .raw(
          `CREATE TRIGGER ${table}_search_version AFTER INSERT OR DELETE OR UPDATE OF ${WATCHED[table]}
            ON ${table} FOR EACH ROW EXECUTE FUNCTION marquee_bump_search_version()`,
        )
        .execute(db);
    return;
  }
  for (const table of TABLES) {
    await sql
      .raw(`CREATE TRIGGER ${table}_search_version_ai AFTER INSERT ON ${table} BEGIN ${bump('new')} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_search_version_ad AFTER DELETE ON ${table} BEGIN ${bump('old')} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_search_version_au AFTER UPDATE OF ${WATCHED[table]} ON ${table} BEGIN ${bump('new')} END`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of TABLES)
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_search_version ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS marquee_bump_search_version()`).execute(db);
  } else {
    for (const table of TABLES)
      for (const t of ['ai', 'ad', 'au'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_search_version_${t}`).execute(db);
  }
  await db.schema.dropTable('search_versions').execute();
}
