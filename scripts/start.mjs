#!/usr/bin/env node
// `npm start`: install what is missing, build the clients, migrate, seed the demo site and its media,
// then serve everything on one port and print the URLs. Plain Node so it runs before any install.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackage } from './debian-packages.mjs';
import { ensureInstalled } from './install.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.PORT ?? 3000);
const started = Date.now();

function step(title) {
  console.log(`\n▶ ${title}`);
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

/** Newest modification time under a folder (skipping dist and node_modules). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

ensureInstalled(root);

const sources = Math.max(
  newest(join(root, 'packages')),
  newest(join(root, 'apps/web')),
  newest(join(root, 'apps/tv')),
);
const built = ['apps/web/dist/index.html', 'apps/tv/dist/index.html'].map((f) => join(root, f));
if (!built.every(existsSync) || Math.min(...built.map((f) => statSync(f).mtimeMs)) < sources) {
  step('Building the web and TV apps');
  run('npm', ['run', 'build']);
} else {
  step('Web and TV apps are up to date');
}

// The demo media is encoded with the system ffmpeg when it can be had (the npm fallback is old).
if (!ensureDebianPackage('/usr/bin/ffmpeg', 'ffmpeg', 'encoding the demo media'))
  console.log('Using the npm-shipped ffmpeg (no Debian package available)');

step('Migrating the database and seeding the demo sites (media is generated once and cached under ./data)');
run('npx', ['tsx', 'apps/server/src/cli/seed.ts']);

step(`Starting the server on port ${port}`);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { LOG_LEVEL: 'warn', ...process.env, PORT: String(port) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

const base = `http://localhost:${port}`;
for (let i = 0; i < 120; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
console.log(`
Marquee is running (ready in ${((Date.now() - started) / 1000).toFixed(0)} s)

  Web app     ${base}/                          (Marquee Demo)
              http://classics.localhost:${port}/   (Northwind Classics, a second brand)
  TV app      ${base}/tvn/generic/discover
  API docs    ${base}/api/docs
  Health      ${base}/healthz

  Demo viewer viewer@marquee.test / marquee-viewer
  Demo admin  admin@marquee.test / marquee-admin
  Payments    the test gateway is ON for the demo sites: card 4242 4242 4242 4242 buys anything
              (a production server refuses to start with it on; see README, Configuration)

Press Ctrl+C to stop.
`);
