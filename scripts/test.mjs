#!/usr/bin/env node
// `npm test`: unit and server integration tests on the embedded defaults (SQLite, in-process bus),
// the server suites again on PostgreSQL and Redis when they answer on localhost (with the cluster
// tests: API nodes, a worker and nginx as processes), then the browser tests. Ends with one line
// "Tests: N passed, N failed".
//
// The two server passes run side by side, with the clients' production build: each alone leaves
// about half of the machine idle (its tests wait on timers, sockets and ffmpeg), and neither shares
// files, ports or databases with the other. The second pass's output is printed when it ends. The
// browser tests run alone afterwards, so that a busy machine never slows a real video under test.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { ensureDebianPackage, ensureNginxWithJs } from './debian-packages.mjs';
import { ensureInstalled } from './install.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const only = process.argv[2]; // optional: unit | services | e2e
ensureInstalled(root);

const reachable = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 1000 });
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedRuns = 0;

/**
 * Runs `command` (env: `base` plus `env`). Its output goes to ours, or to `log`, printed when it ends
 * (`quiet`: only if it failed). Resolves its exit code.
 */
function run(name, command, args, { env = {}, base = process.env, log, quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...base, ...env },
  });
  const file = log && createWriteStream(log);
  if (file) {
    child.stdout.pipe(file, { end: false });
    child.stderr.pipe(file, { end: false });
  }
  return new Promise((resolve) =>
    child.once('close', (code) => {
      if (!file) return resolve(code);
      file.end(() => {
        if (quiet && code === 0) console.log(`\n✓ ${name} (its output: ${log})`);
        else {
          console.log(`\n━━ ${name} (output of the run beside the others) ━━`);
          process.stdout.write(readFileSync(log, 'utf8'));
        }
        resolve(code);
      });
    }),
  );
}

async function vitest(name, args, options = {}) {
  if (!options.log) console.log(`\n━━ ${name} ━━`);
  const out = join(results, `${name}.json`);
  const status = await run(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    options,
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  if (status !== 0) failedRuns++;
}

async function postgresRedisPass() {
  const [pg, redis] = await Promise.all([reachable(5432), reachable(6379)]);
  if (!pg || !redis) {
    console.log('\nPostgreSQL and Redis are not both reachable on localhost: their pass is skipped.');
    return;
  }
  await vitest('server-on-postgres-redis', ['apps/server/test'], {
    env: {
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
    log: only ? undefined : join(results, 'server-on-postgres-redis.log'),
  });
}

/**
 * What the browser tests' global setup would otherwise do first, alone: the clients' production build
 * (vitest sets NODE_ENV=test) and the demo site seeded into their data directory, media encoded.
 */
async function prepareBrowserTests() {
  const build = await run('build', 'npm', ['run', 'build'], {
    env: { NODE_ENV: 'production' },
    log: join(results, 'build.log'),
    quiet: true,
  });
  const env = { DATA_DIR: process.env.E2E_DATA_DIR ?? join(root, 'data/e2e'), LOG_LEVEL: 'warn' };
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...rest } = process.env;
  const seed = await run('seed', 'npx', ['tsx', 'apps/server/src/cli/seed.ts'], {
    env,
    base: rest,
    log: join(results, 'seed.log'),
    quiet: true,
  });
  if (build !== 0 || seed !== 0) failedRuns++;
}

// Media tests encode with the system ffmpeg; the npm-shipped fallback is too old for some of them.
if (only !== 'e2e') ensureDebianPackage('/usr/bin/ffmpeg', 'ffmpeg', 'media encoding in the tests');
// The media edge and cluster tests put Debian's nginx, with its njs module, in front.
if (only !== 'e2e') ensureNginxWithJs('the media edge and cluster tests');
// compose.yaml is checked by the compose CLI (no daemon needed) where Docker's CLI is installed
// without its compose plugin: Debian's docker-compose, without the daemon it only recommends.
const succeeds = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
if (only !== 'e2e' && succeeds('docker', ['--version']) && !succeeds('docker', ['compose', 'version']))
  ensureDebianPackage('/usr/bin/docker-compose', 'docker-compose', 'checking compose.yaml', {
    recommends: false,
  });
const browser =
  (!only || only === 'e2e') && ensureDebianPackage('/usr/bin/chromium', 'chromium', 'the browser tests');

await Promise.all([
  (!only || only === 'unit') && vitest('unit-and-server', []),
  (!only || only === 'services') && postgresRedisPass(),
  !only && browser && prepareBrowserTests(),
]);

if (!only || only === 'e2e') {
  if (browser) await vitest('e2e', ['--config', 'e2e/vitest.config.ts']);
  else {
    console.error('✖ Browser tests need /usr/bin/chromium (apt-get install chromium).');
    failedRuns++;
  }
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedRuns > 0 || totals.failed > 0 ? 1 : 0);
