#!/usr/bin/env node
// `npm test`: unit and server integration tests on the embedded defaults (SQLite, in-process bus),
// the server suites again on PostgreSQL and Redis when they answer on localhost, then the browser
// tests. Ends with one line "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { ensureDebianPackage } from './debian-packages.mjs';
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

function vitest(name, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const out = join(results, `${name}.json`);
  const res = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  if (res.status !== 0) failedRuns++;
}

// Media tests encode with the system ffmpeg; the npm-shipped fallback is too old for some of them.
if (only !== 'e2e') ensureDebianPackage('/usr/bin/ffmpeg', 'ffmpeg', 'media encoding in the tests');

if (!only || only === 'unit') vitest('unit-and-server', []);

if (!only || only === 'services') {
  const [pg, redis] = await Promise.all([reachable(5432), reachable(6379)]);
  if (pg && redis) {
    vitest('server-on-postgres-redis', ['apps/server/test'], {
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    });
  } else {
    console.log('\nPostgreSQL and Redis are not both reachable on localhost: their pass is skipped.');
  }
}

if (!only || only === 'e2e') {
  if (ensureDebianPackage('/usr/bin/chromium', 'chromium', 'the browser tests'))
    vitest('e2e', ['--config', 'e2e/vitest.config.ts']);
  else {
    console.error('✖ Browser tests need /usr/bin/chromium (apt-get install chromium).');
    failedRuns++;
  }
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedRuns > 0 || totals.failed > 0 ? 1 : 0);
