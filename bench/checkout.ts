// bench:checkout — 200 concurrent checkouts with the test gateway against the real server on
// loopback (embedded SQLite, its own process), a quarter of them sent twice at once with the same
// Idempotency-Key (a client retry), next to GET /readyz (one SELECT) fired the same way in the same run. Then
// the database is checked: zero double charges, zero lost purchases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkout, percentile, verifyMoney } from './checkout-lib';
import { startServer, stop } from './lib';

const N = Number(process.env.BENCH_CHECKOUTS ?? 200);
const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-checkout-'));
const server = await startServer<{ port: number; tokens: string[] }>('checkout-server.ts', {
  BENCH_DATA_DIR: dataDir,
  BENCH_USERS: String(N),
});
const { port, tokens } = server.info;

async function readyz() {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/readyz`);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

// Warm-up (JIT, prepared statements) with the baseline endpoint only.
await Promise.all(Array.from({ length: 50 }, readyz));

const t0 = performance.now();
const base = await Promise.all(Array.from({ length: N }, readyz));
const baseSeconds = (performance.now() - t0) / 1000;

const t1 = performance.now();
const results = await Promise.all(
  Array.from({ length: N }, async (_, n) => {
    const key = `bench-${n}`;
    // Every 4th buyer's client retries at once with the same key (double submit / network retry).
    const sends =
      n % 4 === 0
        ? [checkout(port, tokens[n]!, n, key), checkout(port, tokens[n]!, n, key)]
        : [checkout(port, tokens[n]!, n, key)];
    const all = await Promise.all(sends);
    // A retry refused while the first is running (409 requestInProgress) is sent again after it.
    if (all.some((r) => r.status === 409)) all.push(await checkout(port, tokens[n]!, n, key));
    return all;
  }),
);
const seconds = (performance.now() - t1) / 1000;
await stop(server.child);

const first = results.map((r) => r[0]!);
const ok = results.filter((r) => r.some((x) => x.status === 201)).length;
const money = await verifyMoney(dataDir);
const p99 = percentile(
  first.map((r) => r.ms),
  99,
);
const baseP99 = percentile(
  base.map((r) => r.ms),
  99,
);
const rps = N / seconds;
const baseRps = N / baseSeconds;
console.log(`\n| burst of ${N} concurrent | req/s | p99 (ms) | ratio to /readyz (req/s) |`);
console.log('|---|---:|---:|---:|');
console.log(`| GET /readyz | ${baseRps.toFixed(0)} | ${baseP99.toFixed(0)} | 1.00 |`);
console.log(
  `| POST /api/payment/subscribe | ${rps.toFixed(0)} | ${p99.toFixed(0)} | ${(rps / baseRps).toFixed(3)} |`,
);
console.log(
  `\ncheckouts: ${N} (${results.filter((r) => r.length > 1).length} sent twice with the same key), ${ok} succeeded; ` +
    `test-gateway charges ${money.gatewayCharges}, purchases ${money.purchases}, double charges ${money.doubleCharges}, lost purchases ${money.lostPurchases}`,
);
const statuses = new Map<number, number>();
for (const r of results.flat()) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
console.log(`answers: ${[...statuses].map(([s, c]) => `${s}×${c}`).join(', ')}`);
if (money.violations.length > 0 || ok !== N) {
  console.error(
    `FAIL: ${[...money.violations, ok !== N ? `${N - ok} checkouts did not succeed` : ''].filter(Boolean).join('; ')}`,
  );
  console.error(`database kept in ${dataDir}`);
  process.exit(1);
}
console.log('OK: zero double charges, zero lost purchases');
// Kept on a failure (its path is printed) for a look; removed when all is well.
rmSync(dataDir, { recursive: true, force: true });
