// `npm run bench:lighthouse`: Lighthouse (mobile emulation, its default) on the web app's discover
// page in Debian's Chromium, next to a one-line static page measured in the same run (the machine's
// ceiling), plus the initial JavaScript gzipped. Goals (issue 4): performance ≥ 90, accessibility
// ≥ 95, initial JS ≤ 200 KB gzipped. Uses the built web app (`npm run build` first when missing) and
// the demo site seeded into data/e2e (its media cache is shared with the browser tests).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root, stop, waitHealthy } from './lib';

const GOALS = { performance: 90, accessibility: 95, initialJsKb: 200 };
const webDist = join(root, 'apps/web/dist');

function run(args: string[], env: NodeJS.ProcessEnv) {
  const res = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env });
  if (res.status !== 0) throw new Error(`npx ${args.join(' ')} failed with ${res.status}`);
}

/** The JS the first page load fetches: index.html's module script and its modulepreloads. */
function initialJsGzipKb(): number {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(webDist, f)), { level: 9 }).length,
    0,
  );
  return Math.round(bytes / 1024);
}

async function audit(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(root, 'data/e2e'), LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
delete env.REDIS_URL;
if (!existsSync(join(webDist, 'index.html'))) run(['npm', 'run', 'build'], env);
run(['tsx', 'apps/server/src/cli/seed.ts'], env);

const port = 43_000 + Math.floor(Math.random() * 2000);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env: { ...env, PORT: String(port) },
  stdio: 'inherit',
});
const baseline = createServer((_req, res) => {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    '<!doctype html><html lang="en"><title>Baseline</title><meta name="viewport" content="width=device-width"><h1>Baseline</h1><p>A static page.</p></html>',
  );
});
await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

try {
  const appUrl = `http://127.0.0.1:${port}/`;
  await waitHealthy(appUrl, server);
  await audit(appUrl, chrome.port); // warm: server caches, JIT, Chromium's disk cache is not reused
  const base = await audit(`http://127.0.0.1:${(baseline.address() as AddressInfo).port}/`, chrome.port);
  const app = await audit(appUrl, chrome.port);
  const js = initialJsGzipKb();

  console.log('\n| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, r] of [
    ['static baseline', base],
    ['discover (/)', app],
  ] as const) {
    console.log(
      `| ${name} | ${r.performance} | ${r.accessibility} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls.toFixed(3)} |`,
    );
  }
  console.log(`\nPerformance ratio to the baseline: ${(app.performance / base.performance).toFixed(2)}`);
  console.log(`Initial JS: ${js} KB gzipped`);
  const ok =
    app.performance >= GOALS.performance &&
    app.accessibility >= GOALS.accessibility &&
    js <= GOALS.initialJsKb;
  console.log(
    ok
      ? 'Goals met'
      : `BELOW GOAL (performance ≥ ${GOALS.performance}, accessibility ≥ ${GOALS.accessibility}, JS ≤ ${GOALS.initialJsKb} KB)`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  chrome.kill();
  baseline.close();
  await stop(server);
}
