// `npm run bench:search`: full-text search over a 50,000-video catalog, on SQLite and, when
// 127.0.0.1:5432 answers, on PostgreSQL (in a schema of its own, dropped afterwards), at 4 clients
// (issue 18: p95 <= 15 ms and >= 1,000 req/s). For each database the real app runs in its own
// process (BENCH_SEARCH_ROLE=server) over a catalog seeded in one transaction, twice on two ports:
// as shipped (answers kept while the site's search version holds, decision 0084) and with no search
// cache (every call answered by the database). The driver fires a fixed mix of realistic queries
// (single words, prefixes, two words, with type filters, sorts and date filters) from keep-alive
// clients, next to a baseline measured in the same run: GET /v2/sites/{site}/videos/{uid} over
// random uids (a primary-key read), and prints the ratio. Before listening the server times where a
// search spends its time (the match alone, with the row filters, the count of the total, the ranked
// page, the page's rows, the whole service call). Bounded: the whole run is stopped after 10 minutes
// (its server killed, its schema dropped).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { searchTerms } from '@marquee/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { migrateToLatest, openDatabase, type Db } from '../apps/server/src/db/database';
import { newVideoRow } from '../apps/server/src/db/video-row';
import {
  createSearchRepository,
  type SearchFilter,
} from '../apps/server/src/modules/search/search.repository';
import { createSearchService } from '../apps/server/src/modules/search/search.service';
import { newSiteRow } from '../apps/server/src/modules/sites/site-defaults';
import { loadConfig } from '../apps/server/src/plugins/config';
import { startServer, stop } from './lib';

const SITE = 'bench';
const VIDEOS = Number(process.env.BENCH_SEARCH_VIDEOS ?? 50_000);
/** Concurrent keep-alive clients (BENCH_CLIENTS). */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const GOAL_P95_MS = 15;
const GOAL_RPS = 1_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DEADLINE_MS = 10 * 60_000;

type Engine = 'sqlite' | 'postgres';
type Ready = { ports: { shipped: number; uncached: number }; seedMs: number; profile: ProfileRow[] };
type ProfileRow = { step: string; ms: number };

/** 240 words: titles and descriptions are drawn from them, so every query word has many matches. */
const WORDS = `sunset river mountain city night ocean storm garden winter summer market harbour lights
  kitchen station orbit desert forest island bridge train road empire voyage secret shadow silver
  golden crimson midnight morning thunder rain snow wind fire stone glass paper iron velvet echo
  signal frontier border canyon valley meadow prairie tundra jungle reef lagoon glacier volcano comet
  planet galaxy nebula rocket engine machine robot circuit code network cipher puzzle mystery detective
  murder heist escape chase race rally derby league cup final season champion legend hero villain
  rebel pirate knight queen king prince princess castle tower palace temple ruins museum library
  theatre opera circus carnival festival parade concert jazz blues rock folk choir orchestra dance
  ballet tango salsa samba kitchen baker chef feast harvest vineyard orchard farm ranch cowboy outlaw
  sheriff saloon gold rush miner sailor captain admiral fleet submarine diver whale dolphin shark
  eagle falcon raven wolf bear fox deer horse tiger lion elephant monkey parrot turtle spider bee
  butterfly garden lantern candle mirror clock compass map atlas journey return homecoming farewell
  wedding reunion family brothers sisters mother father daughter son friends strangers neighbours
  rivals lovers partners strangers diary letter postcard photograph memory dream nightmare whisper
  promise betrayal revenge justice truth lies courage fear hope faith grace mercy glory honour
  fortune luck chance destiny`
  .split(/\s+/)
  .filter(Boolean);
const TYPES = [
  'video',
  'video',
  'video',
  'video',
  'video',
  'video',
  'episode',
  'episode',
  'movie',
  'liveEvent',
];

/** Deterministic, so every run searches the same catalog. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}
const random = prng(42);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
const capital = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

async function seed(db: Db) {
  await db.insertInto('sites').values(newSiteRow(SITE, 'Bench TV')).execute();
  const now = Date.now();
  // One transaction; 500 rows a statement stays under SQLite's bound-parameter limit.
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < VIDEOS; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(start + 500, VIDEOS); i++) {
        const type = pick(TYPES);
        rows.push(
          newVideoRow(SITE, `v${i}`, {
            type,
            title: capital(words(2 + Math.floor(random() * 4))),
            description: `${capital(words(8 + Math.floor(random() * 8)))}.`,
            tags: JSON.stringify([pick(WORDS), pick(WORDS)]),
            published_at: new Date(now - Math.floor(random() * 3 * 365 * 86_400_000)).toISOString(),
            channel_id: 'main',
            movie:
              type === 'movie'
                ? JSON.stringify({ genres: [pick(WORDS)], cast: [capital(words(2))], directors: [] })
                : null,
            live_event:
              type === 'liveEvent'
                ? JSON.stringify({ start: new Date(now).toISOString(), ended: false, type: 'stream' })
                : null,
            // A few hidden rows, as in a real catalog.
            status: i % 50 === 0 ? 'private' : 'public',
          }),
        );
      }
      await trx.insertInto('videos').values(rows).execute();
    }
  });
  // PostgreSQL's planner needs statistics (autovacuum would gather them soon after a bulk load).
  if (process.env.BENCH_SEARCH_ENGINE === 'postgres') await sql`ANALYZE`.execute(db);
}

/**
 * Where a search spends its time: mean milliseconds per query over 40 of the mix's words, one at a
 * time, with no type or date filter: the full-text match alone; the repository's count (match
 * joined to its rows, visibility filters, the total); a page of 15 by date (no ranking; the window
 * total, the order and the page's rows read by key); the same page by relevance (bm25 / ts_rank
 * over every match); a page of 100; the whole service call (hits built, JSON).
 */
async function profile(db: Db): Promise<ProfileRow[]> {
  const repo = createSearchRepository(db);
  const service = createSearchService({ repo, now: () => Date.now(), cache: null });
  const postgres = process.env.BENCH_SEARCH_ENGINE === 'postgres';
  const queries = [
    ...new Set(queryMix().map((path) => new URL(path, 'http://x').searchParams.get('q')!)),
  ].slice(0, 40);
  const filter = (q: string): SearchFilter => ({
    siteUid: SITE,
    terms: searchTerms(q),
    videoTypes: ['video', 'episode', 'movie', 'liveEvent'],
    includeSeries: true,
    includeMoments: true,
    now: new Date().toISOString(),
    since: null,
  });
  const ftsQuery = (terms: string[]) =>
    postgres
      ? terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ')
      : terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
  const steps: [string, (q: string) => Promise<unknown>][] = [
    [
      'match alone (index only)',
      (q) =>
        (postgres
          ? sql`SELECT count(*) FROM videos WHERE search_vector @@ to_tsquery('simple', ${ftsQuery(searchTerms(q))})`
          : sql`SELECT count(*) FROM videos_fts WHERE videos_fts MATCH ${ftsQuery(searchTerms(q))}`
        ).execute(db),
    ],
    ['+ rows joined and filtered, counted (the total)', (q) => repo.count(filter(q))],
    [
      '+ unranked page of 15 (published date)',
      (q) => repo.search(filter(q), { field: 'publishedDate', descending: true }, 0, 15),
    ],
    ['+ ranked page of 15 (relevance)', (q) => repo.search(filter(q), null, 0, 15)],
    ['ranked page of 100 (relevance)', (q) => repo.search(filter(q), null, 0, 100)],
    [
      'service call, page of 15: hits and JSON',
      (q) =>
        service.videosSearch(
          { uid: SITE, searchOptions: {}, perms: {} } as never,
          { q, type: 'all', page: 0, limit: 15 } as never,
        ),
    ],
  ];
  const rows: ProfileRow[] = [];
  for (const [step, run] of steps) {
    for (const q of queries.slice(0, 5)) await run(q); // warm up
    const start = performance.now();
    for (const q of queries) await run(q);
    rows.push({ step, ms: (performance.now() - start) / queries.length });
  }
  return rows;
}

async function serve() {
  const engine = process.env.BENCH_SEARCH_ENGINE as Engine;
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-search-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(engine === 'postgres' ? { DATABASE_URL: PG_URL } : {}),
  });
  const db = openDatabase(config, { pgSchema: process.env.BENCH_SEARCH_SCHEMA });
  await migrateToLatest(db);
  const seedStart = performance.now();
  await seed(db);
  const seedMs = performance.now() - seedStart;
  const profileRows = await profile(db);
  const now = () => Date.now();
  const shipped = await buildApp({ config, db, logger: false });
  const uncached = await buildApp({
    config,
    db,
    logger: false,
    context: { search: createSearchService({ repo: createSearchRepository(db), now, cache: null }) },
  });
  const listen = async (app: typeof shipped) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  const ports = { shipped: await listen(shipped), uncached: await listen(uncached) };
  console.log(`READY ${JSON.stringify({ ports, seedMs, profile: profileRows } satisfies Ready)}`);
  process.on(
    'SIGTERM',
    () =>
      void Promise.all([shipped.close(), uncached.close()])
        .then(() => db.destroy())
        .then(() => rmSync(dataDir, { recursive: true, force: true }))
        .then(() => process.exit(0)),
  );
}

/** The query mix: what viewers type, with and without filters. */
function queryMix(): string[] {
  const r = prng(7);
  const at = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const types = ['movies', 'videos', 'series', 'events', 'episodes'];
  const sorts = ['publishedDate', '-publishedDate', 'title', '-title'];
  const mix: string[] = [];
  for (let i = 0; i < 400; i++) {
    const w = at(WORDS);
    const q = [w, w.slice(0, 3), `${w} ${at(WORDS)}`, `${w} ${at(WORDS).slice(0, 2)}`][i % 4]!;
    const params = new URLSearchParams({ q, limit: String(at([15, 70, 100])) });
    if (i % 3 === 0) params.set('type', at(types));
    if (i % 4 === 1) params.set('sort', at(sorts));
    if (i % 10 === 3) params.set('publishedWithin', at(['week', 'month', 'year']));
    if (i % 8 === 5) params.set('page', '1');
    mix.push(`/v2/sites/${SITE}/videos-search?${params}`);
  }
  return mix;
}

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });

type Row = { n: number; rps: number; p50: number; p95: number; p99: number; failed: number };

/** `clients` keep-alive clients on `port`, each sending the next path as soon as its answer came, for `secs`. */
async function load(port: number, next: () => string, secs: number, clients: number): Promise<Row> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
  const latencies: number[] = [];
  let failed = 0;
  const until = performance.now() + secs * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        const status = await get(next());
        latencies.push(performance.now() - start);
        if (status !== 200) failed++;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * p) - 1)]!;
  return {
    n: latencies.length,
    rps: latencies.length / secs,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    failed,
  };
}

async function body(port: number, path: string): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}${path}`)).text();
}

/** One statement on the shared PostgreSQL, for this run's own schema only. */
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** What the deadline must clean up: the server process and the PostgreSQL schema of the moment. */
const running: { child?: ChildProcess; schema?: string } = {};

async function measure(engine: Engine, seconds: number) {
  const schema = `bench_search_${process.pid}`;
  if (engine === 'postgres') {
    await admin(`CREATE SCHEMA ${schema}`);
    running.schema = schema;
  }
  try {
    const server = await startServer<Ready>('search.ts', {
      BENCH_SEARCH_ROLE: 'server',
      BENCH_SEARCH_ENGINE: engine,
      BENCH_SEARCH_SCHEMA: schema,
    });
    running.child = server.child;
    try {
      const { ports } = server.info;
      const mix = queryMix();
      let m = 0;
      const nextSearch = () => mix[m++ % mix.length]!;
      const r = prng(99);
      // Random public uids (every 50th row is private), so the catalog's 5-second response cache
      // rarely answers: a real primary-key read.
      const nextVideo = () => {
        let i = 0;
        while (i % 50 === 0) i = Math.floor(r() * VIDEOS);
        return `/v2/sites/${SITE}/videos/v${i}`;
      };
      // The kept answers are the database's answers: the same bytes from both apps.
      for (const path of mix.slice(0, 40))
        if ((await body(ports.shipped, path)) !== (await body(ports.uncached, path)))
          throw new Error(`${engine}: the cached answer differs for ${path}`);
      await load(ports.shipped, nextVideo, 2, CLIENTS); // warm up (JIT, page cache)
      await load(ports.uncached, nextSearch, 2, CLIENTS);
      const baseline = await load(ports.shipped, nextVideo, seconds, CLIENTS);
      // Steady state of a catalog whose searches repeat: the mix asked once before (kept a minute).
      const warm = [...mix];
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let path = warm.pop(); path; path = warm.pop()) await body(ports.shipped, path);
        }),
      );
      const shipped = await load(ports.shipped, nextSearch, seconds, CLIENTS);
      const uncached = await load(ports.uncached, nextSearch, seconds, CLIENTS);
      const alone = await load(ports.uncached, nextSearch, seconds, 1);
      return { engine, server: server.info, baseline, shipped, uncached, alone };
    } finally {
      await stop(server.child);
    }
  } finally {
    if (engine === 'postgres') await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    running.schema = undefined;
  }
}

async function drive() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 6);
  const watchdog = setTimeout(() => {
    console.error(`bench:search took over ${DEADLINE_MS / 60_000} minutes; stopped.`);
    running.child?.kill('SIGKILL');
    void (running.schema ? admin(`DROP SCHEMA IF EXISTS ${running.schema} CASCADE`) : Promise.resolve())
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(1));
  }, DEADLINE_MS);
  watchdog.unref();
  const engines: Engine[] = ['sqlite'];
  if (process.env.BENCH_SEARCH_POSTGRES !== '0' && (await reachable(Number(new URL(PG_URL).port || 5432))))
    engines.push('postgres');
  else console.log('PostgreSQL does not answer on 127.0.0.1:5432: SQLite only.');
  const ms = (x: number) => x.toFixed(1);
  let failed = 0;
  for (const engine of engines) {
    const x = await measure(engine, seconds);
    console.log(
      `\n## ${engine}: ${VIDEOS.toLocaleString('en')} videos seeded in ${(x.server.seedMs / 1000).toFixed(1)} s; ${seconds} s per row; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    console.log('Where a search spends its time (mean per query, one at a time, no HTTP):\n');
    console.log('| step | ms |');
    console.log('|---|---:|');
    for (const p of x.server.profile) console.log(`| ${p.step} | ${p.ms.toFixed(2)} |`);
    console.log(
      '\n| endpoint | clients | requests | req/s | p50 (ms) | p95 (ms) | p99 (ms) | req/s ratio to baseline |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const [name, row, clients] of [
      ['GET /v2/sites/{site}/videos/{uid} (baseline)', x.baseline, CLIENTS],
      ['videos-search, as shipped (answers kept, mix asked once before)', x.shipped, CLIENTS],
      ['videos-search, every call from the database', x.uncached, CLIENTS],
      ['videos-search, every call from the database', x.alone, 1],
    ] as const)
      console.log(
        `| ${name} | ${clients} | ${row.n} | ${Math.round(row.rps)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${(row.rps / x.baseline.rps).toFixed(2)} |`,
      );
    const ok = x.shipped.p95 <= GOAL_P95_MS && x.shipped.rps >= GOAL_RPS;
    console.log(
      `\n${engine}: search at ${CLIENTS} clients p95 ${ms(x.shipped.p95)} ms, ${Math.round(x.shipped.rps)} req/s (goal p95 <= ${GOAL_P95_MS} ms and >= ${GOAL_RPS} req/s): ${ok ? 'OK' : 'BELOW GOAL'}`,
    );
    failed += [x.baseline, x.shipped, x.uncached, x.alone].reduce((n, row) => n + row.failed, 0);
  }
  if (failed > 0) {
    console.error(`${failed} requests failed; the figures are not valid.`);
    process.exitCode = 1;
  }
}

// Last, so every constant above is initialised before either role runs.
if (process.env.BENCH_SEARCH_ROLE === 'server') await serve();
else await drive();
