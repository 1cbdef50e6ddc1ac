import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const root = join(import.meta.dirname, '..');

export type Measurement = { name: string; rps: number; p99Ms: number; errors: number; non2xx: number };

/** Loads one URL on loopback for `seconds` and returns the mean request rate and p99 latency. */
export async function measure(
  name: string,
  url: string,
  seconds: number,
  connections = 20,
  headers: Record<string, string> = {},
): Promise<Measurement> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, headers });
  return {
    name,
    rps: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Starts a bench server script in its own process (so load generator and server don't share a thread) and waits for its "READY <json>" line. */
export function startServer<T>(
  script: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; info: T }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench', script)], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      // Complete lines only: a long READY line (hundreds of tokens) arrives in several chunks.
      const line = buffer
        .split('\n')
        .slice(0, -1)
        .find((l) => l.startsWith('READY '));
      if (line) resolve({ child, info: JSON.parse(line.slice(6)) as T });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

/** Waits until the app server at `origin` answers /healthz (about 60 s at most, or until it exits). */
export async function waitHealthy(origin: string, server: ChildProcess): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(new URL('/healthz', origin))).ok) return;
    } catch {
      if (i > 240 || server.exitCode !== null) throw new Error('The server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function printTable(rows: Measurement[], baseline: Measurement) {
  console.log('\n| endpoint | req/s | p99 (ms) | ratio to hello-world | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps} | ${r.p99Ms} | ${(r.rps / baseline.rps).toFixed(2)} | ${r.errors + r.non2xx} |`,
    );
  }
}
