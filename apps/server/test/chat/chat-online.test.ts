// The chat room's online count (§9 "online-user threshold comes from config", decision 0053): the
// distinct signed-in readers of the room, shown once they reach the site's threshold, recounted
// once per interval after joins and leaves (not once per join); with REDIS_URL, across two nodes.
import type { ChatOnline, RealtimeAck } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatWorld, secondNode, ONLINE_THRESHOLD, type ChatCaller, type ChatWorld } from './chat-world';

const RECOUNT_MS = 150;
const CROWD = 'https://crowd.test';
let w: ChatWorld;
let url: string;

beforeAll(async () => {
  w = await chatWorld({ CHAT_ONLINE_RECOUNT_MS: String(RECOUNT_MS) });
  url = await w.listen();
});
afterEach(() => w.closeSockets());
afterAll(() => w.t.h.close());

type Caller = ChatCaller;
type Joined = RealtimeAck<{ online: number | null }>;

/** Every chat:online the socket receives, in order. */
function counts(socket: Socket): ChatOnline[] {
  const seen: ChatOnline[] = [];
  socket.on('chat:online', (o: ChatOnline) => seen.push(o));
  return seen;
}

/** A socket of `who` joined to `chatId` (a reader), with the join's answer. */
async function join(who: Caller, chatId: string, target = url) {
  const grant = await w.grant(who, chatId, { read: true });
  expect(grant.statusCode).toBe(200);
  const socket = await w.socket(target, who.token, who.site === 'crowd' ? CROWD : undefined);
  const seen = counts(socket);
  const ack = (await socket
    .timeout(5000)
    .emitWithAck('chat:join', { token: grant.json<{ token: string }>().token })) as Joined;
  expect(ack).toMatchObject({ ok: true, chatId });
  return { socket, seen, ack };
}

/**
 * Waits until `seen` holds, from index `from` on, an event that `match` accepts (the recount is a
 * timer, not an answer).
 */
async function until(seen: ChatOnline[], match: (o: ChatOnline) => boolean, from = 0, ms = 5000) {
  const end = Date.now() + ms;
  while (!seen.slice(from).some(match)) {
    if (Date.now() > end) throw new Error(`no matching chat:online in ${JSON.stringify(seen)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the online count', () => {
  it('hides the count below the threshold (null), shows distinct users from it on, and follows leaves', async () => {
    expect(ONLINE_THRESHOLD).toBe(2);
    const [ann, bob] = [await w.user({ site: 'crowd' }), await w.user({ site: 'crowd' })];
    const a = await join(ann, 'live-crowd-1');
    expect(a.ack).toMatchObject({ online: null });
    await until(a.seen, (o) => o.online === null);
    expect(a.seen.every((o) => o.chatId === 'live-crowd-1')).toBe(true);

    const b = await join(bob, 'live-crowd-1');
    await until(a.seen, (o) => o.online === 2);
    await until(b.seen, (o) => o.online === 2);
    // Bob's second tab is still one person.
    const b2 = await join(bob, 'live-crowd-1');
    expect(b2.ack).toMatchObject({ online: 2 });
    await until(b2.seen, (o) => o.online === 2);
    expect(a.seen.at(-1)).toEqual({ chatId: 'live-crowd-1', online: 2 });

    // Bob closes both tabs: Ann is alone again, below the threshold.
    const before = a.seen.length;
    b.socket.close();
    b2.socket.close();
    await until(a.seen, (o) => o.online === null, before);
  });

  it('a reader who leaves with chat:leave is no longer counted, and another room is counted apart', async () => {
    const [cy, di, ed] = [
      await w.user({ site: 'crowd' }),
      await w.user({ site: 'crowd' }),
      await w.user({ site: 'crowd' }),
    ];
    const c = await join(cy, 'live-crowd-2');
    const d = await join(di, 'live-crowd-2');
    const other = await join(ed, 'live-crowd-3');
    await until(c.seen, (o) => o.online === 2);
    const before = c.seen.length;
    expect(await d.socket.timeout(5000).emitWithAck('chat:leave', { chatId: 'live-crowd-2' })).toEqual({
      ok: true,
    });
    await until(c.seen, (o) => o.online === null, before);
    // The lone reader of the other room never saw the first room's count.
    expect(other.seen.every((o) => o.chatId === 'live-crowd-3' && o.online === null)).toBe(true);
  });

  it('a crowd joining within one interval is one recount: one broadcast per room, not one per join', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => w.user({ site: 'crowd' })));
    // The room's live event first, then the tokens, so the joins themselves land close together.
    await w.room('crowd', 'live-crowd-4');
    const grants = await Promise.all(people.map((p) => w.grant(p, 'live-crowd-4', { read: true })));
    const sockets = await Promise.all(people.map((p) => w.socket(url, p.token, CROWD)));
    const seen = counts(sockets[0]!);
    const started = Date.now();
    const acks = (await Promise.all(
      sockets.map((s, i) =>
        s.timeout(5000).emitWithAck('chat:join', { token: grants[i]!.json<{ token: string }>().token }),
      ),
    )) as Joined[];
    expect(acks.map((a) => a.ok)).toEqual([true, true, true, true, true]);
    const joinedIn = Date.now() - started;
    await until(seen, (o) => o.online === 5);
    // Joins that all landed within one interval fold into one recount (on a busy machine they
    // may straddle two: the count still arrives, in at most two broadcasts).
    expect(seen.length).toBeLessThanOrEqual(joinedIn < RECOUNT_MS ? 1 : 2);
  });

  it('sends nothing where the site has no threshold (0: the count is off)', async () => {
    const [fay, gus] = [await w.user(), await w.user()];
    const f = await join(fay, 'live-quiet-count');
    await join(gus, 'live-quiet-count');
    expect(f.ack).toMatchObject({ online: null });
    // A message sent after the recount would have fired arrives after any chat:online would.
    await new Promise((r) => setTimeout(r, RECOUNT_MS * 3));
    const arrived = new Promise((resolve) => f.socket.once('chat:message', resolve));
    expect((await w.send(gus, 'live-quiet-count', 'anyone?')).statusCode).toBe(201);
    await arrived;
    expect(f.seen).toEqual([]);
  });
});

describe.skipIf(!process.env.REDIS_URL)('the online count across two nodes over Redis', () => {
  let second: FastifyInstance;
  let secondUrl: string;
  beforeAll(async () => {
    ({ app: second, url: secondUrl } = await secondNode(w));
  });
  afterAll(() => second?.close());

  it('counts the readers of both nodes, and each node’s readers get the count', async () => {
    const [hal, ivy] = [await w.user({ site: 'crowd' }), await w.user({ site: 'crowd' })];
    const onFirst = await join(hal, 'live-crowd-nodes');
    const onSecond = await join(ivy, 'live-crowd-nodes', secondUrl);
    await until(onFirst.seen, (o) => o.online === 2);
    await until(onSecond.seen, (o) => o.online === 2);
    const before = onFirst.seen.length;
    onSecond.socket.close();
    await until(onFirst.seen, (o) => o.online === null, before);
  });
});
