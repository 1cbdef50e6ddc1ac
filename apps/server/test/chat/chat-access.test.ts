// A chat room follows the access rules of what it is about (decision 0053): a paid or login-only
// live event, video or live channel admits (token, history, message, socket join) only viewers
// who may watch it, and staff, support and admin; a watch party's room only its members. The
// refusals first. On SQLite, and on PostgreSQL with DATABASE_URL.
import type { ChatClosed, RealtimeAck } from '@marquee/contract';
import { CHAT_NOT_ENTITLED_MESSAGE, CHAT_PARTY_MEMBERS_MESSAGE } from '@marquee/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleRow, insertPurchase, purchaseRow } from '../entitlements/fixtures';
import { videoRow } from '../fixtures';
import { partyWorld } from '../watch-party/support';
import { chatSocket, chatWorld, type ChatCaller, type ChatWorld } from './chat-world';

let w: ChatWorld;
let url: string;
const HOUR = 3600_000;
const errorOf = (res: { json: () => unknown }) => (res.json() as { error: unknown }).error;
const NOT_ENTITLED = { code: 'notEntitled', message: CHAT_NOT_ENTITLED_MESSAGE };

beforeAll(async () => {
  w = await chatWorld();
  await seedRooms(w);
  url = await w.listen();
});
afterAll(() => w.t.h.close());

/** The paid and login-only rooms of acme and what sells them. */
async function seedRooms(w: ChatWorld) {
  const now = w.t.clock.now;
  const event = (startMs: number) =>
    JSON.stringify({
      start: new Date(startMs).toISOString(),
      end: new Date(startMs + 2 * HOUR).toISOString(),
    });
  await w.t.h.db
    .insertInto('videos')
    .values([
      // Sold by b-show; it starts in an hour (its buyers chat while they wait).
      videoRow('acme', 'paid-show', {
        type: 'liveEvent',
        access_type: 'paid',
        live_event: event(now + HOUR),
      }),
      videoRow('acme', 'members-show', {
        type: 'liveEvent',
        access_type: 'requiresLogin',
        live_event: event(now - HOUR),
      }),
      videoRow('acme', 'paid-film', { type: 'video', access_type: 'paid' }),
    ])
    .execute();
  await w.t.h.db
    .insertInto('live_channels')
    .values({
      site_uid: 'acme',
      id: 'premium',
      channel_num: 7,
      name: 'Premium',
      description: '',
      categories: '[]',
      access_type: 'paid',
      // A preview lets anyone watch a few minutes; it does not let them into the chat.
      preview_minutes: 5,
    })
    .execute();
  for (const row of [
    bundleRow('b-show', 'PRODUCT', { plan_type: 'single', video_uids: '["paid-show","paid-film"]' }),
    bundleRow('b-premium', 'CHANNELS', { live_channels: '["premium"]' }),
  ])
    await w.t.h.db.insertInto('bundles').values(row).execute();
}

type Caller = ChatCaller;

/** A viewer of acme who bought `bundle` (in `world`, the file's own unless given). */
async function buyer(bundle: string, world: ChatWorld = w): Promise<Caller> {
  const me = await world.user();
  await insertPurchase(world.t.h.db, purchaseRow(me.id, bundle, { type: 'PRODUCT' }));
  return me;
}

const PAID_ROOMS = ['live-paid-show', 'video-paid-film', 'channel-premium'];

describe('a paid room: who may not enter', () => {
  it('answers 401 to an anonymous caller on every call', async () => {
    for (const chatId of PAID_ROOMS) {
      expect(
        (await w.call('PATCH', `/v2/sites/acme/chats/${chatId}`, undefined, { read: true })).statusCode,
      ).toBe(401);
      expect((await w.call('GET', `/v2/sites/acme/chats/${chatId}/messages`)).statusCode).toBe(401);
      expect(
        (await w.call('POST', `/v2/sites/acme/chats/${chatId}`, undefined, { message: 'hi' })).statusCode,
      ).toBe(401);
    }
  });

  it('answers 403 notEntitled to a signed-in viewer without the purchase: no token (read or write), history nor message', async () => {
    const me = await w.user();
    // Another bundle's buyer is no better off.
    const other = await buyer('b-premium');
    for (const chatId of PAID_ROOMS) {
      const who = chatId === 'channel-premium' ? me : other;
      for (const body of [{ read: true }, { write: true }]) {
        const res = await w.call('PATCH', `/v2/sites/acme/chats/${chatId}`, who, body);
        expect(res.statusCode, chatId).toBe(403);
        expect(errorOf(res), chatId).toEqual(NOT_ENTITLED);
      }
      const history = await w.call('GET', `/v2/sites/acme/chats/${chatId}/messages`, who);
      expect(history.statusCode, chatId).toBe(403);
      expect(errorOf(history)).toEqual(NOT_ENTITLED);
      const sent = await w.call('POST', `/v2/sites/acme/chats/${chatId}`, who, { message: 'let me in' });
      expect(sent.statusCode, chatId).toBe(403);
      expect(errorOf(sent)).toEqual(NOT_ENTITLED);
    }
  });

  it('answers 403 wrongSite to a user of another site, even one who bought there', async () => {
    const stranger = await w.user({ site: 'other' });
    const res = await w.call('PATCH', '/v2/sites/acme/chats/live-paid-show', stranger, { write: true });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'wrongSite' });
  });
});

describe('a paid room: who may enter', () => {
  it('lets a buyer in before the event starts: token, message, history', async () => {
    const me = await buyer('b-show');
    expect(
      (await w.call('PATCH', '/v2/sites/acme/chats/live-paid-show', me, { write: true })).statusCode,
    ).toBe(200);
    const sent = await w.call('POST', '/v2/sites/acme/chats/live-paid-show', me, {
      message: 'counting down',
    });
    expect(sent.statusCode).toBe(201);
    const history = await w.call('GET', '/v2/sites/acme/chats/live-paid-show/messages', me);
    expect(history.json()).toEqual({
      messages: [expect.objectContaining({ value: 'counting down', publisher: me.id })],
    });
    expect(
      (await w.call('PATCH', '/v2/sites/acme/chats/video-paid-film', me, { read: true })).statusCode,
    ).toBe(200);
    const subscriber = await buyer('b-premium');
    expect(
      (await w.call('PATCH', '/v2/sites/acme/chats/channel-premium', subscriber, { write: true })).statusCode,
    ).toBe(200);
  });

  it('lets staff, support and admin in to moderate without buying', async () => {
    for (const role of ['staff', 'support', 'admin']) {
      const mod = await w.user({ roles: [role] });
      for (const chatId of PAID_ROOMS) {
        const res = await w.call('PATCH', `/v2/sites/acme/chats/${chatId}`, mod, { write: true });
        expect(res.statusCode, `${role} ${chatId}`).toBe(200);
      }
    }
  });

  it('lets any signed-in viewer of the site into a login-only event’s room', async () => {
    const me = await w.user();
    expect(
      (await w.call('PATCH', '/v2/sites/acme/chats/live-members-show', me, { write: true })).statusCode,
    ).toBe(200);
  });
});

describe('chat:join over the socket', () => {
  const join = (socket: Socket, token: string) =>
    socket.timeout(5000).emitWithAck('chat:join', { token }) as Promise<RealtimeAck>;

  it('refuses a token issued while the viewer had access once the access ended (403 notEntitled), and admits a buyer', async () => {
    const me = await w.user();
    // A pass that ends in 5 minutes: the token (60 minutes) outlives it.
    const until = new Date(w.t.clock.now + 5 * 60_000).toISOString();
    await insertPurchase(w.t.h.db, purchaseRow(me.id, 'b-show', { type: 'PRODUCT', available_to: until }));
    const granted = await w.call('PATCH', '/v2/sites/acme/chats/live-paid-show', me, { write: true });
    expect(granted.statusCode).toBe(200);
    const { token } = granted.json<{ token: string }>();
    const socket = await chatSocket(url, me.token);
    try {
      expect(await join(socket, token)).toMatchObject({ ok: true, chatId: 'live-paid-show' });
      w.t.clock.now += 10 * 60_000;
      expect(await join(socket, token)).toEqual({ ok: false, status: 403, error: NOT_ENTITLED });
      const sent = (await socket
        .timeout(5000)
        .emitWithAck('chat:send', { chatId: 'live-paid-show', message: 'still here?' })) as RealtimeAck;
      expect(sent).toEqual({ ok: false, status: 403, error: NOT_ENTITLED });
    } finally {
      socket.close();
    }
  });
});

describe('a watch party’s room', () => {
  let p: Awaited<ReturnType<typeof partyWorld>>;
  beforeAll(async () => {
    p = await partyWorld();
  });
  afterAll(() => p.t.h.close());

  it('admits only the party’s members: 403 notPartyMember for the others, 200 once they joined', async () => {
    const pid = await p.startedParty('ca-host');
    const chat = `chats/party-${pid}`;
    expect((await p.call(null, 'PATCH', chat, { read: true })).status).toBe(401);
    const outsider = await p.call('ca-guest', 'PATCH', chat, { read: true });
    expect(outsider.status).toBe(403);
    expect(outsider.body.error).toEqual({ code: 'notPartyMember', message: CHAT_PARTY_MEMBERS_MESSAGE });
    expect((await p.call('ca-guest', 'GET', `${chat}/messages`)).status).toBe(403);
    // Staff moderate content rooms, not private parties.
    await p.as('ca-staff', 'acme', ['staff']);
    expect((await p.call('ca-staff', 'PATCH', chat, { read: true })).status).toBe(403);
    expect((await p.call('ca-host', 'PATCH', chat, { write: true })).status).toBe(200);
    expect((await p.call('ca-guest', 'PATCH', `watch-party/${pid}`, { action: 'joined' })).status).toBe(200);
    expect((await p.call('ca-guest', 'PATCH', chat, { write: true })).status).toBe(200);
  });
});

describe('a socket already in a room', () => {
  // Its own world, checking joined sockets every 50 ms (the default is a minute).
  let q: ChatWorld;
  let qUrl: string;
  beforeAll(async () => {
    q = await chatWorld({ CHAT_ACCESS_RECHECK_MS: '50' });
    await seedRooms(q);
    qUrl = await q.listen();
  });
  afterAll(() => q.t.h.close());

  const joined = async (who: Caller, chatId: string) => {
    const granted = await q.call('PATCH', `/v2/sites/acme/chats/${chatId}`, who, { read: true });
    expect(granted.statusCode).toBe(200);
    const socket = await chatSocket(qUrl, who.token);
    const ack = (await socket
      .timeout(5000)
      .emitWithAck('chat:join', { token: granted.json<{ token: string }>().token })) as RealtimeAck;
    expect(ack).toMatchObject({ ok: true, chatId });
    return socket;
  };
  const closed = (socket: Socket) =>
    new Promise<ChatClosed>((resolve) => socket.once('chat:closed', resolve));
  const heard = (socket: Socket, into: string[]) =>
    socket.on('chat:message', (m: { value: string }) => into.push(m.value));

  it('is taken out once the viewer may no longer watch (chat:closed notEntitled) and hears no more', async () => {
    const leaving = await q.user();
    const until = new Date(q.t.clock.now + 5 * 60_000).toISOString();
    await insertPurchase(
      q.t.h.db,
      purchaseRow(leaving.id, 'b-show', { type: 'PRODUCT', available_to: until }),
    );
    const staying = await buyer('b-show', q);
    const [gone, kept] = await Promise.all([
      joined(leaving, 'live-paid-show'),
      joined(staying, 'live-paid-show'),
    ]);
    const goneHeard: string[] = [];
    const keptHeard: string[] = [];
    heard(gone, goneHeard);
    heard(kept, keptHeard);
    try {
      const told = closed(gone);
      q.t.clock.now += 10 * 60_000;
      expect(await told).toEqual({ chatId: 'live-paid-show', ...NOT_ENTITLED });
      // The buyer still in the room hears the next message; the one taken out does not.
      const sent = await q.call('POST', '/v2/sites/acme/chats/live-paid-show', staying, { message: 'after' });
      expect(sent.statusCode).toBe(201);
      await expect.poll(() => keptHeard).toContain('after');
      expect(goneHeard).not.toContain('after');
    } finally {
      gone.close();
      kept.close();
    }
  });

  it('is taken out when its token expired unrenewed (chat:closed chatTokenExpired); a later token stays in', async () => {
    const stale = await joined(await q.user(), 'live-members-show');
    // Near the end of that token's hour, another viewer joins with a token of their own.
    q.t.clock.now += 59 * 60_000;
    const late = await q.user();
    const fresh = await joined(late, 'live-members-show');
    const freshClosed: ChatClosed[] = [];
    fresh.on('chat:closed', (c: ChatClosed) => freshClosed.push(c));
    try {
      const told = closed(stale);
      q.t.clock.now += 2 * 60_000;
      expect(await told).toEqual({
        chatId: 'live-members-show',
        code: 'chatTokenExpired',
        message: 'Chat token expired: renew it',
      });
      // Sweeps go on; the later token's socket still hears the room.
      const heardFresh: string[] = [];
      heard(fresh, heardFresh);
      const sent = await q.call('POST', '/v2/sites/acme/chats/live-members-show', late, { message: 'here' });
      expect(sent.statusCode).toBe(201);
      await expect.poll(() => heardFresh).toContain('here');
      expect(freshClosed).toEqual([]);
    } finally {
      stale.close();
      fresh.close();
    }
  });
});
