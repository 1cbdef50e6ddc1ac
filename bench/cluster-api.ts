// `npm run bench:cluster`: the hot reads (site config, discover rows, a video, its play-url) through
// nginx over 2 API nodes against the same nginx over 1 node, in the same run, on loopback, on
// PostgreSQL and Redis (DATABASE_URL / REDIS_URL, else the local ones; a schema and key prefix of
// its own, dropped after). For each: the peak rate (BENCH_CONNECTIONS keep-alive clients for
// BENCH_SECONDS), then p99 at 70% of that peak (a fixed rate), and the cores the nodes and nginx
// used at the peak. The machine's load average is printed: the figures are only as quiet as it is.
import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  startApiNode,
  startNginx,
  type ApiNode,
  type NginxProcess,
} from '../apps/server/src/cli/cluster-processes';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { loadConfig } from '../apps/server/src/plugins/config';
import { seedBenchCatalog } from './bench-catalog';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** CPU seconds (user + system) a process and its children so far have used, from /proc. */
function cpuSeconds(pid: number): number {
  const ticks = (p: number) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      return 0;
    }
  };
  // nginx's workers are children of its master.
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children].reduce((sum, p) => sum + ticks(p), 0) / 100;
}

type Run = { rps: number; p99: number; errors: number; cores: number };

async function load(url: string, opts: { rate?: number }, pids: number[]): Promise<Run> {
  const before = pids.map(cpuSeconds);
  const started = Date.now();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
  });
  const elapsed = (Date.now() - started) / 1000;
  const used = pids.map(cpuSeconds).reduce((sum, t, i) => sum + t - before[i]!, 0);
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cores: used / elapsed,
  };
}

// A schema of its own, migrated and seeded before any node starts.
const schema = `bench_cluster_${process.pid}`;
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-cluster-'));
const prefixes = [
  mkdtempSync(join(tmpdir(), 'marquee-bench-nginx-')),
  mkdtempSync(join(tmpdir(), 'marquee-bench-nginx-')),
];
const nodeUrl = new URL(databaseUrl);
nodeUrl.searchParams.set('options', `-c search_path=${schema}`);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: nodeUrl.toString(),
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `bench:${process.pid}:`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  INLINE_JOBS: '',
  TRUST_PROXY: 'loopback',
};
const config = loadConfig(env);
const db = openDatabase(config, { pgSchema: schema });
const nodes: ApiNode[] = [];
const fronts: NginxProcess[] = [];
try {
  await migrateToLatest(db);
  const { site, videoUid } = await seedBenchCatalog(db);
  await db.destroy();

  nodes.push(...(await Promise.all([startApiNode('api-1', env), startApiNode('api-2', env)])));
  const upstream = (n: ApiNode) => `127.0.0.1:${n.port}`;
  // The same template, one nginx worker each: over node 1 alone, and over both.
  fronts.push(await startNginx(prefixes[0]!, { upstreams: [upstream(nodes[0]!)], accessLog: 'off' }));
  fronts.push(await startNginx(prefixes[1]!, { upstreams: nodes.map(upstream), accessLog: 'off' }));
  const [one, two] = fronts as [NginxProcess, NginxProcess];

  const paths: [string, string][] = [
    ['GET /v2/sites/{site}/config', `/v2/sites/${site}/config`],
    ['GET /api/assets/{tab}/discover (rows)', `/api/assets/demo-discover/discover?__site=${site}`],
    ['GET /v2/sites/{site}/videos/{uid}', `/v2/sites/${site}/videos/${videoUid}`],
    ['GET /v2/sites/{site}/videos/{uid}/play-url', `/v2/sites/${site}/videos/${videoUid}/play-url`],
  ];
  for (const [, path] of paths)
    for (const front of fronts) {
      const res = await fetch(`${front.url}${path}`);
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    }

  const load1 = loadavg()[0]!.toFixed(1);
  console.log(
    `Machine: ${cpus().length} cores, load average ${load1} at the start; ${seconds} s per run, ${connections} connections`,
  );
  const pidsOne = [nodes[0]!.child.pid!, one.child.pid!];
  const pidsTwo = [...nodes.map((n) => n.child.pid!), two.child.pid!];
  const rows: string[] = [];
  let errors = 0;
  for (const [name, path] of paths) {
    // Warm both (JIT, caches), then the peaks side by side, then each at 70% of its own peak.
    await load(`${one.url}${path}`, {}, []);
    await load(`${two.url}${path}`, {}, []);
    const peak1 = await load(`${one.url}${path}`, {}, pidsOne);
    const peak2 = await load(`${two.url}${path}`, {}, pidsTwo);
    const at1 = await load(`${one.url}${path}`, { rate: Math.round(peak1.rps * 0.7) }, pidsOne);
    const at2 = await load(`${two.url}${path}`, { rate: Math.round(peak2.rps * 0.7) }, pidsTwo);
    errors += peak1.errors + peak2.errors + at1.errors + at2.errors;
    rows.push(
      `| ${name} | ${peak1.rps} | ${peak2.rps} | ${peak1.rps ? (peak2.rps / peak1.rps).toFixed(2) : '—'} | ${at1.p99} | ${at2.p99} | ${peak1.cores.toFixed(2)} | ${peak2.cores.toFixed(2)} | ${peak1.cores ? Math.round(peak1.rps / peak1.cores) : '—'} |`,
    );
  }
  console.log(
    '\n| read | 1 node req/s | 2 nodes req/s | ratio | p99 at 70%, 1 node (ms) | p99 at 70%, 2 nodes (ms) | cores used, 1 node | cores used, 2 nodes | req/s per core, 1 node |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log(`\nLoad average at the end: ${loadavg()[0]!.toFixed(1)} (at the start ${load1}).`);
  if (errors > 0) {
    console.error(`${errors} requests failed: the figures are not valid.`);
    process.exitCode = 1;
  }
} finally {
  await Promise.all([...fronts, ...nodes].map((p) => p.stop()));
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  for (const dir of [dataDir, ...prefixes]) rmSync(dir, { recursive: true, force: true });
}
