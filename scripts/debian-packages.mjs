// Installs a Debian package the project needs at run time when its binary is missing
// (ffmpeg for media, chromium for browser tests, nginx for the cluster). Returns whether the binary is
// there afterwards. `recommends: false` leaves out what the package only recommends.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

let updated = false;

export function ensureDebianPackage(binary, pkg, why, { recommends = true } = {}) {
  if (existsSync(binary)) return true;
  if (!existsSync('/usr/bin/apt-get')) return false;
  console.log(`${binary} is missing: installing Debian’s ${pkg} package (${why})`);
  const flags = recommends ? '' : '--no-install-recommends ';
  const steps = `${updated ? '' : 'apt-get update -qq && '}DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${flags}${pkg}`;
  const install = spawnSync('sh', ['-c', steps], { stdio: 'inherit' });
  updated ||= install.status === 0;
  return install.status === 0 && existsSync(binary);
}

/** nginx with its njs module (the media edge: deploy/nginx/media.conf, decision 0086). */
export function ensureNginxWithJs(why) {
  return (
    ensureDebianPackage('/usr/sbin/nginx', 'nginx', why) &&
    ensureDebianPackage('/usr/lib/nginx/modules/ngx_http_js_module.so', 'libnginx-mod-http-js', why)
  );
}
