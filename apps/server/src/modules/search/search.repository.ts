import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';

export type SearchRepository = ReturnType<typeof createSearchRepository>;

export type SearchFilter = {
  siteUid: string;
  /** Query words; the last one matches as a prefix. Letters and digits only (searchTerms). */
  terms: string[];
  /** Video row types to search (movie, video, episode, liveEvent); empty for none. */
  videoTypes: string[];
  includeSeries: boolean;
  /** Viewers' moments (their text), hidden ones never. */
  includeMoments: boolean;
  /** ISO instants: published at or before `now`, and at or after `since` when given. */
  now: string;
  since: string | null;
};

export type SearchOrder = { field: 'publishedDate' | 'title'; descending: boolean } | null;

/** One hit as stored: a video, a series or a moment, with the asset whose thumbnails it shows. */
export type SearchRow = {
  kind: 'video' | 'series' | 'moment';
  uid: string;
  type: string;
  title: string;
  description: string;
  published_at: string;
  channel_id: string | null;
  series_uid: string | null;
  live_event: string | null;
  asset_id: string | null;
  asset_thumbnails: string | null;
  poster: string | null;
  rank: number;
  /** A moment hit: the moment (its video is `series_uid`-free and named by `video_uid`). */
  moment: { id: string; timemarker: number; videoUid: string } | null;
};

/**
 * Only this repository touches the full-text indexes (migration 0004): FTS5 tables ranked with
 * bm25 on SQLite, the generated tsvector ranked with ts_rank on PostgreSQL. Lower rank is better
 * on both, so one ORDER BY serves both. On SQLite, CROSS JOIN keeps the full-text match as the outer
 * loop: left to itself the planner may walk the site's videos by index and run the match once per row.
 */
export function createSearchRepository(db: Db) {
  const pg = isPostgres(db);

  /** Full-text syntax built from plain words only, so input never reaches it unescaped. */
  const match = (terms: string[]) =>
    pg
      ? terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ')
      : terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' ');

  /** Select mode: the narrow columns that order a page (rank only when ordering by relevance); else a count. */
  type Mode = 'count' | 'rank' | 'plain';

  function videoArm(f: SearchFilter, mode: Mode): RawBuilder<unknown> {
    const q = match(f.terms);
    const since = f.since === null ? sql`` : sql`AND v.published_at >= ${f.since}`;
    const where = sql`v.site_uid = ${f.siteUid} AND v.status = 'public' AND v.extra_of IS NULL
      AND v.published_at <= ${f.now} ${since} AND v.type IN (${sql.join(f.videoTypes)})`;
    const rank =
      mode === 'rank'
        ? pg
          ? sql`-ts_rank(v.search_vector, query)`
          : sql`bm25(videos_fts, 10.0, 1.0, 4.0)`
        : sql`0`;
    const cols =
      mode === 'count'
        ? sql`count(*) AS n`
        : sql`'video' AS kind, v.uid, v.title, v.published_at, ${rank} AS rank`;
    return pg
      ? sql`SELECT ${cols} FROM videos v CROSS JOIN to_tsquery('simple', ${q}) AS query
          WHERE v.search_vector @@ query AND ${where}`
      : sql`SELECT ${cols} FROM videos_fts CROSS JOIN videos v ON v.rowid = videos_fts.rowid
          WHERE videos_fts MATCH ${q} AND ${where}`;
  }

  function seriesArm(f: SearchFilter, mode: Mode): RawBuilder<unknown> {
    const q = match(f.terms);
    const since = f.since === null ? sql`` : sql`AND s.published_at >= ${f.since}`;
    const where = sql`s.site_uid = ${f.siteUid} AND s.published_at <= ${f.now} ${since}`;
    const rank =
      mode === 'rank'
        ? pg
          ? sql`-ts_rank(s.search_vector, query)`
          : sql`bm25(series_fts, 10.0, 1.0, 4.0)`
        : sql`0`;
    const cols =
      mode === 'count'
        ? sql`count(*) AS n`
        : sql`'series' AS kind, s.uid, s.title, s.published_at, ${rank} AS rank`;
    return pg
      ? sql`SELECT ${cols} FROM series s CROSS JOIN to_tsquery('simple', ${q}) AS query
          WHERE s.search_vector @@ query AND ${where}`
      : sql`SELECT ${cols} FROM series_fts CROSS JOIN series s ON s.rowid = series_fts.rowid
          WHERE series_fts MATCH ${q} AND ${where}`;
  }

  function momentArm(f: SearchFilter, mode: Mode): RawBuilder<unknown> {
    const q = match(f.terms);
    const since = f.since === null ? sql`` : sql`AND m.created_at >= ${f.since}`;
    const where = sql`m.site_uid = ${f.siteUid} AND m.hidden_at IS NULL AND m.created_at <= ${f.now} ${since}`;
    const rank =
      mode === 'rank' ? (pg ? sql`-ts_rank(m.search_vector, query)` : sql`bm25(moments_fts)`) : sql`0`;
    const cols =
      mode === 'count'
        ? sql`count(*) AS n`
        : sql`'moment' AS kind, m.id AS uid, m.tag AS title, m.created_at AS published_at, ${rank} AS rank`;
    return pg
      ? sql`SELECT ${cols} FROM moments m CROSS JOIN to_tsquery('simple', ${q}) AS query
          WHERE m.search_vector @@ query AND ${where}`
      : sql`SELECT ${cols} FROM moments_fts CROSS JOIN moments m ON m.rowid = moments_fts.rowid
          WHERE moments_fts MATCH ${q} AND ${where}`;
  }

  const arms = (f: SearchFilter, mode: Mode) => [
    ...(f.videoTypes.length ? [videoArm(f, mode)] : []),
    ...(f.includeSeries ? [seriesArm(f, mode)] : []),
    ...(f.includeMoments ? [momentArm(f, mode)] : []),
  ];

  /** The columns a hit needs, for the videos and series of one page (primary-key reads). */
  async function details(siteUid: string, keys: { kind: string; uid: string }[]) {
    const momentIds = keys.filter((k) => k.kind === 'moment').map((k) => k.uid);
    const moments = momentIds.length
      ? await db
          .selectFrom('moments')
          .select(['id', 'video_uid', 'timemarker', 'channel_id'])
          .where('site_uid', '=', siteUid)
          .where('id', 'in', momentIds)
          .execute()
      : [];
    // A moment shows its video's picture and description.
    const videoUids = [
      ...new Set([
        ...keys.filter((k) => k.kind === 'video').map((k) => k.uid),
        ...moments.map((m) => m.video_uid),
      ]),
    ];
    const seriesUids = keys.filter((k) => k.kind === 'series').map((k) => k.uid);
    const [videos, series] = await Promise.all([
      videoUids.length
        ? db
            .selectFrom('videos as v')
            .leftJoin('media_assets as a', 'a.id', 'v.asset_id')
            .select([
              'v.uid',
              'v.type',
              'v.description',
              'v.channel_id',
              'v.series_uid',
              'v.live_event',
              'v.asset_id',
              'a.thumbnails as asset_thumbnails',
            ])
            .where('v.site_uid', '=', siteUid)
            .where('v.uid', 'in', videoUids)
            .execute()
        : [],
      seriesUids.length
        ? db
            .selectFrom('series as s')
            // A series shows the thumbnails of its first public episode that has media.
            .leftJoin('media_assets as a', (j) =>
              j.on(
                'a.id',
                '=',
                sql<string>`(SELECT e.asset_id FROM videos e
                  WHERE e.site_uid = s.site_uid AND e.series_uid = s.uid AND e.type = 'episode'
                    AND e.status = 'public' AND e.asset_id IS NOT NULL
                  ORDER BY e.season, e.episode LIMIT 1)`,
              ),
            )
            .select(['s.uid', 's.description', 's.default_channel', 's.poster', 'a.id', 'a.thumbnails'])
            .where('s.site_uid', '=', siteUid)
            .where('s.uid', 'in', seriesUids)
            .execute()
        : [],
    ]);
    return {
      videos: new Map(videos.map((v) => [v.uid, v])),
      series: new Map(series.map((x) => [x.uid, x])),
      moments: new Map(moments.map((m) => [m.id, m])),
    };
  }

  function orderBy(order: SearchOrder): RawBuilder<unknown> {
    // Titles compare case-insensitively and byte-wise, the same on both databases.
    const title = pg ? sql`lower(title) COLLATE "C"` : sql`lower(title)`;
    if (order === null) return sql`rank, published_at DESC, uid`;
    const dir = order.descending ? sql`DESC` : sql`ASC`;
    return order.field === 'title'
      ? sql`${title} ${dir}, published_at DESC, uid`
      : sql`published_at ${dir}, uid`;
  }

  /** The number of hits of a filter. */
  async function count(f: SearchFilter): Promise<number> {
    const parts = arms(f, 'count');
    if (f.terms.length === 0 || parts.length === 0) return 0;
    const { rows } = await sql<{ n: number | string }>`SELECT ${sql.join(
      parts.map((p) => sql`(${p})`),
      sql` + `,
    )} AS n`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }

  return {
    count,

    /** The site's search version (migration 0038): it changes with every write a hit may show. */
    async version(siteUid: string): Promise<number> {
      const row = await db
        .selectFrom('search_versions')
        .select('version')
        .where('site_uid', '=', siteUid)
        .executeTakeFirst();
      return row?.version ?? 0;
    },

    /** The first instant after `now` at which one of the site's videos or series is published (null: none). */
    async nextPublish(siteUid: string, now: string): Promise<string | null> {
      const [video, series] = await Promise.all(
        (['videos', 'series'] as const).map((table) =>
          db
            .selectFrom(table)
            .select((eb) => eb.fn.min('published_at').as('at'))
            .where('site_uid', '=', siteUid)
            .where('published_at', '>', now)
            .executeTakeFirst(),
        ),
      );
      const times = [video?.at, series?.at].filter((t): t is string => typeof t === 'string');
      return times.length ? times.sort()[0]! : null;
    },

    /**
     * One page of hits and the total. The page is chosen over narrow columns (the total from a
     * window count over the same match, so one full-text pass answers both), then only its rows
     * are read in full. Only a page past the end needs a separate count.
     */
    async search(f: SearchFilter, order: SearchOrder, offset: number, limit: number) {
      const parts = arms(f, order === null ? 'rank' : 'plain');
      if (f.terms.length === 0 || parts.length === 0) return { rows: [], total: 0 };
      const union = sql.join(parts, sql` UNION ALL `);
      const { rows: page } = await sql<{
        kind: 'video' | 'series' | 'moment';
        uid: string;
        title: string;
        published_at: string;
        rank: number;
        total: number | string;
      }>`SELECT hits.*, count(*) OVER () AS total FROM (${union}) AS hits
        ORDER BY ${orderBy(order)} LIMIT ${limit} OFFSET ${offset}`.execute(db);
      const total = page.length > 0 ? Number(page[0]!.total) : offset > 0 ? await count(f) : 0;
      const more = await details(f.siteUid, page);
      const rows: SearchRow[] = [];
      for (const hit of page) {
        const base = {
          kind: hit.kind,
          uid: hit.uid,
          title: hit.title,
          published_at: hit.published_at,
          rank: Number(hit.rank),
          moment: null,
        };
        if (hit.kind === 'moment') {
          const m = more.moments.get(hit.uid);
          const v = m && more.videos.get(m.video_uid);
          if (m && v)
            rows.push({
              ...base,
              uid: v.uid,
              type: v.type,
              description: v.description,
              channel_id: m.channel_id,
              series_uid: v.series_uid,
              live_event: null,
              asset_id: v.asset_id,
              asset_thumbnails: v.asset_thumbnails,
              poster: null,
              moment: { id: m.id, timemarker: m.timemarker, videoUid: v.uid },
            });
        } else if (hit.kind === 'video') {
          const v = more.videos.get(hit.uid);
          if (v)
            rows.push({
              ...base,
              type: v.type,
              description: v.description,
              channel_id: v.channel_id,
              series_uid: v.series_uid,
              live_event: v.live_event,
              asset_id: v.asset_id,
              asset_thumbnails: v.asset_thumbnails,
              poster: null,
            });
        } else {
          const x = more.series.get(hit.uid);
          if (x)
            rows.push({
              ...base,
              type: 'series',
              description: x.description,
              channel_id: x.default_channel,
              series_uid: x.uid,
              live_event: null,
              asset_id: x.id,
              asset_thumbnails: x.thumbnails,
              poster: x.poster,
            });
        }
      }
      return { rows, total };
    },
  };
}
