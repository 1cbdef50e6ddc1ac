import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../plugins/config';
import { migrateOnce, startCluster, type Cluster, type ClusterProcess } from './cluster-processes';

const USAGE = `Usage: npm run cluster -- [--nodes N] [--workers M] [--port P] [--demo]
  Needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis). N API nodes (2), M transcoding workers (1)
  and nginx on port P (8080) in front; --demo seeds the demo sites first (npm run seed).`;

/**
 * `npm run cluster` (decision 0087): the cluster shape on one host. Migrates once, starts the API
 * nodes and workers as processes and nginx (Debian's, not a daemon, in a temp prefix) in front,
 * prints the URL; Ctrl-C stops everything. Every process shares DATA_DIR (secrets and media).
 */
async function main(): Promise<number> {
  let o;
  try {
    o = parseArgs({
      options: {
        nodes: { type: 'string', default: '2' },
        workers: { type: 'string', default: '1' },
        port: { type: 'string', default: process.env.PORT ?? '8080' },
        demo: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (o.help) return (console.log(USAGE), 0);
  const count = (name: string, value: string, min: number, max: number) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max)
      throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  let nodes: number, workers: number, port: number;
  try {
    nodes = count('nodes', o.nodes, 1, 64);
    workers = count('workers', o.workers, 0, 64);
    port = count('port', o.port, 1, 65535);
    if (port < 1024 && process.getuid?.() !== 0) throw new Error('--port below 1024 needs root');
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
  if (missing.length > 0) {
    console.error(
      `The cluster needs PostgreSQL and Redis, which every node shares: set ${missing.join(' and ')} ` +
        `(e.g. DATABASE_URL=postgres://user@127.0.0.1:5432/marquee REDIS_URL=redis://127.0.0.1:6379).\n` +
        `One machine without them: npm start.`,
    );
    return 2;
  }
  // Validates the environment and writes the shared secrets into DATA_DIR before any node reads them.
  const config = loadConfig();
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn', ...process.env, DATA_DIR: config.dataDir };
  const step = (text: string) => console.log(`\n▶ ${text}`);
  const tsx = (script: string) => ['--import', 'tsx', script];
  if (o.demo) {
    step('Migrating and seeding the demo sites (media is made once and cached under DATA_DIR)');
    const seeded = spawnSync(process.execPath, tsx('apps/server/src/cli/seed.ts'), { env, stdio: 'inherit' });
    if (seeded.status !== 0) return 1;
  } else {
    step('Migrating the database (once, before any node starts)');
    console.log(migrateOnce(env));
  }

  step(`Starting ${nodes} API node(s), ${workers} worker(s) and nginx on port ${port}`);
  const prefix = mkdtempSync(join(tmpdir(), 'marquee-nginx-'));
  // Ctrl-C while the parts start stops those already spawned.
  const group: ClusterProcess[] = [];
  const interrupt = () => void Promise.all(group.map((p) => p.stop()));
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  let cluster: Cluster;
  try {
    cluster = await startCluster({ env, nodes, workers, prefix, port, echo: process.stdout, group });
    process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
  } catch (err) {
    rmSync(prefix, { recursive: true, force: true });
    console.error(`\n✖ ${(err as Error).message}`);
    return 1;
  }
  const url = `http://localhost:${port}`;
  console.log(`
Marquee's cluster is running at ${url}/

  API nodes  ${cluster.nodes.map((n) => n.url).join(', ')}
  Workers    ${workers}
  nginx      prefix ${prefix} (access log: ${cluster.nginx.accessLog})
  Health     ${url}/healthz

Press Ctrl+C to stop.`);

  // Ctrl-C stops everything; so does the end of any part (the cluster is not whole any more).
  const stopping = new Promise<string>((done) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => done(signal));
    for (const p of [cluster.nginx, ...cluster.nodes, ...cluster.workers])
      void p.exited().then(() => done(`${p.name} exited`));
  });
  const why = await stopping;
  console.log(`\n${why}: stopping the cluster…`);
  await cluster.stop();
  rmSync(prefix, { recursive: true, force: true });
  return why.startsWith('SIG') ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
