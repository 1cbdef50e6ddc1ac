import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Harness } from '../harness';

const root = resolve(import.meta.dirname, '../../../..');

/** A free loopback port: listen on 0, note it, let it go. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await new Promise<number>((done) =>
    probe.listen(0, '127.0.0.1', () => done((probe.address() as AddressInfo).port)),
  );
  await new Promise((done) => probe.close(done));
  return port;
}

export type ServerProcess = {
  url: string;
  port: number;
  /** Sends SIGTERM and waits for the exit; answers the exit code. */
  stop: () => Promise<number | null>;
  /** Sends a signal without waiting (a drain test watches what happens meanwhile). */
  signal: (signal: NodeJS.Signals) => void;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** What it printed so far. */
  output: () => string;
};

/**
 * Another server process of the harness's deployment (the same database, secrets and Redis
 * prefix), started as production starts it: `node --import tsx apps/server/src/server.ts`. Ready
 * once it answers /healthz; `stop` sends SIGTERM and waits for it to exit. `env` adds variables,
 * `port` picks the port (a node taking over another's address).
 */
export async function startServerProcess(
  h: Harness,
  opts: { env?: Record<string, string>; port?: number } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...h.childEnv(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  const proc = {
    url,
    port,
    stop,
    exited,
    signal: (s: NodeJS.Signals) => child.kill(s),
    output: () => output,
  };
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return proc;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the second server process did not start:\n${output}`);
}
