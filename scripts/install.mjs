// Installs the npm dependencies when they are missing or older than the lock, so that `npm start`
// and `npm test` work on a fresh clone. `npm ci` installs exactly the committed lock and never
// rewrites it, so neither command leaves `git status` dirty.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function ensureInstalled(root) {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules/.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('\n▶ Installing dependencies (npm ci)');
  const res = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('\n✖ npm ci failed: package.json and package-lock.json disagree? Run npm install.');
    process.exit(res.status ?? 1);
  }
}
