import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtpSink } from '../apps/server/test/support/smtp-sink';

const root = join(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** GET it for every mail the server sent so far: `[{ to, subject, text }]` (see mail.ts). */
    mailboxUrl: string;
    /** The local stand-in of YouTube's IFrame API script the server hands out (PLAYER_SCRIPT_YT). */
    youtubeScriptUrl: string;
    /** The local stand-in of Dailymotion's Web SDK player script (PLAYER_SCRIPT_DM). */
    dailymotionScriptUrl: string;
    /** The local stand-in of JW Player's cloud-hosted library (PLAYER_SCRIPT_JW). */
    jwplayerScriptUrl: string;
  }
}

/** What the Dailymotion and JW Player stand-ins play: the demo site's 5 s ad creative, on the page's own origin. */
const STAND_IN_MEDIA = '/v2/sites/demo/ads/creatives/demo-preroll/media.mp4';

function run(args: string[], env: NodeJS.ProcessEnv) {
  const res = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env });
  if (res.status !== 0) throw new Error(`npx ${args.join(' ')} failed with ${res.status}`);
}

/** Builds the clients when needed, seeds the demo site into data/e2e (media cached there), and serves it. */
export default async function setup(project: TestProject) {
  // A port the system says is free now (parallel runs on one machine once met on a random pick).
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // E2E_DATA_DIR lets parallel runs keep their databases apart.
    DATA_DIR: process.env.E2E_DATA_DIR ?? join(root, 'data/e2e'),
    PORT: String(port),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (
    !existsSync(join(root, 'apps/web/dist/index.html')) ||
    !existsSync(join(root, 'apps/tv/dist/index.html'))
  ) {
    // A production build, as viewers get it (vitest sets NODE_ENV=test, which would make Vite
    // ship React's development build).
    run(['npm', 'run', 'build'], { ...env, NODE_ENV: 'production' });
  }
  run(['tsx', 'apps/server/src/cli/seed.ts'], env);

  // The server's mail goes to a local SMTP sink; tests read it over a loopback HTTP endpoint
  // (provide() carries only data, not the sink's functions).
  const sink = await startSmtpSink();
  const mailbox = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(sink.mails.map(({ to, subject, text }) => ({ to, subject, text }))));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  const mailboxUrl = `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}/mails`;
  env.SMTP_URL = sink.url;

  // The provider player APIs the demo's YouTube, Dailymotion and JW Player events load: local
  // stand-ins (decision 0059), so no browser test ever reaches youtube.com, dailymotion.com or
  // jwplayer.com. Dailymotion's and JW's play a real <video> of the demo site's ad creative (a
  // same-origin MP4 the page's CSP allows), named in their script URL's `media` query.
  const standIns: Record<string, Buffer> = {
    '/iframe_api': readFileSync(join(root, 'e2e/stand-ins/youtube-iframe-api.js')),
    '/libs/player.js': readFileSync(join(root, 'e2e/stand-ins/dailymotion-player.js')),
    '/libraries/marquee-e2e.js': readFileSync(join(root, 'e2e/stand-ins/jwplayer-library.js')),
  };
  const providers = createServer((req, res) => {
    const script = standIns[new URL(req.url ?? '/', 'http://stand-in').pathname];
    if (!script) return void res.writeHead(404).end();
    res.setHeader('content-type', 'text/javascript');
    res.end(script);
  });
  await new Promise<void>((resolve) => providers.listen(0, '127.0.0.1', resolve));
  const standInOrigin = `http://127.0.0.1:${(providers.address() as AddressInfo).port}`;
  const media = `?media=${encodeURIComponent(STAND_IN_MEDIA)}`;
  const youtubeScriptUrl = `${standInOrigin}/iframe_api`;
  const dailymotionScriptUrl = `${standInOrigin}/libs/player.js${media}`;
  const jwplayerScriptUrl = `${standInOrigin}/libraries/marquee-e2e.js${media}`;
  env.PLAYER_SCRIPT_YT = youtubeScriptUrl;
  env.PLAYER_SCRIPT_DM = dailymotionScriptUrl;
  env.PLAYER_SCRIPT_JW = jwplayerScriptUrl;

  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      if (i > 120 || server.exitCode !== null) throw new Error('The e2e server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mailboxUrl);
  project.provide('youtubeScriptUrl', youtubeScriptUrl);
  project.provide('dailymotionScriptUrl', dailymotionScriptUrl);
  project.provide('jwplayerScriptUrl', jwplayerScriptUrl);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise((r) => mailbox.close(r));
    await new Promise((r) => providers.close(r));
    await sink.close();
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
