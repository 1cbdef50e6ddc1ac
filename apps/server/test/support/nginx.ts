import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../src/cli/cluster-processes';

export const NGINX = '/usr/sbin/nginx';
export const NJS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';
/** deploy/nginx: media.conf, the store files and marquee-media.js. */
export const DEPLOY_NGINX = resolve(import.meta.dirname, '../../../../deploy/nginx');

/** Whether Debian's nginx and its njs module are here (tests that need them skip otherwise). */
export const nginxAvailable = () => existsSync(NGINX) && existsSync(NJS_MODULE);

export { freePort };

export type EdgeStore = { kind: 'disk'; root: string } | { kind: 's3'; port: number };

export type Nginx = { port: number; url: string; errorLog: () => string; close: () => Promise<void> };

/**
 * A real nginx (non-daemon, its own prefix in a temp folder, a free loopback port) with a minimal
 * main configuration, as an operator's would be: the njs module, `env` for the secrets, the upstream
 * marquee_api (and marquee_s3), and a server that includes deploy/nginx's store file and media.conf
 * (anything else goes to the API). `media: false` leaves media.conf out and serves the store
 * folder as it is: the baseline with no checks (bench/segments.ts).
 */
export async function startNginx(opts: {
  apiPort: number;
  store: EdgeStore;
  env: Record<string, string>;
  media?: boolean;
  workers?: number;
}): Promise<Nginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'marquee-nginx-'));
  const conf = join(prefix, 'conf');
  mkdirSync(conf);
  for (const f of readdirSync(DEPLOY_NGINX)) copyFileSync(join(DEPLOY_NGINX, f), join(conf, f));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(prefix, 'tmp', d), { recursive: true });
  const port = await freePort();
  const envNames = ['MEDIA_SECRET', ...Object.keys(opts.env).filter((k) => k.startsWith('S3_'))];
  const store =
    opts.media === false
      ? opts.store.kind === 'disk'
        ? `location /plain/ { alias ${opts.store.root}/; }`
        : ''
      : opts.store.kind === 'disk'
        ? `set $marquee_media_root ${opts.store.root};\n    include media-store-disk.conf;\n    include media.conf;`
        : 'include media-store-s3.conf;\n    include media.conf;';
  writeFileSync(
    join(conf, 'nginx.conf'),
    `load_module ${NJS_MODULE};
${process.getuid?.() === 0 ? 'user root root;' : ''}
daemon off;
worker_processes ${opts.workers ?? 1};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
${envNames.map((n) => `env ${n};`).join('\n')}
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  upstream marquee_api { server 127.0.0.1:${opts.apiPort}; keepalive 8; }
  ${opts.store.kind === 's3' ? `upstream marquee_s3 { server 127.0.0.1:${opts.store.port}; keepalive 8; }` : ''}
  server {
    listen 127.0.0.1:${port};
    ${store}
    location / {
      proxy_pass http://marquee_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
`,
  );
  const child = spawn(
    NGINX,
    ['-p', prefix, '-c', join(conf, 'nginx.conf'), '-e', join(prefix, 'error.log')],
    {
      env: { PATH: process.env.PATH, ...opts.env },
      stdio: 'ignore',
    },
  );
  const errorLog = () =>
    existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // Ready when the port takes a connection (or the process has died).
  for (let ready = false; !ready;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errorLog()}`);
    ready = await new Promise<boolean>((done) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        done(true);
      });
      socket.on('error', () => setTimeout(() => done(false), 50));
    });
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    errorLog,
    async close() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
