// Fault path 2: Redis restarts mid-chat. Two API server processes share one database and a private
// redis-server (the Socket.IO Redis adapter carries chat across them); clients on each node chat
// through the other; Redis is SIGKILLed at a seeded moment and started again (empty, as it runs
// without persistence). After each restart, messages sent through one node must reach the other
// node's client again, neither process may exit, and no request may answer 500 (a store that is
// away is a 503 with Retry-After).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REALTIME_PATH, type ChatMessage, type RealtimeAck } from '@marquee/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { CHATTERS, LIVE, openFaultsDatabase, seedFaultsSite, SITE, tokenFor } from './faults-world';
import { seededRandom, sleep, startServer } from './processes';
import { startPrivateRedis } from './private-services';

export type RedisRestartReport = {
  restarts: number;
  /** Messages acknowledged (201) through one node, and how many of them reached the other node's client. */
  sent: number;
  delivered: number;
  /** Per restart: ms from Redis answering again to the first message delivered across nodes both ways. */
  recoveryMs: number[];
  /** Answers by status (201, 503, …; 0: no answer). */
  answers: Record<string, number>;
  /** Client reconnections to the nodes (a node never went away, so none are expected). */
  reconnects: number;
  problems: string[];
};

/** Runs `restarts` Redis restarts under chat between two server processes. */
export async function restartRedisMidChat(opts: {
  restarts: number;
  seed: number;
  log?: (line: string) => void;
}): Promise<RedisRestartReport> {
  const random = seededRandom(opts.seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-faults-redis-'));
  const redis = await startPrivateRedis();
  const { db, env } = await openFaultsDatabase(dataDir);
  const nodes: Awaited<ReturnType<typeof startServer>>[] = [];
  const sockets: Socket[] = [];
  try {
    await seedFaultsSite(db, 0);
    await db.destroy();
    const nodeEnv = { ...env, REDIS_URL: redis.url, REDIS_PREFIX: `faults:${process.pid}:` };
    nodes.push(await startServer(nodeEnv), await startServer(nodeEnv));
    const answers: Record<string, number> = {};
    const problems: string[] = [];
    let reconnects = 0;

    // chatter-0 listens on node 0, chatter-1 on node 1; the others send through the other node.
    /** Messages by text: the node they were sent through, and whether the other node's client got it. */
    const sent = new Map<string, { via: number; at: number; delivered: boolean }>();
    for (const [i, node] of nodes.entries()) {
      const listener = `chatter-${i}`;
      const socket = connect(node.url, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        auth: { token: await tokenFor(listener) },
        extraHeaders: { origin: node.url },
        reconnectionDelay: 200,
        reconnectionDelayMax: 1000,
      });
      sockets.push(socket);
      // As the apps do: (re)join the room on every connection, with a fresh chat token.
      let connections = 0;
      socket.on('connect', () => {
        if (connections++ > 0) reconnects++;
        void (async () => {
          const grant = await fetch(`${node.url}/v2/sites/${SITE}/chats/${LIVE}`, {
            method: 'PATCH',
            headers: {
              authorization: `Bearer ${await tokenFor(listener)}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ read: true }),
          });
          if (grant.status !== 200) return problems.push(`chat token for ${listener}: ${grant.status}`);
          const { token } = (await grant.json()) as { token: string };
          const joined = (await socket.timeout(10_000).emitWithAck('chat:join', { token })) as RealtimeAck;
          if (!joined.ok) problems.push(`${listener} could not join: ${JSON.stringify(joined)}`);
        })().catch((err: unknown) => problems.push(`${listener} join: ${String(err)}`));
      });
      socket.on('chat:message', (m: ChatMessage) => {
        const message = sent.get(m.value);
        if (message && message.via !== i) message.delivered = true;
      });
    }

    // Chat: every 60 ms a sender posts through one node, alternating; each sender at most every
    // (CHATTERS - 2) × 60 ms, well under the flood limit.
    let live = true;
    let n = 0;
    const chatting = (async () => {
      while (live) {
        const k = n++;
        const via = k % 2;
        const who = `chatter-${2 + (k % (CHATTERS - 2))}`;
        const text = `m${k}`;
        try {
          const res = await fetch(`${nodes[via]!.url}/v2/sites/${SITE}/chats/${LIVE}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${await tokenFor(who)}`, 'content-type': 'application/json' },
            body: JSON.stringify({ message: text }),
            signal: AbortSignal.timeout(10_000),
          });
          answers[res.status] = (answers[res.status] ?? 0) + 1;
          if (res.status === 201) sent.set(text, { via, at: Date.now(), delivered: false });
          if (res.status >= 500 && (res.status !== 503 || !res.headers.get('retry-after')))
            problems.push(`a send answered ${res.status} ${await res.text()}`);
        } catch {
          answers[0] = (answers[0] ?? 0) + 1;
        }
        await sleep(60);
      }
    })();

    /** Both ways, a message sent after `since` reached the other node's client. */
    const flowing = (since: number) =>
      [0, 1].every((via) => [...sent.values()].some((m) => m.via === via && m.at > since && m.delivered));
    const waitFlowing = async (since: number, what: string) => {
      const deadline = Date.now() + 60_000;
      while (!flowing(since)) {
        if (Date.now() > deadline) throw new Error(`chat did not flow across nodes ${what}`);
        await sleep(20);
      }
    };

    await waitFlowing(0, 'before any restart');
    const recoveryMs: number[] = [];
    for (let r = 0; r < opts.restarts; r++) {
      await sleep(200 + Math.floor(random() * 800));
      await redis.kill();
      const downMs = 100 + Math.floor(random() * 1500);
      await sleep(downMs);
      await redis.start();
      const back = Date.now();
      await waitFlowing(back, `after restart ${r + 1}`);
      recoveryMs.push(Date.now() - back);
      opts.log?.(
        `restart ${r + 1}/${opts.restarts}: down ${downMs} ms, chat across nodes again ${Date.now() - back} ms after`,
      );
    }
    live = false;
    await chatting;

    for (const [i, node] of nodes.entries()) {
      if (node.child.exitCode !== null || node.child.signalCode !== null)
        problems.push(`node ${i} exited:\n${node.output()}`);
      else if ((await fetch(`${node.url}/healthz`)).status !== 200) problems.push(`node ${i} is not healthy`);
    }
    const acknowledged = [...sent.values()];
    return {
      restarts: opts.restarts,
      sent: acknowledged.length,
      delivered: acknowledged.filter((m) => m.delivered).length,
      recoveryMs,
      answers,
      reconnects,
      problems,
    };
  } finally {
    for (const socket of sockets) socket.close();
    await Promise.all(nodes.map((node) => node.kill()));
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
