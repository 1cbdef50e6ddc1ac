// `npm run bench:soak`: mixed traffic against the real server for BENCH_SOAK_MINUTES (30), the way a
// site's audience would load it: anonymous browsing (config, the discover tab, a video), playback
// (play-url, the master playlist, a variant, a segment), signed-in viewers saving progress every
// 10 s, and chatters in one room over the realtime gateway. The server runs in its own process over
// a copy of the demo site in data/e2e (its media read in place). Every 15 s it samples the server's
// resident memory. Exits 1 on any 4xx or 5xx, transport error or unacknowledged chat message, or when
// memory is not flat: the median of the last quarter more than 10% (and 16 MB) above the second
// quarter's (the first quarter is warm-up: JIT, caches, SQLite pages).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REALTIME_PATH } from '@marquee/contract';
import { hash } from '@node-rs/argon2';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/database';
import { ARGON2_OPTIONS } from '../apps/server/src/modules/auth/auth.service';
import { loadConfig } from '../apps/server/src/plugins/config';
import { root, stop, waitHealthy } from './lib';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const VIEWERS = Number(process.env.BENCH_SOAK_VIEWERS ?? 40);
const CHATTERS = Number(process.env.BENCH_SOAK_CHATTERS ?? 20);
const BROWSERS = Number(process.env.BENCH_SOAK_BROWSERS ?? 8);
const SITE = 'demo';
const SAMPLE_MS = 15_000;

// The demo site with real media, as the browser tests and Lighthouse use it.
const seeded = join(root, 'data/e2e');
const seed = spawnSync('npx', ['tsx', 'apps/server/src/cli/seed.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: seeded, LOG_LEVEL: 'warn' },
});
if (seed.status !== 0) throw new Error('Seeding data/e2e failed');

// A data folder of its own: the database copied (the soak writes progress and chat), media linked.
const dataDir = mkdtempSync(join(tmpdir(), 'marquee-soak-'));
for (const file of ['marquee.sqlite', 'auth-secret', 'media-secret', 'altcha-secret', 'media-cache.json'])
  if (existsSync(join(seeded, file))) copyFileSync(join(seeded, file), join(dataDir, file));
for (const folder of ['media', 'ads', 'demo-sources'])
  if (existsSync(join(seeded, folder))) symlinkSync(join(seeded, folder), join(dataDir, folder));

const config = loadConfig({ DATA_DIR: dataDir });
const db = openDatabase(config);
const videos = (
  await db
    .selectFrom('videos')
    .select('uid')
    .where('site_uid', '=', SITE)
    .where('type', '=', 'video')
    .where('access_type', '=', 'public')
    .where('asset_id', 'is not', null)
    .orderBy('uid')
    .execute()
).map((v) => v.uid);
// Viewers sign in through the API and refresh their access token as the apps do (it lives 15 minutes).
const PASSWORD = 'soak-password-1';
const passwordHash = await hash(PASSWORD, ARGON2_OPTIONS);
const emails = Array.from({ length: VIEWERS + CHATTERS }, (_, i) => `soak${i}@soak.test`);
for (const [i, email] of emails.entries())
  await db
    .insertInto('users')
    .values({
      id: `soak-${i}`,
      site_uid: SITE,
      email,
      password_hash: passwordHash,
      first_name: `Soak${i}`,
      last_name: 'Viewer',
      roles: '[]',
      verified: 1,
      terms_accepted_at: new Date().toISOString(),
      created_at: new Date().toISOString(),
    })
    .execute();
await db.destroy();

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
await waitHealthy(origin, server);

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const counts = {
  requests: 0,
  serverErrors: 0,
  transportErrors: 0,
  retriedResets: 0,
  refreshFailed: 0,
  chatSent: 0,
  chatAcked: 0,
  chatFailed: 0,
};
const transportCodes = new Map<string, number>();
/** The first few 4xx/5xx answers, printed at the end. */
const refusals: string[] = [];
const statuses = new Map<number, number>();

/** One HTTP call; any 5xx or transport error is counted against the run. Resolves the body. */
function call(method: string, path: string, token?: string, body?: object, retry = true): Promise<string> {
  return new Promise((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          counts.requests++;
          const status = res.statusCode ?? 0;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500) counts.serverErrors++;
          if (status >= 400 && refusals.length < 5)
            refusals.push(
              `${status} ${method} ${path}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`,
            );
          resolve(Buffer.concat(chunks).toString('utf8'));
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A keep-alive socket the server closed as this request went out: retry once, as browsers do.
      if (req.reusedSocket && err.code === 'ECONNRESET' && method === 'GET' && retry) {
        counts.retriedResets++;
        return void call(method, path, token, body, false).then(resolve);
      }
      counts.transportErrors++;
      transportCodes.set(err.code ?? err.message, (transportCodes.get(err.code ?? err.message) ?? 0) + 1);
      resolve('');
    });
    req.end(payload);
  });
}

type Session = { token: string };

/** Signs in, then keeps the access token fresh with the refresh token until the run ends. */
async function signIn(email: string): Promise<Session> {
  const login = parseJson(
    await call('POST', '/v2/me/auth/login', undefined, { email, password: PASSWORD, site: SITE }),
  );
  if (typeof login.token !== 'string') throw new Error(`Login of ${email} failed: ${JSON.stringify(login)}`);
  const session = { token: login.token };
  void (async () => {
    let { refreshToken, expiresIn } = login as { refreshToken: string; expiresIn: number };
    for (;;) {
      await new Promise((r) => setTimeout(r, expiresIn * 800));
      if (!running()) return;
      const next = parseJson(
        await call('POST', '/v2/me/auth/refresh-access', undefined, { token: refreshToken }),
      );
      if (typeof next.token !== 'string') return void counts.refreshFailed++;
      session.token = next.token;
      ({ refreshToken, expiresIn } = next as { refreshToken: string; expiresIn: number });
    }
  })();
  return session;
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
/** Set once every viewer has signed in. */
let endsAt = Number.POSITIVE_INFINITY;
const running = () => Date.now() < endsAt;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms * (0.5 + Math.random())));
const parseJson = (text: string) => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** Anonymous visitors: config, the discover tab, a video; every other visit plays it. */
async function browser(n: number) {
  for (let visit = 0; running(); visit++) {
    const uid = pick(videos);
    await call('GET', `/v2/sites/${SITE}/config`);
    await call('GET', `/api/assets/demo-discover/discover?__site=${SITE}`);
    await call('GET', `/v2/sites/${SITE}/videos/${uid}`);
    if ((visit + n) % 2 === 0) await play(uid);
    await pause(2_000);
  }
}

/** What a player fetches to start: play-url, the master, its first variant, that variant's first segment. */
async function play(uid: string, session?: Session) {
  const answer = parseJson(await call('GET', `/v2/sites/${SITE}/videos/${uid}/play-url`, session?.token));
  const master = (answer.stream as { url?: string } | undefined)?.url ?? (answer.url as string | undefined);
  if (!master) return;
  const masterUrl = new URL(master, origin);
  const variant = (await call('GET', masterUrl.pathname)).split('\n').find((l) => l && !l.startsWith('#'));
  if (!variant) return;
  const variantUrl = new URL(variant, masterUrl);
  const segment = (await call('GET', variantUrl.pathname)).split('\n').find((l) => l && !l.startsWith('#'));
  if (segment) await call('GET', new URL(segment, variantUrl).pathname);
}

/** A signed-in viewer: plays a video, then saves its progress every 10 s for a while, then another. */
async function viewer(session: Session) {
  await pause(10_000);
  while (running()) {
    const uid = pick(videos);
    await play(uid, session);
    for (let t = 0; t < 6 && running(); t++) {
      await call('POST', `/v2/me/sites/${SITE}/history-progress`, session.token, {
        history: [{ id: uid, progress: t * 10 }],
      });
      await pause(10_000);
    }
  }
}

/** A chatter in the first video's room: a message every 5–15 s over the socket, each acknowledged. */
async function chatter(session: Session, n: number) {
  const chatId = `video-${videos[0]}`;
  const grant = parseJson(
    await call('PATCH', `/v2/sites/${SITE}/chats/${chatId}`, session.token, { read: true, write: true }),
  );
  const socket: Socket = io(origin, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: (send) => send({ token: session.token }),
    extraHeaders: { origin },
  });
  const ack = <T>(event: string, payload: object) =>
    new Promise<T | null>((resolve) => {
      socket
        .timeout(10_000)
        .emit(event, payload, (err: Error | null, answer: T) => resolve(err ? null : answer));
    });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const joined = await ack<{ ok: boolean }>('chat:join', { token: grant.token });
  if (!joined?.ok) counts.chatFailed++;
  for (let i = 0; running(); i++) {
    await pause(10_000);
    counts.chatSent++;
    const sent = await ack<{ ok: boolean }>('chat:send', { chatId, message: `soak ${n}.${i}` });
    if (sent?.ok) counts.chatAcked++;
    else counts.chatFailed++;
  }
  socket.close();
}

/** The server's resident set (VmRSS), in MB. */
function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const samples: number[] = [];
const sample = () => {
  samples.push(rssMb());
  const minute = ((MINUTES * 60_000 - (endsAt - Date.now())) / 60_000).toFixed(1);
  console.log(
    `${minute} min: ${counts.requests} requests, ${counts.serverErrors} 5xx, ${counts.chatAcked}/${counts.chatSent} chat acks, RSS ${samples.at(-1)!.toFixed(0)} MB`,
  );
};
let sampler: NodeJS.Timeout | undefined;

console.log(
  `Soak: ${MINUTES} min, ${BROWSERS} browsers, ${VIEWERS} viewers, ${CHATTERS} chatters, against ${origin}`,
);
try {
  const sessions: Session[] = [];
  for (const email of emails) sessions.push(await signIn(email));
  endsAt = Date.now() + MINUTES * 60_000;
  sampler = setInterval(sample, SAMPLE_MS);
  await Promise.all([
    ...Array.from({ length: BROWSERS }, (_, n) => browser(n)),
    ...sessions.slice(0, VIEWERS).map((s) => viewer(s)),
    ...sessions.slice(VIEWERS).map((s, n) => chatter(s, n)),
  ]);
} finally {
  clearInterval(sampler);
  await stop(server);
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const quarter = Math.floor(samples.length / 4);
const early = median(samples.slice(quarter, 2 * quarter));
const late = median(samples.slice(3 * quarter));
const flat = quarter === 0 || late <= Math.max(early * 1.1, early + 16);
console.log(
  '\n| minutes | requests | 5xx | transport errors | chat acked / sent | RSS 2nd quarter MB | RSS last quarter MB | growth |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
console.log(
  `| ${MINUTES} | ${counts.requests} | ${counts.serverErrors} | ${counts.transportErrors} | ${counts.chatAcked} / ${counts.chatSent} | ${early.toFixed(0)} | ${late.toFixed(0)} | ${early ? (((late - early) / early) * 100).toFixed(1) : '–'}% |`,
);
console.log('Statuses:', Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
console.log(
  `Keep-alive resets retried: ${counts.retriedResets}; transport errors: ${JSON.stringify(Object.fromEntries(transportCodes))}; failed refreshes: ${counts.refreshFailed}`,
);
for (const refusal of refusals) console.log(`  ${refusal}`);
const unexpected = [...statuses.keys()].filter((status) => status >= 400);
const ok =
  counts.serverErrors === 0 &&
  counts.transportErrors === 0 &&
  counts.chatFailed === 0 &&
  counts.refreshFailed === 0 &&
  unexpected.length === 0 &&
  flat;
console.log(ok ? 'Soak passed.' : 'Soak FAILED.');
process.exit(ok ? 0 : 1);
