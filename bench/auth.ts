// `npm run bench:auth`: the cost of one login (argon2id, goal 50–250 ms), refresh-access
// throughput with rotation against GET /healthz measured in the same run, and a burst of 1,000
// failed logins against one account while another account logs in: the limiter must stop the
// burst before the password verify, and the other account's login latency must stay within 2× of
// its baseline. The app runs in its own process (BENCH_AUTH_ROLE=server) over a fresh SQLite file.
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import { buildApp } from '../apps/server/src/app';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { ARGON2_OPTIONS } from '../apps/server/src/modules/auth/auth.service';
import { newSiteRow } from '../apps/server/src/modules/sites/site-defaults';
import { loadConfig } from '../apps/server/src/plugins/config';
import { startServer, stop } from './lib';

const SITE = 'bench';
const PASSWORD = 'bench-password';
const VICTIM = 'victim@bench.test';
const NORMAL = 'normal@bench.test';
/** Refresh chains, one per concurrent client. */
const CHAINS = 20;

type Info = { port: number };

if (process.env.BENCH_AUTH_ROLE === 'server') await serve();
else await drive();

async function serve() {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'marquee-bench-auth-')),
    LOG_LEVEL: 'silent',
    // The driver plays many clients from one address through X-Forwarded-For.
    TRUST_PROXY: 'true',
  });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await db.insertInto('sites').values(newSiteRow(SITE, 'Bench TV')).execute();
  const passwordHash = await hash(PASSWORD, ARGON2_OPTIONS);
  const users = [VICTIM, NORMAL, ...Array.from({ length: CHAINS }, (_, i) => `refresher${i}@bench.test`)];
  await db
    .insertInto('users')
    .values(
      users.map((email) => ({
        id: `u-${email}`,
        site_uid: SITE,
        email,
        password_hash: passwordHash,
        first_name: 'Bench',
        last_name: 'User',
        roles: '[]',
        verified: 1,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`READY ${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}`);
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => db.destroy())
        .then(() => process.exit(0)),
  );
}

async function drive() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const server = await startServer<Info>('auth.ts', { BENCH_AUTH_ROLE: 'server' });
  // Separate keep-alive pools, so the burst's sockets never queue the other account's requests.
  const agents = { normal: new Agent({ keepAlive: true }), burst: new Agent({ keepAlive: true }) };
  const send = (method: string, path: string, body: object | null, ip: string, agent = agents.normal) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : undefined;
      const req = request(
        {
          host: '127.0.0.1',
          port: server.info.port,
          method,
          path,
          agent,
          headers: {
            'x-forwarded-for': ip,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const post = (path: string, body: object, ip = '192.0.2.10', agent?: Agent) =>
    send('POST', path, body, ip, agent);
  const login = (email: string, password: string, ip?: string, agent?: Agent) =>
    post('/v2/me/auth/login', { email, password, site: SITE }, ip, agent);
  const timedLogin = async (): Promise<number> => {
    const start = performance.now();
    const res = await login(NORMAL, PASSWORD, '192.0.2.20');
    if (res.status !== 200)
      throw new Error(`normal login answered ${res.status}: ${JSON.stringify(res.body)}`);
    return performance.now() - start;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const failures: string[] = [];

  try {
    // 1. One login: the argon2id verify alone (in this process) and the whole HTTP login.
    const storedHash = await hash(PASSWORD, ARGON2_OPTIONS);
    const verifies: number[] = [];
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      await verify(storedHash, PASSWORD);
      verifies.push(performance.now() - start);
    }
    for (let i = 0; i < 3; i++) await timedLogin(); // warm up
    const baseline: number[] = [];
    for (let i = 0; i < 20; i++) baseline.push(await timedLogin());
    const loginMs = median(baseline);
    console.log(`\n| measure | median | p95 |\n|---|---:|---:|`);
    console.log(`| argon2id verify (m=64 MiB, t=2, p=1) | ${ms(median(verifies))} | ${ms(p95(verifies))} |`);
    console.log(
      `| POST /v2/me/auth/login (one account, sequential; baseline) | ${ms(loginMs)} | ${ms(p95(baseline))} |`,
    );
    if (loginMs < 50 || loginMs > 250) failures.push(`login takes ${ms(loginMs)}, goal 50–250 ms`);

    // 2. Refresh throughput: CHAINS clients each rotating their own token as fast as answers come.
    const rate = async (name: string, step: (chain: number) => Promise<void>) => {
      const until = performance.now() + seconds * 1000;
      let done = 0;
      await Promise.all(
        Array.from({ length: CHAINS }, async (_, chain) => {
          while (performance.now() < until) {
            await step(chain);
            done++;
          }
        }),
      );
      return { name, rps: Math.round(done / seconds) };
    };
    const tokens: string[] = [];
    for (let i = 0; i < CHAINS; i++) {
      const res = await login(`refresher${i}@bench.test`, PASSWORD, `192.0.2.${100 + i}`);
      tokens.push(res.body.refreshToken as string);
    }
    let refreshErrors = 0;
    const refreshStep = async (chain: number) => {
      const res = await post('/v2/me/auth/refresh-access', { token: tokens[chain] });
      if (res.status === 200) tokens[chain] = res.body.refreshToken as string;
      else refreshErrors++;
    };
    const healthStep = async () => {
      const res = await send('GET', '/healthz', null, '192.0.2.10');
      if (res.status !== 200) refreshErrors++;
    };
    await rate('warm', healthStep);
    await rate('warm', refreshStep);
    const health = await rate('GET /healthz (baseline: one SELECT)', healthStep);
    const refresh = await rate('POST /v2/me/auth/refresh-access (rotation)', refreshStep);
    console.log(
      `\n| endpoint (${CHAINS} clients, ${seconds} s) | req/s | ratio to baseline |\n|---|---:|---:|`,
    );
    for (const r of [health, refresh])
      console.log(`| ${r.name} | ${r.rps} | ${(r.rps / health.rps).toFixed(2)} |`);
    if (refreshErrors > 0) failures.push(`${refreshErrors} refresh/healthz requests failed`);

    // 3. 1,000 failed logins against one account (100 in flight) while another account logs in.
    // Its baseline is taken right before and right after, so drift in machine load cancels out.
    const before: number[] = [];
    for (let i = 0; i < 10; i++) before.push(await timedLogin());
    const counts = new Map<number, number>();
    let next = 0;
    let burstDone = false;
    const burstStart = performance.now();
    const burst = Promise.all(
      Array.from({ length: 100 }, async () => {
        while (next < 1000) {
          next++;
          const res = await login(VICTIM, 'wrong password', '203.0.113.66', agents.burst);
          counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        }
      }),
    ).then(() => {
      burstDone = true;
      return performance.now() - burstStart;
    });
    const during: number[] = [];
    while (!burstDone || during.length < 10) during.push(await timedLogin());
    const burstMs = await burst;
    const after: number[] = [];
    for (let i = 0; i < 10; i++) after.push(await timedLogin());
    const quiet = median([...before, ...after]);
    const verified = counts.get(401) ?? 0;
    const refused = counts.get(429) ?? 0;
    const ratio = median(during) / quiet;
    console.log(`\n| burst of 1,000 failed logins, one account | figure |\n|---|---:|`);
    console.log(`| answered 401 (password verified) | ${verified} |`);
    console.log(`| answered 429 rateLimited (refused before the verify) | ${refused} |`);
    console.log(`| other answers | ${1000 - verified - refused} |`);
    console.log(`| burst duration | ${ms(burstMs)} |`);
    console.log(`| other account's login just before and after the burst: median (n=20) | ${ms(quiet)} |`);
    console.log(
      `| other account's login during the burst: median (p95, n=${during.length}) | ${ms(median(during))} (${ms(p95(during))}) |`,
    );
    console.log(`| ratio to its baseline (goal ≤ 2×) | ${ratio.toFixed(2)}× |`);
    if (verified > 5) failures.push(`${verified} verifies ran for the burst, the limiter allows 5`);
    if (verified + refused !== 1000) failures.push('some burst requests got another answer');
    if (ratio > 2) failures.push(`other-account login slowed ${ratio.toFixed(2)}× during the burst`);

    console.log(failures.length ? `\nBELOW GOAL: ${failures.join('; ')}` : '\nAll goals met.');
    if (failures.length) process.exitCode = 1;
  } finally {
    agents.normal.destroy();
    agents.burst.destroy();
    await stop(server.child);
  }
}
