// SIGKILL of the API server during progress writes, checkout and chat loses no acknowledged write
// and doubles none (issue 18, docs/faults.md). A seeded, bounded subset of `npm run bench:faults`:
// FAULT_KILLS kills (5) with FAULT_SEED (18). On SQLite in the embedded pass, on PostgreSQL in the
// PostgreSQL + Redis pass (DATABASE_URL).
import { expect, it } from 'vitest';
import { killDuringWrites } from './kill-writes';

const kills = Number(process.env.FAULT_KILLS ?? 5);
const seed = Number(process.env.FAULT_SEED ?? 18);

it(`loses no acknowledged write over ${kills} SIGKILLs of the server`, async () => {
  const report = await killDuringWrites({ kills, seed, databaseUrl: process.env.DATABASE_URL });
  expect(report.lost).toEqual([]);
  expect(report.doubled).toEqual([]);
  // The kills fell among writes: each kind was acknowledged, and some requests were cut.
  expect(report.acknowledged.progress).toBeGreaterThan(0);
  expect(report.acknowledged.chat).toBeGreaterThan(0);
  expect(report.acknowledged.checkout).toBeGreaterThan(0);
  expect(report.cut).toBeGreaterThan(0);
}, 600_000);
