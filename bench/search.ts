// `npm run bench:search`: full-text search latency over a 50,000-video catalog. The real app runs in
// its own process (BENCH_SEARCH_ROLE=server) over a temporary SQLite file seeded in one transaction;
// the driver fires a mix of realistic queries (single words, prefixes, two words, with type filters,
// sorts and date filters) from one, then several keep-alive clients and reports p50/p95/p99 next to
// a baseline measured in the same run: GET /v2/sites/{site}/videos/{uid} over random uids (a primary-key read).
// Goal: search p95 < 50 ms.
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { newVideoRow } from '../apps/server/src/db/video-row';
import { newSiteRow } from '../apps/server/src/modules/sites/site-defaults';
import { loadConfig } from '../apps/server/src/plugins/config';
import { startServer, stop } from './lib';

const SITE = 'bench';
const VIDEOS = Number(process.env.BENCH_SEARCH_VIDEOS ?? 50_000);
/** Concurrent keep-alive clients (BENCH_CLIENTS). */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const GOAL_P95_MS = 50;

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

if (process.env.BENCH_SEARCH_ROLE === 'server') await serve();
else await drive();

async function serve() {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'marquee-bench-search-')),
    LOG_LEVEL: 'silent',
  });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await db.insertInto('sites').values(newSiteRow(SITE, 'Bench TV')).execute();
  const seedStart = performance.now();
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
  const seedMs = performance.now() - seedStart;
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`READY ${JSON.stringify({ port, seedMs })}`);
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => db.destroy())
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

async function drive() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const server = await startServer<{ port: number; seedMs: number }>('search.ts', {
    BENCH_SEARCH_ROLE: 'server',
  });
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.info.port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
  /** `clients` clients, each sending the next path as soon as its answer came, for `secs`. */
  const run = async (next: () => string, secs: number, clients = CLIENTS) => {
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
  };

  try {
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
    await run(nextVideo, 2); // warm up (JIT, page cache)
    await run(nextSearch, 2);
    // Alone (one client: the latency of a query) and under load (CLIENTS at once on the one event loop).
    const results = [];
    for (const clients of [1, CLIENTS]) {
      const baseline = await run(nextVideo, seconds, clients);
      const search = await run(nextSearch, seconds, clients);
      results.push({ clients, baseline, search });
    }
    const ms = (x: number) => x.toFixed(1);
    console.log(
      `\n${VIDEOS.toLocaleString('en')} videos seeded in ${(server.info.seedMs / 1000).toFixed(1)} s; ${seconds} s per row\n`,
    );
    console.log(
      '| endpoint | clients | requests | req/s | p50 (ms) | p95 (ms) | p99 (ms) | p95 ratio to baseline |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const { clients, baseline, search } of results)
      for (const [name, x] of [
        ['GET /v2/sites/{site}/videos/{uid} (baseline)', baseline],
        [`GET /v2/sites/{site}/videos-search (mix of ${mix.length})`, search],
      ] as const)
        console.log(
          `| ${name} | ${clients} | ${x.n} | ${Math.round(x.rps)} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.p99)} | ${(x.p95 / baseline.p95).toFixed(2)} |`,
        );
    console.log('');
    for (const { clients, search } of results)
      console.log(
        `Search p95 with ${clients} client(s): ${ms(search.p95)} ms (goal < ${GOAL_P95_MS} ms) ${search.p95 < GOAL_P95_MS ? 'OK' : 'ABOVE GOAL'}`,
      );
    const failed = results.reduce((n, x) => n + x.baseline.failed + x.search.failed, 0);
    if (failed > 0) {
      console.error(`${failed} requests failed; the figures are not valid.`);
      process.exitCode = 1;
    }
  } finally {
    agent.destroy();
    await stop(server.child);
  }
}
