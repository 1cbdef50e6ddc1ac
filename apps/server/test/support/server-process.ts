import { startApiNode } from '../../src/cli/cluster-processes';
import type { Harness } from '../harness';

/**
 * Another server process of the harness's deployment (the same database, secrets and Redis
 * prefix), started as production starts it: `node --import tsx apps/server/src/server.ts`, on a
 * free loopback port. Ready once it answers /readyz (or /healthz); `stop` sends SIGTERM and waits
 * for it to exit. A whole cluster with nginx in front: `startTestCluster` in ./cluster.ts.
 */
export async function startServerProcess(h: Harness): Promise<{ url: string; stop: () => Promise<void> }> {
  const node = await startApiNode('second server', { ...h.childEnv(), LOG_LEVEL: 'warn' });
  return { url: node.url, stop: () => node.stop() };
}
