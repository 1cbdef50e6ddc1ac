// What the fault scenarios share: a seeded random source, free ports, and the server and worker
// started as their own processes (SIGKILL-able, restartable on the same database).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { freePort } from '../../src/cli/cluster-processes';

const root = resolve(import.meta.dirname, '../../../..');
const serverDir = join(root, 'apps/server');

/** A seeded random source (mulberry32): a run with the same seed kills at the same moments. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export { freePort };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const bundles = new Map<string, Promise<string>>();

/**
 * The entry (`server.ts`, `cli/worker.ts`) bundled once per run, workspace packages included: the
 * same code production runs, but a restart loads one JavaScript file with plain node instead of
 * some 400 TypeScript files through tsx (seconds per restart on a busy machine, and a scenario
 * restarts a hundred times). Other packages stay outside the bundle, found from apps/server.
 */
function bundle(entry: string): Promise<string> {
  let out = bundles.get(entry);
  if (!out) {
    const dir = join(serverDir, 'node_modules/.cache/marquee-faults');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${entry.replaceAll('/', '-').replace(/\.ts$/, '')}-${process.pid}.mjs`);
    out = build({
      entryPoints: [join(serverDir, 'src', entry)],
      outfile: file,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Workspace packages (@marquee/*) are TypeScript sources: bundled; the rest stay packages.
      packages: 'external',
      alias: {
        '@marquee/domain': join(root, 'packages/domain/src/index.ts'),
        '@marquee/contract': join(root, 'packages/contract/src/index.ts'),
      },
      logLevel: 'warning',
    }).then(() => {
      process.once('exit', () => rmSync(file, { force: true }));
      return file;
    });
    bundles.set(entry, out);
  }
  return out;
}

export type NodeProcess = {
  child: ChildProcess;
  /** What it printed (stdout and stderr), for a failure's message. */
  output: () => string;
  /** Resolves with its exit code or signal once it has exited. */
  exited: Promise<number | string>;
  /** SIGKILL, to the whole process group (its ffmpeg children too): a node dying at once. */
  kill: () => Promise<number | string>;
  /** SIGTERM, then waits. */
  stop: () => Promise<number | string>;
};

/** Starts `entry` (relative to apps/server/src) with `env` as the only configuration. */
export async function startNode(entry: string, env: NodeJS.ProcessEnv): Promise<NodeProcess> {
  const file = await bundle(entry);
  let output = '';
  const child = spawn(process.execPath, [file], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  child.stderr?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? 'exited')),
  );
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, sig);
      } catch {
        child.kill(sig);
      }
    }
    return exited;
  };
  return {
    child,
    output: () => output,
    exited,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

/**
 * The API server (`server.ts`) on a free port of loopback, ready once /healthz answers 200; with
 * `ready: false` it is only waited for until it listens (a database that is down answers 503).
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  opts: { ready?: boolean; timeoutMs?: number } = {},
): Promise<NodeProcess & { url: string; port: number }> {
  const port = await freePort();
  const proc = await startNode('server.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    const status = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200 || (status !== 0 && opts.ready === false)) return { ...proc, url, port };
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) break;
    await sleep(100);
  }
  await proc.kill();
  throw new Error(`the server did not start:\n${proc.output()}`);
}
