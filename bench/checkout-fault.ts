// bench:checkout-fault — the server (its own process, SQLite on disk) takes 100 checkouts and is
// killed with SIGKILL at random points several times; each time it is restarted and the clients
// retry what failed with the same Idempotency-Key. The last start runs with the clock 3 minutes
// ahead, so reconcile (2-minute grace) settles every charge left without a purchase. Then: every
// test-gateway charge that succeeded has exactly one purchase, and no purchase lacks a charge.
// Exits non-zero on a violation. BENCH_KILLS sets the number of kills (5).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkout, verifyMoney } from './checkout-lib';
import { startServer, stop } from './lib';

const N = Number(process.env.BENCH_CHECKOUTS ?? 100);
const KILLS = Number(process.env.BENCH_KILLS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-fault-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const env = { BENCH_DATA_DIR: dataDir, BENCH_USERS: String(N), BENCH_PORT: String(port) };

const done = new Set<number>();
let tokens: string[] = [];
let cut = 0;
for (let round = 0; round < KILLS; round++) {
  const server = await startServer<{ port: number; tokens: string[] }>('checkout-server.ts', env);
  tokens = server.info.tokens;
  // Half of the buyers not served yet fire now; some of the rest stay for later rounds.
  const batch = Array.from({ length: N }, (_, n) => n).filter((n) => !done.has(n) && Math.random() < 0.6);
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  const inflight = Promise.all(
    batch.map(async (n) => {
      const r = await checkout(port, tokens[n]!, n, `fault-${n}`);
      if (r.status === 201) done.add(n);
      return r;
    }),
  );
  // Kill at a random point while the batch runs (10–250 ms in).
  await new Promise((r) => setTimeout(r, 10 + Math.random() * 240));
  const before = done.size;
  server.child.kill('SIGKILL');
  await exited;
  await inflight;
  cut += batch.length - (done.size - before);
  console.log(`round ${round + 1}: ${batch.length} fired, killed with ${done.size}/${N} done`);
}

// The last start: the clock is past reconcile's grace and the idempotency locks; reconcile runs
// when the app is ready, then the clients retry every checkout that never got its answer.
const last = await startServer<{ port: number; tokens: string[] }>('checkout-server.ts', {
  ...env,
  BENCH_CLOCK_SKEW_MS: String(3 * 60_000),
});
const before = await verifyMoney(dataDir);
console.log(
  `after restart + reconcile: gateway charges ${before.gatewayCharges}, purchases ${before.purchases}, ` +
    `pending without purchase ${before.unrecordedPending}, violations ${before.violations.length}`,
);
const retries = await Promise.all(
  Array.from({ length: N }, (_, n) => n)
    .filter((n) => !done.has(n))
    .map((n) => checkout(port, last.info.tokens[n]!, n, `fault-${n}`)),
);
await stop(last.child);
const after = await verifyMoney(dataDir);
const statuses = new Map<number, number>();
for (const r of retries) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
console.log(
  `\n${KILLS} SIGKILLs, ${cut} requests without a 201 before their kill; final retries: ${[...statuses].map(([s, c]) => `${s}×${c}`).join(', ') || 'none'}`,
);
console.log(
  `test-gateway charges ${after.gatewayCharges}, purchases ${after.purchases}, double charges ${after.doubleCharges}, lost purchases ${after.lostPurchases}`,
);
const violations = [...before.violations.map((v) => `after reconcile: ${v}`), ...after.violations];
if (retries.some((r) => r.status !== 201)) violations.push('a retry did not end in 201');
if (after.purchases !== N) violations.push(`${after.purchases} purchases for ${N} buyers`);
if (violations.length > 0) {
  console.error(`FAIL:\n  ${violations.join('\n  ')}`);
  console.error(`database kept in ${dataDir}`);
  process.exit(1);
}
console.log('OK: every charged order has exactly one purchase and no purchase lacks a charge');
// Kept on a failure (its path is printed) for a look; removed when all is well.
rmSync(dataDir, { recursive: true, force: true });
