// Fault path 3: PostgreSQL restarts under traffic. The API server runs on a private PostgreSQL;
// clients save and read watch progress; PostgreSQL is stopped at once (as a crash would) at a
// seeded moment and started again. While it is away, requests must answer 503 with Retry-After and
// a message naming the database (never 500), the server must keep running (no exit, so no crash
// loop under a supervisor), and it must serve again once PostgreSQL is back. The server is also
// started while PostgreSQL is down: it waits for it rather than exiting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openFaultsDatabase, seedFaultsSite, SITE, tokenFor, VIDEOS, VIEWERS } from './faults-world';
import { seededRandom, sleep, startServer, type NodeProcess } from './processes';
import { startPrivatePostgres } from './private-services';

export type PostgresRestartReport = {
  restarts: number;
  /** Answers by status while PostgreSQL was up or down ('down 503': n; 0: no answer). */
  answers: Record<string, number>;
  /** Per restart: ms from PostgreSQL accepting connections to the server's first 200. */
  recoveryMs: number[];
  /** Whether the server, started while PostgreSQL was down, came up once it was back. */
  startedWhileDown: boolean;
  problems: string[];
};

/** What a request must answer while the database is away: 503, Retry-After, the database named. */
const DATABASE_DOWN = /database/i;

export async function restartPostgresUnderTraffic(opts: {
  restarts: number;
  seed: number;
  log?: (line: string) => void;
}): Promise<PostgresRestartReport> {
  const random = seededRandom(opts.seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-faults-pg-'));
  const postgres = await startPrivatePostgres();
  let server: (NodeProcess & { url: string }) | undefined;
  try {
    const { db, env } = await openFaultsDatabase(dataDir, postgres.url);
    await seedFaultsSite(db, 0);
    await db.destroy();
    // The scenario's schema is the connection's search_path (openFaultsDatabase); the server uses it.
    server = await startServer(env);
    const answers: Record<string, number> = {};
    const problems: string[] = [];
    let up = true;

    let live = true;
    let lastOk = 0;
    const clients = Array.from({ length: 4 }, async (_, i) => {
      const user = `viewer-${i % VIEWERS}`;
      for (let n = 1; live; n++) {
        const write = n % 2 === 0;
        const path = `/v2/me/sites/${SITE}/history-progress`;
        const state = up ? 'up' : 'down';
        try {
          const res = await fetch(`${server!.url}${path}`, {
            method: write ? 'POST' : 'GET',
            headers: { authorization: `Bearer ${await tokenFor(user)}`, 'content-type': 'application/json' },
            ...(write
              ? { body: JSON.stringify({ history: [{ id: `vid-${i % VIDEOS}`, progress: n }] }) }
              : {}),
            signal: AbortSignal.timeout(30_000),
          });
          const body = await res.text();
          const key = `${state} ${res.status}`;
          answers[key] = (answers[key] ?? 0) + 1;
          if (res.status === 200) lastOk = Date.now();
          else if (res.status !== 503) problems.push(`${path} answered ${res.status} (${state}): ${body}`);
          else if (!res.headers.get('retry-after') || !DATABASE_DOWN.test(body))
            problems.push(`a 503 without Retry-After or the database named: ${body}`);
        } catch (err) {
          answers[`${state} 0`] = (answers[`${state} 0`] ?? 0) + 1;
          problems.push(`no answer (${state}): ${String(err)}`);
        }
        await sleep(25);
      }
    });

    const recoveryMs: number[] = [];
    const servedSince = async (since: number, what: string) => {
      const deadline = Date.now() + 60_000;
      while (lastOk <= since) {
        if (Date.now() > deadline) throw new Error(`the server did not serve again ${what}`);
        if (server!.child.exitCode !== null || server!.child.signalCode !== null)
          throw new Error(`the server exited ${what}:\n${server!.output()}`);
        await sleep(20);
      }
      return lastOk - since;
    };
    await servedSince(0, 'at first');
    for (let r = 0; r < opts.restarts; r++) {
      await sleep(200 + Math.floor(random() * 800));
      postgres.crash();
      up = false;
      const downMs = 500 + Math.floor(random() * 2500);
      await sleep(downMs);
      postgres.start();
      up = true;
      const back = Date.now();
      recoveryMs.push(await servedSince(back, `after restart ${r + 1}`));
      opts.log?.(
        `restart ${r + 1}/${opts.restarts}: down ${downMs} ms, served again ${recoveryMs.at(-1)} ms after`,
      );
    }
    live = false;
    await Promise.all(clients);
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      problems.push(`the server exited:\n${server.output()}`);
    await server.kill();

    // A server started while PostgreSQL is down waits for it instead of exiting.
    postgres.crash();
    const waiting = startServer(env, { timeoutMs: 120_000 });
    await sleep(3_000);
    postgres.start();
    let startedWhileDown = false;
    try {
      server = await waiting;
      startedWhileDown = true;
    } catch (err) {
      problems.push(`a server started while PostgreSQL was down: ${String(err)}`);
    }
    return { restarts: opts.restarts, answers, recoveryMs, startedWhileDown, problems };
  } finally {
    await server?.kill();
    postgres.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
