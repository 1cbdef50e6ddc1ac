import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NGINX_BINARY, startCluster, type Cluster } from '../../src/cli/cluster-processes';
import type { Harness } from '../harness';

export { NGINX_BINARY };

/** Whether the cluster can run here: PostgreSQL and Redis configured (the services pass) and nginx. */
export const clusterAvailable = () =>
  Boolean(process.env.DATABASE_URL && process.env.REDIS_URL) && existsSync(NGINX_BINARY);

export type TestCluster = Cluster & {
  /**
   * The node that answered each request nginx logged so far (`host:port`; the last one nginx
   * tried, when a first one failed), and every node tried (`tried`).
   */
  upstreamsServed: () => { answered: string; tried: string[] }[];
  close: () => Promise<void>;
};

/**
 * The cluster shape as processes (the same entrypoints as `npm run cluster` and compose.yaml) over
 * the harness's deployment: its PostgreSQL schema, data folder, secrets and Redis prefix. `nodes`
 * API nodes, `workers` workers and nginx on loopback. `realIpFrom` lists the callers nginx takes
 * X-Forwarded-For from (a test that plays many clients names 127.0.0.1). `close` stops them all
 * and removes nginx's prefix.
 */
export async function startTestCluster(
  h: Harness,
  opts: { nodes?: number; workers?: number; realIpFrom?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<TestCluster> {
  const prefix = mkdtempSync(join(tmpdir(), 'marquee-test-nginx-'));
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      env: { ...h.childEnv(), ...opts.env },
      nodes: opts.nodes ?? 2,
      workers: opts.workers ?? 1,
      prefix,
      realIpFrom: opts.realIpFrom,
    });
  } catch (err) {
    rmSync(prefix, { recursive: true, force: true });
    throw err;
  }
  return {
    ...cluster,
    upstreamsServed: () =>
      [...readFileSync(cluster.nginx.accessLog, 'utf8').matchAll(/ upstream="([^"]*)"/g)].map((m) => {
        // nginx writes the nodes it tried in turn as "a, b".
        const tried = m[1]!.split(/, | : /);
        return { answered: tried.at(-1)!, tried };
      }),
    async close() {
      await cluster.stop();
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
