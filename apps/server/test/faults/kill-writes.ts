// Fault path 1: the API server is SIGKILLed at a seeded random moment while clients save watch
// progress, check out and chat; it is started again on the same database, and every write it had
// acknowledged (200/201) must be there, none twice. Shared by the CI test (a few kills) and
// `npm run bench:faults` (a hundred).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHATTERS,
  LIVE,
  openFaultsDatabase,
  seedFaultsSite,
  SITE,
  tokenFor,
  VIDEOS,
  VIEWERS,
} from './faults-world';
import { seededRandom, sleep, startServer } from './processes';

const CHAT_EVERY_MS = 2_100;

export type KillWritesReport = {
  database: 'sqlite' | 'postgres';
  kills: number;
  /** Acknowledged writes: progress saves (200), chat messages and checkouts (201, one per buyer). */
  acknowledged: { progress: number; chat: number; checkout: number };
  /** Requests cut by a kill (no answer): they may or may not have been written. */
  cut: number;
  /** Answers by kind and status ('progress 200': n), the cut ones as status 0. */
  answers: Record<string, number>;
  lost: string[];
  doubled: string[];
};

/**
 * Runs `kills` rounds of writes-then-SIGKILL against one database (SQLite under a temp folder, or a
 * schema of its own on `databaseUrl`), then a last start that replays every acknowledged checkout.
 */
export async function killDuringWrites(opts: {
  kills: number;
  seed: number;
  databaseUrl?: string;
  buyers?: number;
  log?: (line: string) => void;
}): Promise<KillWritesReport> {
  const random = seededRandom(opts.seed);
  const buyers = opts.buyers ?? opts.kills * 8;
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-faults-'));
  const { db, env, dropSchema } = await openFaultsDatabase(dataDir, opts.databaseUrl);
  try {
    await seedFaultsSite(db, buyers);

    const progress = new Map<string, number>(); // `${user}/${video}` → last acknowledged position
    const positions = new Map<string, number>(); // … → last position sent
    const chat = new Map<string, string>(); // text → message id
    const checkouts = new Map<number, string>(); // buyer → acknowledged answer body
    const answers: Record<string, number> = {};
    let cut = 0;

    for (let round = 0; round < opts.kills; round++) {
      const server = await startServer(env);
      let live = true;
      const got = new Set<string>(); // the kinds answered this round
      const post = async (
        kind: string,
        path: string,
        who: string,
        body: unknown,
        headers: Record<string, string> = {},
      ) => {
        const answered = (status: number) =>
          (answers[`${kind} ${status}`] = (answers[`${kind} ${status}`] ?? 0) + 1);
        try {
          const res = await fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${await tokenFor(who)}`,
              'content-type': 'application/json',
              ...headers,
            },
            body: JSON.stringify(body),
          });
          const text = await res.text();
          answered(res.status);
          got.add(kind);
          return { status: res.status, text };
        } catch {
          cut++;
          answered(0);
          return { status: 0, text: '' };
        }
      };
      const viewers = Array.from({ length: VIEWERS }, async (_, i) => {
        const user = `viewer-${i}`;
        const video = `vid-${i % VIDEOS}`;
        const key = `${user}/${video}`;
        while (live) {
          const position = (positions.get(key) ?? 0) + 1;
          positions.set(key, position);
          const res = await post('progress', `/v2/me/sites/${SITE}/history-progress`, user, {
            history: [{ id: video, progress: position }],
          });
          if (res.status === 200 && (JSON.parse(res.text) as { saved: number }).saved === 1)
            progress.set(key, position);
        }
      });
      const chatters = Array.from({ length: CHATTERS }, async (_, i) => {
        await sleep((CHAT_EVERY_MS * i) / CHATTERS);
        for (let n = 0; live; n++) {
          const text = `r${round}-c${i}-${n}`;
          const res = await post('chat', `/v2/sites/${SITE}/chats/${LIVE}`, `chatter-${i}`, {
            message: text,
          });
          if (res.status === 201) chat.set(text, (JSON.parse(res.text) as { id: string }).id);
          if (live) await sleep(CHAT_EVERY_MS);
        }
      });
      // As the round begins, a few new buyers check out, and those a kill left without an answer
      // try again with the same key.
      const shoppers = Array.from({ length: Math.min(buyers, (round + 1) * 8) }, (_, n) => n)
        .filter((n) => !checkouts.has(n))
        .map(async (n) => {
          // Spread over the round's first second, so that kills also fall among checkouts.
          await sleep(Math.floor(random() * 1000));
          const res = await post('checkout', '/api/payment/subscribe', `buyer-${n}`, order(n), {
            'idempotency-key': `faults-${n}`,
          });
          if (res.status === 201) checkouts.set(n, res.text);
        });
      // The kill falls among writes: once each kind has had an answer this round (or after 30 s),
      // then a seeded 0–500 ms later.
      const warm = Date.now() + 30_000;
      const flowing = () =>
        got.has('progress') && got.has('chat') && (got.has('checkout') || !shoppers.length);
      while (!flowing() && Date.now() < warm) await sleep(20);
      const delay = Math.floor(random() * 500);
      await sleep(delay);
      await server.kill();
      live = false;
      await Promise.all([...viewers, ...chatters, ...shoppers]);
      opts.log?.(
        `kill ${round + 1}/${opts.kills}, ${delay} ms into the writes: ${progress.size} positions, ${chat.size} messages, ${checkouts.size} checkouts acknowledged`,
      );
    }

    // The last start: every acknowledged checkout, sent again with its key, answers the same.
    const last = await startServer(env);
    const doubled: string[] = [];
    for (const [n, body] of checkouts) {
      const res = await fetch(`${last.url}/api/payment/subscribe`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await tokenFor(`buyer-${n}`)}`,
          'content-type': 'application/json',
          'idempotency-key': `faults-${n}`,
        },
        body: JSON.stringify(order(n)),
      });
      const replay = await res.text();
      if (res.status !== 201 || replay !== body)
        doubled.push(`checkout of buyer-${n} replayed ${res.status}, not its first answer`);
    }
    await last.kill();

    const lost: string[] = [];
    const saved = new Map(
      (await db.selectFrom('watch_progress').selectAll().where('site_uid', '=', SITE).execute()).map((r) => [
        `${r.user_id}/${r.video_uid}`,
        r.position_s,
      ]),
    );
    for (const [key, position] of progress)
      if ((saved.get(key) ?? -1) < position)
        lost.push(`progress ${key}: acknowledged ${position}, stored ${saved.get(key) ?? 'nothing'}`);

    const messages = await db
      .selectFrom('chat_messages')
      .select(['id', 'value'])
      .where('site_uid', '=', SITE)
      .execute();
    const ids = new Set(messages.map((m) => m.id));
    for (const [text, id] of chat) if (!ids.has(id)) lost.push(`chat message ${text} (${id})`);
    const perText = new Map<string, number>();
    for (const m of messages) perText.set(m.value, (perText.get(m.value) ?? 0) + 1);
    for (const [text, count] of perText) if (count > 1) doubled.push(`chat message ${text} stored ${count}×`);

    const purchases = await db
      .selectFrom('purchases')
      .select('user_id')
      .where('site_uid', '=', SITE)
      .execute();
    const perBuyer = new Map<string, number>();
    for (const p of purchases) perBuyer.set(p.user_id, (perBuyer.get(p.user_id) ?? 0) + 1);
    for (const n of checkouts.keys())
      if (!perBuyer.has(`buyer-${n}`)) lost.push(`purchase of buyer-${n} (acknowledged 201)`);
    for (const [user, count] of perBuyer) if (count > 1) doubled.push(`${user} holds ${count} purchases`);

    return {
      database: opts.databaseUrl ? 'postgres' : 'sqlite',
      kills: opts.kills,
      acknowledged: { progress: answers['progress 200'] ?? 0, chat: chat.size, checkout: checkouts.size },
      cut,
      answers,
      lost,
      doubled,
    };
  } finally {
    await dropSchema();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The checkout of the site's pass by buyer n, with their saved test-gateway card. */
const order = (n: number) => ({
  gateway: 'test',
  gatewayMethod: 'existingCard',
  gatewayData: { paymentMethod: `pm-${n}` },
  resourceId: 'pass',
  type: 'Bundle',
  billingAddress: { address1: '1 Main St', city: 'New York', state: 'NY', zip: '10001', countryCode: 'US' },
});
