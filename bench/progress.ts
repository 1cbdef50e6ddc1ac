// `npm run bench:progress`: 500 signed-in viewers each saving their watch progress every 10 s (POST
// /v2/me/sites/{site}/history-progress, one report per call, as a player flushing on a timer would),
// against the same schedule of GET /readyz (one SELECT) in the same run. Goal (issue 5): p99 < 50 ms.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startServer, stop } from './lib';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 500);
const PERIOD_MS = 10_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const GOAL_P99_MS = 50;

type Info = { port: number; site: string; videoUid: string; tokens: string[] };
const server = await startServer<Info>('app-server.ts', { BENCH_USERS: String(VIEWERS) });
const { port, site, videoUid, tokens } = server.info;
const agent = new Agent({ keepAlive: true, maxSockets: 200 });

function send(method: string, path: string, token: string | null, body: object | null) {
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Every viewer fires every PERIOD_MS, spread evenly over the period, for SECONDS. */
async function phase(
  name: string,
  call: (viewer: number, tick: number) => Promise<{ status: number; ms: number }>,
) {
  const latencies: number[] = [];
  let failed = 0;
  const calls: Promise<void>[] = [];
  const ticks = Math.max(1, Math.round((SECONDS * 1000) / PERIOD_MS));
  const start = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    for (let v = 0; v < VIEWERS; v++) {
      const at = tick * PERIOD_MS + (v * PERIOD_MS) / VIEWERS;
      calls.push(
        new Promise<void>((resolve) =>
          setTimeout(
            () =>
              void call(v, tick)
                .then((r) => (r.status < 300 ? latencies.push(r.ms) : failed++))
                .catch(() => failed++)
                .finally(resolve),
            Math.max(0, at - (performance.now() - start)),
          ),
        ),
      );
    }
  }
  await Promise.all(calls);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  const seconds = (performance.now() - start) / 1000;
  return {
    name,
    requests: latencies.length,
    failed,
    rps: latencies.length / seconds,
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
  };
}

try {
  const progressPath = `/v2/me/sites/${site}/history-progress`;
  // Warm: JIT, the catalog read cache, SQLite pages.
  await Promise.all(
    tokens
      .slice(0, 50)
      .map((t) => send('POST', progressPath, t, { history: [{ id: videoUid, progress: 1 }] })),
  );
  const baseline = await phase('GET /readyz (baseline)', () => send('GET', '/readyz', null, null));
  const saves = await phase(`POST history-progress (${VIEWERS} viewers / 10 s)`, (v, tick) =>
    send('POST', progressPath, tokens[v]!, {
      history: [{ id: videoUid, progress: 5 + tick * 10 + (v % 7) }],
    }),
  );
  console.log('\n| calls | requests | failed | req/s | p50 ms | p95 ms | p99 ms | p99 ratio to baseline |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of [baseline, saves]) {
    console.log(
      `| ${r.name} | ${r.requests} | ${r.failed} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.p99 / baseline.p99).toFixed(2)} |`,
    );
  }
  const ok = saves.failed === 0 && saves.p99 < GOAL_P99_MS;
  console.log(
    ok
      ? `\nGoal met: p99 ${saves.p99.toFixed(1)} ms < ${GOAL_P99_MS} ms`
      : `\nBELOW GOAL (p99 < ${GOAL_P99_MS} ms, no failures)`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  agent.destroy();
  await stop(server.child);
}
