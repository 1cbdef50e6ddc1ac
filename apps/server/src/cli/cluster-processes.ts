import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { loadConfig } from '../plugins/config';

/**
 * The cluster shape as processes on one host (decision 0087): N API nodes (`server.ts`), M workers
 * (`cli/worker.ts`) and nginx (Debian's package) in front, from `deploy/nginx/nginx.conf`. Used by
 * `npm run cluster`, the cluster tests and the API bench; compose.yaml runs the same entrypoints.
 */

export const repoRoot = resolve(import.meta.dirname, '../../../..');
export const NGINX_TEMPLATES = join(repoRoot, 'deploy/nginx');
export const NGINX_BINARY = '/usr/sbin/nginx';
/** The scripts each part runs (compose.yaml and the Dockerfile name the same ones). */
export const ENTRYPOINTS = {
  server: 'apps/server/src/server.ts',
  worker: 'apps/server/src/cli/worker.ts',
  migrate: 'apps/server/src/cli/migrate.ts',
} as const;

/** A child process of the cluster, its output kept (the last 64 KiB) for error messages. */
export type ClusterProcess = {
  name: string;
  child: ChildProcess;
  /** The last output lines, for a failure's message. */
  output: () => string;
  /** Resolves once the process exited (at once if it already has). */
  exited: () => Promise<void>;
  /** Sends `signal` (SIGTERM: a graceful stop) and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

export type ApiNode = ClusterProcess & { url: string; port: number };

/** Starts `node --import tsx <script>` (as `npm start` does) from the repository root. */
export function startNodeProcess(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  opts: StartOptions = {},
): ClusterProcess {
  return track(
    name,
    spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    opts,
  );
}

/**
 * echo: where each output line goes, prefixed with the process's name (kept only otherwise).
 * group: every process is added to it as soon as it is spawned, so a caller interrupted while
 * waiting for one to be ready can stop them all.
 */
export type StartOptions = { echo?: NodeJS.WritableStream; group?: ClusterProcess[] };

function track(name: string, child: ChildProcess, { echo, group }: StartOptions): ClusterProcess {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64 * 1024);
    if (echo) for (const line of chunk.toString().split('\n')) if (line) echo.write(`[${name}] ${line}\n`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
  const proc: ClusterProcess = {
    name,
    child,
    output: () => output,
    exited: () => exit,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exit;
    },
  };
  group?.push(proc);
  return proc;
}

/** A port free on 127.0.0.1 right now (listen on 0, note it, let it go). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await new Promise<number>((done) =>
    probe.listen(0, '127.0.0.1', () => done((probe.address() as AddressInfo).port)),
  );
  await new Promise((done) => probe.close(done));
  return port;
}

/**
 * Waits until `origin` is ready: /readyz answers 200 (database, Redis), or, on a server without
 * /readyz, /healthz does. Fails when `proc` exits first or after `timeoutMs`.
 */
export async function waitReady(origin: string, proc: ClusterProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) break;
    const ready = await fetch(`${origin}/readyz`).then(
      async (r) => r.ok || (r.status === 404 && (await fetch(`${origin}/healthz`)).ok),
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${proc.name} did not become ready at ${origin}:\n${proc.output()}`);
}

/** Starts one API node on 127.0.0.1:`port` (a free one by default) and waits until it is ready. */
export async function startApiNode(
  name: string,
  env: NodeJS.ProcessEnv,
  opts: StartOptions & { port?: number } = {},
): Promise<ApiNode> {
  const port = opts.port ?? (await freePort());
  const proc = startNodeProcess(
    name,
    ENTRYPOINTS.server,
    { ...env, PORT: String(port), HOST: '127.0.0.1' },
    opts,
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, proc);
  } catch (err) {
    await proc.stop('SIGKILL');
    throw err;
  }
  return { ...proc, url, port };
}

/** Starts one transcoding worker (`npm run worker`) on the job queue; ready once it polls. */
export async function startWorker(
  name: string,
  env: NodeJS.ProcessEnv,
  opts: StartOptions = {},
): Promise<ClusterProcess> {
  // Its start line (info) is how readiness is seen, whatever level the nodes log at.
  const proc = startNodeProcess(name, ENTRYPOINTS.worker, { ...env, LOG_LEVEL: 'info' }, opts);
  const deadline = Date.now() + 120_000;
  while (!/polling for jobs/.test(proc.output())) {
    if (proc.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${name} did not start:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

/** Runs `cli/migrate.ts` once against `env`'s database; throws with its output when it fails. */
export function migrateOnce(env: NodeJS.ProcessEnv): string {
  const res = spawnSync(process.execPath, ['--import', 'tsx', ENTRYPOINTS.migrate], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`Migrating failed:\n${res.stdout}${res.stderr}`);
  return res.stdout.trim();
}

export type NginxValues = {
  /** `host:port` nginx listens on. */
  listen: string;
  /** `host:port` of each API node. */
  upstreams: string[];
  /** Addresses or CIDRs of load balancers in front of nginx whose X-Forwarded-For is believed. */
  realIpFrom?: string[];
  /** The access log's file (under the prefix by default), or 'off'. */
  accessLog?: string;
  workerProcesses?: number | 'auto';
  /** Where media.conf serves from: the media folder, a bucket's `host:port`, or nothing (the nodes serve /media/). */
  media?: { root: string } | { s3: string };
};

/** The server-level lines that put media.conf and its store in the server block. */
export function nginxMedia(media: NginxValues['media']): { server: string; upstream: string } {
  if (!media) return { server: '', upstream: '' };
  if ('root' in media)
    return {
      server: `set $marquee_media_root ${media.root}; include media-store-disk.conf; include media.conf;`,
      upstream: '',
    };
  return {
    server: 'include media-store-s3.conf; include media.conf;',
    upstream: `upstream marquee_s3 { server ${media.s3}; keepalive 16; }`,
  };
}

/** The template's placeholders, as compose.yaml sets them in the nginx container's environment. */
export function nginxVariables(v: NginxValues): Record<string, string> {
  return {
    NGINX_LISTEN: v.listen,
    NGINX_UPSTREAM_SERVERS: v.upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=5s;`).join(' '),
    NGINX_REAL_IP_FROM: (v.realIpFrom ?? []).map((a) => `set_real_ip_from ${a};`).join(' '),
    NGINX_ACCESS_LOG: v.accessLog === 'off' ? 'off' : `${v.accessLog ?? 'access.log'} marquee`,
    NGINX_WORKER_PROCESSES: String(v.workerProcesses ?? 1),
    // Workers that read the data folder as the nodes do (it is private to its user).
    NGINX_USER: process.getuid?.() === 0 ? 'user root root;' : '',
    NGINX_MEDIA: nginxMedia(v.media).server,
    NGINX_MEDIA_UPSTREAM: nginxMedia(v.media).upstream,
  };
}

/**
 * Fills `${NAME}` placeholders (upper-case names, as envsubst in the nginx image does for defined
 * variables); a placeholder with no value is an error rather than a config nginx misreads.
 */
export function renderTemplate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`nginx template: no value for \${${name}}`);
    return value;
  });
}

/**
 * Renders every template of deploy/nginx into `prefix` (`*.conf` filled, other files copied as they
 * are): nginx.conf, and media.conf with its scripts where the deployment has them.
 */
export function renderNginxPrefix(prefix: string, values: NginxValues, templates = NGINX_TEMPLATES): string {
  mkdirSync(prefix, { recursive: true });
  // nginx's workers (nobody, under a root master) make their temp folders for large bodies here.
  chmodSync(prefix, 0o755);
  const vars = nginxVariables(values);
  for (const file of readdirSync(templates)) {
    const from = join(templates, file);
    if (file.endsWith('.conf'))
      writeFileSync(join(prefix, file), renderTemplate(readFileSync(from, 'utf8'), vars));
    else copyFileSync(from, join(prefix, file));
  }
  return join(prefix, 'nginx.conf');
}

export type NginxProcess = ClusterProcess & { url: string; port: number; prefix: string; accessLog: string };

/**
 * Starts Debian's nginx, not as a daemon, over `prefix` (rendered from deploy/nginx), after
 * `nginx -t` checked the config. Ready once it answers /healthz through to a node.
 */
export async function startNginx(
  prefix: string,
  values: Omit<NginxValues, 'listen'> & { port?: number; env?: Record<string, string | undefined> },
  opts: StartOptions = {},
): Promise<NginxProcess> {
  if (!existsSync(NGINX_BINARY))
    throw new Error(`${NGINX_BINARY} is missing: apt-get install nginx libnginx-mod-http-js`);
  const port = values.port ?? (await freePort());
  const conf = renderNginxPrefix(prefix, { ...values, listen: `127.0.0.1:${port}` });
  const args = ['-p', prefix, '-c', conf, '-e', 'stderr'];
  const env = { ...process.env, ...values.env };
  const check = spawnSync(NGINX_BINARY, [...args, '-t', '-q'], { encoding: 'utf8', env });
  if (check.status !== 0) throw new Error(`nginx refused its config:\n${check.stderr}`);
  const nginx = spawn(NGINX_BINARY, [...args, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const proc = track('nginx', nginx, opts);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, proc, 20_000);
  } catch (err) {
    await proc.stop('SIGKILL');
    throw err;
  }
  // SIGQUIT is nginx's graceful stop (SIGTERM is its fast one).
  const stop = (signal: NodeJS.Signals = 'SIGQUIT') => proc.stop(signal);
  return { ...proc, stop, url, port, prefix, accessLog: join(prefix, values.accessLog ?? 'access.log') };
}

export type Cluster = {
  url: string;
  nodes: ApiNode[];
  workers: ClusterProcess[];
  nginx: NginxProcess;
  /** Stops everything: nginx first (no new requests), then the nodes and workers (SIGTERM). */
  stop: () => Promise<void>;
};

/**
 * Starts `nodes` API nodes and `workers` workers with `env` (which must name the shared
 * PostgreSQL, Redis and data folder), then nginx in front of the nodes over `prefix`. The API
 * nodes run no job themselves (INLINE_JOBS=''): the workers take every job from the queue.
 * The caller migrates first (migrateOnce). Stops whatever started when a part fails.
 */
export async function startCluster(opts: {
  env: NodeJS.ProcessEnv;
  nodes: number;
  workers: number;
  prefix: string;
  port?: number;
  realIpFrom?: string[];
  echo?: NodeJS.WritableStream;
  /** Where the started processes are listed as they are spawned (StartOptions.group). */
  group?: ClusterProcess[];
}): Promise<Cluster> {
  const env: NodeJS.ProcessEnv = { INLINE_JOBS: '', TRUST_PROXY: 'loopback', ...opts.env };
  const started = opts.group ?? [];
  const start = { echo: opts.echo, group: started };
  const stopAll = () => Promise.all(started.map((p) => p.stop())).then(() => undefined);
  try {
    const nodes = await Promise.all(
      Array.from({ length: opts.nodes }, (_, i) => startApiNode(`api-${i + 1}`, env, start)),
    );
    const workers = await Promise.all(
      Array.from({ length: opts.workers }, (_, i) => startWorker(`worker-${i + 1}`, env, start)),
    );
    // nginx checks the nodes' media tokens and reads their store: their secret and settings.
    const config = loadConfig(env);
    // A bucket without S3_ENDPOINT (AWS itself, https) is left to the nodes: see media-store-s3.conf.
    const media = !config.s3
      ? { root: config.mediaDir }
      : config.s3.endpoint
        ? { s3: new URL(config.s3.endpoint).host }
        : undefined;
    const nginxEnv = Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('S3_')));
    const nginx = await startNginx(
      opts.prefix,
      {
        upstreams: nodes.map((n) => `127.0.0.1:${n.port}`),
        realIpFrom: opts.realIpFrom,
        port: opts.port,
        media,
        env: { ...nginxEnv, MEDIA_SECRET: config.mediaSecret },
      },
      start,
    );
    return {
      url: nginx.url,
      nodes,
      workers,
      nginx,
      async stop() {
        await nginx.stop();
        await stopAll();
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
