import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Full-text search over videos and series (discovery-and-site §2.4; decision 0013).
// SQLite: external-content FTS5 tables kept in sync by triggers, ranked with bm25.
// PostgreSQL: a weighted tsvector column generated from the row, with a GIN index, ranked with ts_rank.
// Both index the title, the description and the keywords (tags; genres, cast and directors).

/** A JSON array of strings in `e` (or anything else) as space-separated words, in SQLite SQL. */
const words = (e: string) =>
  `coalesce((SELECT group_concat(value, ' ') FROM json_each(CASE WHEN json_valid(${e}) AND json_type(${e}) = 'array' THEN ${e} ELSE '[]' END)), '')`;
const movieField = (row: string, field: string) =>
  `CASE WHEN json_valid(${row}.movie) THEN json_extract(${row}.movie, '$.${field}') END`;

/** The keywords column of each indexed table, for a row alias (new, old or the table). */
const KEYWORDS: Record<'videos' | 'series', (row: string) => string> = {
  videos: (r) =>
    [
      words(`${r}.tags`),
      words(movieField(r, 'genres')),
      words(movieField(r, 'cast')),
      words(movieField(r, 'directors')),
    ].join(` || ' ' || `),
  series: (r) => [words(`${r}.genres`), words(`${r}."cast"`), words(`${r}.directors`)].join(` || ' ' || `),
};
const WATCHED: Record<'videos' | 'series', string> = {
  videos: 'title, description, tags, movie',
  series: 'title, description, genres, "cast", directors',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // JSON columns are text; a malformed value must not make its row unwritable, so it counts as no
    // keywords (as the repositories read it), like json_valid on SQLite.
    await sql
      .raw(
        `CREATE FUNCTION marquee_safe_jsonb(doc text) RETURNS jsonb IMMUTABLE LANGUAGE plpgsql AS $$
        BEGIN RETURN doc::jsonb; EXCEPTION WHEN others THEN RETURN NULL; END $$`,
      )
      .execute(db);
    const jsonArray = (e: string) => `coalesce(${e}, '[]'::jsonb)`;
    const vectors = {
      videos: `setweight(to_tsvector('simple'::regconfig, title), 'A')
        || setweight(to_tsvector('simple'::regconfig, ${jsonArray(`marquee_safe_jsonb(tags)`)}
          || ${jsonArray(`marquee_safe_jsonb(movie) -> 'genres'`)} || ${jsonArray(`marquee_safe_jsonb(movie) -> 'cast'`)}
          || ${jsonArray(`marquee_safe_jsonb(movie) -> 'directors'`)}), 'B')
        || setweight(to_tsvector('simple'::regconfig, description), 'C')`,
      series: `setweight(to_tsvector('simple'::regconfig, title), 'A')
        || setweight(to_tsvector('simple'::regconfig, ${jsonArray('marquee_safe_jsonb(genres)')}
          || ${jsonArray('marquee_safe_jsonb("cast")')} || ${jsonArray('marquee_safe_jsonb(directors)')}), 'B')
        || setweight(to_tsvector('simple'::regconfig, description), 'C')`,
    };
    for (const table of ['videos', 'series'] as const) {
      await sql
        .raw(
          `ALTER TABLE ${table} ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${vectors[table]}) STORED`,
        )
        .execute(db);
      await sql.raw(`CREATE INDEX ${table}_search ON ${table} USING GIN (search_vector)`).execute(db);
    }
    return;
  }

  for (const table of ['videos', 'series'] as const) {
    const fts = `${table}_fts`;
    const kw = KEYWORDS[table];
    // remove_diacritics: "cafe" finds "Café"; prefix indexes make 2- and 3-letter prefix queries cheap.
    await sql
      .raw(
        `CREATE VIRTUAL TABLE ${fts} USING fts5(title, description, keywords, content='${table}', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
      )
      .execute(db);
    const add = (r: string) =>
      `INSERT INTO ${fts}(rowid, title, description, keywords) VALUES (${r}.rowid, ${r}.title, ${r}.description, ${kw(r)});`;
    // External content: a removal must repeat the values that were indexed, so they are recomputed from old.
    const remove = (r: string) =>
      `INSERT INTO ${fts}(${fts}, rowid, title, description, keywords) VALUES ('delete', ${r}.rowid, ${r}.title, ${r}.description, ${kw(r)});`;
    await sql.raw(`CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN ${add('new')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN ${remove('old')} END`).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${WATCHED[table]} ON ${table} BEGIN ${remove('old')} ${add('new')} END`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT INTO ${fts}(rowid, title, description, keywords) SELECT rowid, title, description, ${kw(table)} FROM ${table}`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['videos', 'series'] as const) {
    if (isPostgres(db)) {
      await sql.raw(`DROP INDEX IF EXISTS ${table}_search`).execute(db);
      await sql.raw(`ALTER TABLE ${table} DROP COLUMN IF EXISTS search_vector`).execute(db);
    } else {
      for (const t of ['ai', 'ad', 'au'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_fts_${t}`).execute(db);
      await sql.raw(`DROP TABLE IF EXISTS ${table}_fts`).execute(db);
    }
  }
  if (isPostgres(db)) await sql.raw(`DROP FUNCTION IF EXISTS marquee_safe_jsonb(text)`).execute(db);
}
