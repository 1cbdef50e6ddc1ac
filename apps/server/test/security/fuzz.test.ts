import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailures, runFuzz } from './fuzz-run';
import { securityWorld, type SecurityWorld } from './world';

/**
 * Property-based fuzzing of every registered route (fast-check, fixed seed, bounded runs): malformed
 * params, queries and bodies from the contract schemas, anonymous and signed in, must never answer
 * 5xx, never hang, and never write when they answer 4xx. `npm run bench:fuzz` runs 10,000+ cases.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 12);

let world: SecurityWorld;
beforeAll(async () => {
  world = await securityWorld();
});
afterAll(async () => {
  await world.h.close();
});

describe('route fuzzing', () => {
  it(`answers malformed requests with 4xx, in time, without writing (seed ${SEED})`, async () => {
    const report = await runFuzz(world, { seed: SEED, runsPerRoute: RUNS_PER_ROUTE });
    expect(report.cases).toBeGreaterThanOrEqual(world.routes.length);
    expect(
      report.counts,
      `Failures (reproduce with FUZZ_SEED=${SEED}):\n${describeFailures(report.failures)}`,
    ).toEqual({
      '5xx': 0,
      hang: 0,
      write: 0,
      error: 0,
      badToken: 0,
    });
  }, 120_000);
});
