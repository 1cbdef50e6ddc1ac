import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailures, runFuzz } from '../security/fuzz-run';
import { matrixMismatches } from '../security/matrix-run';
import { EXCLUDED, ROUTE_ACCESS } from '../security/route-access';
import { sendOverHttp } from '../security/transport';
import { securityWorld, type SecurityWorld } from '../security/world';
import { clusterAvailable, startTestCluster, type TestCluster } from '../support/cluster';

/**
 * The standing guards (test/security: the authorization matrix and the fuzz suite) against the
 * two-node cluster through nginx, as they run against one app in process: the same world (its
 * PostgreSQL schema, Redis prefix and secrets shared with the nodes), sent over HTTP. nginx takes
 * each principal's address from X-Forwarded-For (127.0.0.1 is listed as a trusted front), so
 * per-IP limits count them apart as in process. The fuzz runs fewer cases per route here
 * (CLUSTER_FUZZ_RUNS_PER_ROUTE, 3) to stay bounded in CI; `npm run bench:fuzz` runs thousands.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const RUNS_PER_ROUTE = Number(process.env.CLUSTER_FUZZ_RUNS_PER_ROUTE ?? 3);

let world: SecurityWorld;
let cluster: TestCluster;

describe.runIf(clusterAvailable())('the standing guards against two nodes behind nginx', () => {
  beforeAll(async () => {
    // The nodes run on the real clock: the world's tokens and purchases are made at the real time.
    world = await securityWorld({ startAt: Date.now() });
    cluster = await startTestCluster(world.h, { nodes: 2, workers: 0, realIpFrom: ['127.0.0.1'] });
  }, 300_000);
  afterAll(async () => {
    await cluster?.close();
    await world?.h.close();
  });

  it('answers every principal as route-access.ts says, from both nodes', async () => {
    const routes = world.routes.filter((r) => !(r.key in EXCLUDED) && r.key in ROUTE_ACCESS);
    expect(routes.length).toBeGreaterThan(100);
    const wrong = await matrixMismatches(world, routes, sendOverHttp(cluster.url));
    expect(wrong, `Answers through nginx that differ from route-access.ts:\n  ${wrong.join('\n  ')}`).toEqual(
      [],
    );
    // Both nodes answered; '-' is nginx's own answer (media at the edge, its refusals).
    const served = new Set(cluster.upstreamsServed().map((u) => u.answered));
    served.delete('-');
    expect(served.size).toBe(2);
  }, 480_000);

  it(`answers malformed requests with 4xx, in time, without writing (seed ${SEED})`, async () => {
    const report = await runFuzz(world, {
      seed: SEED,
      runsPerRoute: RUNS_PER_ROUTE,
      send: sendOverHttp(cluster.url),
    });
    expect(report.cases).toBeGreaterThanOrEqual(world.routes.length);
    expect(
      report.counts,
      `Failures through nginx (reproduce with FUZZ_SEED=${SEED}):\n${describeFailures(report.failures)}`,
    ).toEqual({ '5xx': 0, hang: 0, write: 0, error: 0, badToken: 0 });
  }, 480_000);
});
