import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Harness } from '../harness';

const root = resolve(import.meta.dirname, '../../../..');

/**
 * Another server process of the harness's deployment (the same database, secrets and Redis
 * prefix), started as production starts it: `node --import tsx apps/server/src/server.ts`. Ready
 * once it answers /healthz; `stop` sends SIGTERM and waits for it to exit.
 */
export async function startServerProcess(h: Harness): Promise<{ url: string; stop: () => Promise<void> }> {
  // A free port: listen on 0, note it, let it go.
  const probe = createServer();
  const port = await new Promise<number>((done) =>
    probe.listen(0, '127.0.0.1', () => done((probe.address() as AddressInfo).port)),
  );
  await new Promise((done) => probe.close(done));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...h.childEnv(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, stop };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the second server process did not start:\n${output}`);
}
