import { freePort, startApiNode } from '../../src/cli/cluster-processes';
import type { Harness } from '../harness';

export { freePort };

export type ServerProcess = {
  url: string;
  port: number;
  /** Sends SIGTERM and waits for the exit; answers the exit code. */
  stop: () => Promise<number | null>;
  /** Sends a signal without waiting (a drain test watches what happens meanwhile). */
  signal: (signal: NodeJS.Signals) => void;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** What it printed so far (the last 64 KiB). */
  output: () => string;
};

/**
 * Another server process of the harness's deployment (the same database, secrets and Redis
 * prefix), started as production starts it (`startApiNode`: `node --import tsx
 * apps/server/src/server.ts`), ready once it answers /readyz. `env` adds variables, `port` picks
 * the port (a node taking over another's address). A whole cluster with nginx in front:
 * `startTestCluster` in ./cluster.ts.
 */
export async function startServerProcess(
  h: Harness,
  opts: { env?: Record<string, string>; port?: number } = {},
): Promise<ServerProcess> {
  const node = await startApiNode(
    'server process',
    { ...h.childEnv(), LOG_LEVEL: 'warn', ...opts.env },
    { port: opts.port },
  );
  const exited = node.exited().then(() => node.child.exitCode);
  return {
    url: node.url,
    port: node.port,
    stop: () => node.stop().then(() => node.child.exitCode),
    signal: (signal) => void node.child.kill(signal),
    exited,
    output: node.output,
  };
}
