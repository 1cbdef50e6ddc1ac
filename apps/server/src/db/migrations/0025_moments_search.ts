import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Full-text search over moments' text (discovery-and-site §2.4 "moments"; decisions 0013, 0048),
// like videos and series (migration 0004): FTS5 kept by triggers on SQLite, a generated tsvector
// with a GIN index on PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `ALTER TABLE moments ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, tag)) STORED`,
      )
      .execute(db);
    await sql.raw(`CREATE INDEX moments_search ON moments USING GIN (search_vector)`).execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE VIRTUAL TABLE moments_fts USING fts5(tag, content='moments', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
    )
    .execute(db);
  const add = `INSERT INTO moments_fts(rowid, tag) VALUES (new.rowid, new.tag);`;
  const remove = `INSERT INTO moments_fts(moments_fts, rowid, tag) VALUES ('delete', old.rowid, old.tag);`;
  await sql.raw(`CREATE TRIGGER moments_fts_ai AFTER INSERT ON moments BEGIN ${add} END`).execute(db);
  await sql.raw(`CREATE TRIGGER moments_fts_ad AFTER DELETE ON moments BEGIN ${remove} END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER moments_fts_au AFTER UPDATE OF tag ON moments BEGIN ${remove} ${add} END`)
    .execute(db);
  await sql.raw(`INSERT INTO moments_fts(moments_fts) VALUES ('rebuild')`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`ALTER TABLE moments DROP COLUMN search_vector`).execute(db);
    return;
  }
  for (const t of ['moments_fts_ai', 'moments_fts_ad', 'moments_fts_au'])
    await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql.raw(`DROP TABLE IF EXISTS moments_fts`).execute(db);
}
