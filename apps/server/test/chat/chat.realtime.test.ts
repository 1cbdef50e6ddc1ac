// Chat over the realtime socket (decision 0045): joining a room only with a chat token (expired,
// forged and someone else's refused), reader and writer grants, renewal, messages and deletions
// reaching the room, a ban reaching the banned user's sockets; with REDIS_URL, across two nodes.
import type { ChatMessage, RealtimeAck } from '@marquee/contract';
import { CHAT_SUSPENDED_MESSAGE } from '@marquee/domain';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECOND } from '../support/accounts';
import { chatWorld, secondNode, type ChatCaller, type ChatWorld } from './chat-world';

let w: ChatWorld;
let url: string;

beforeAll(async () => {
  w = await chatWorld();
  url = await w.listen();
});
afterEach(() => w.closeSockets());
afterAll(() => w.t.h.close());

type Caller = ChatCaller;

const socketOf = (who: Caller, target = url): Promise<Socket> => w.socket(target, who.token);

const emit = <T extends object = object>(socket: Socket, event: string, payload: unknown) =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<RealtimeAck<T>>;

async function tokenFor(who: Caller, chatId: string, write = true): Promise<string> {
  const res = await w.grant(who, chatId, write ? { write: true } : { read: true });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

async function joined(who: Caller, chatId: string, opts: { write?: boolean; target?: string } = {}) {
  const socket = await socketOf(who, opts.target);
  const ack = await emit<{ messages: ChatMessage[]; write: boolean }>(socket, 'chat:join', {
    token: await tokenFor(who, chatId, opts.write ?? true),
  });
  expect(ack).toMatchObject({ ok: true, chatId });
  return socket;
}

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

describe('chat:join', () => {
  it('refuses a forged token (401), someone else’s (403) and an expired one (401)', async () => {
    const me = await w.user();
    const socket = await socketOf(me);
    expect(await emit(socket, 'chat:join', { token: 'chat1.e30.AAAA' })).toEqual({
      ok: false,
      status: 401,
      error: { code: 'chatTokenInvalid', message: 'Chat token invalid', field: 'token' },
    });
    const theirs = await tokenFor(await w.user(), 'live-j');
    expect(await emit(socket, 'chat:join', { token: theirs })).toMatchObject({
      ok: false,
      status: 403,
      error: { code: 'chatTokenNotYours' },
    });
    const mine = await tokenFor(me, 'live-j');
    w.t.clock.now += 60 * 60 * SECOND;
    try {
      expect(await emit(socket, 'chat:join', { token: mine })).toMatchObject({
        ok: false,
        status: 401,
        error: { code: 'chatTokenExpired', message: 'Chat token expired: renew it' },
      });
    } finally {
      w.t.clock.now -= 60 * 60 * SECOND;
    }
  });

  it('answers the room’s history, and what was missed after a message (a reconnecting client)', async () => {
    const me = await w.user();
    const first = (await w.send(me, 'live-hj', 'one')).json<ChatMessage>();
    await w.send(me, 'live-hj', 'two');
    const socket = await socketOf(me);
    const token = await tokenFor(me, 'live-hj');
    const all = await emit<{ messages: ChatMessage[] }>(socket, 'chat:join', { token });
    expect(all.ok && all.messages.map((m) => m.value)).toEqual(['one', 'two']);
    const missed = await emit<{ messages: ChatMessage[] }>(socket, 'chat:join', { token, after: first.id });
    expect(missed.ok && missed.messages.map((m) => m.value)).toEqual(['two']);
  });
});

describe('chat:send', () => {
  it('refuses a room not joined (403), a reader (403), and an expired grant (401) until renewed', async () => {
    const me = await w.user();
    const socket = await socketOf(me);
    expect(await emit(socket, 'chat:send', { chatId: 'live-s', message: 'hi' })).toMatchObject({
      ok: false,
      status: 403,
      error: { code: 'chatNotJoined', message: 'Join the chat first' },
    });
    await emit(socket, 'chat:join', { token: await tokenFor(me, 'live-s', false) });
    expect(await emit(socket, 'chat:send', { chatId: 'live-s', message: 'hi' })).toMatchObject({
      ok: false,
      status: 403,
      error: { code: 'chatReadOnly', message: 'This chat token does not allow writing', field: 'token' },
    });
    await emit(socket, 'chat:join', { token: await tokenFor(me, 'live-s') });
    expect(await emit(socket, 'chat:send', { chatId: 'live-s', message: 'hi' })).toMatchObject({ ok: true });

    w.t.clock.now += 60 * 60 * SECOND;
    await w.refresh(me);
    expect(await emit(socket, 'chat:send', { chatId: 'live-s', message: 'late' })).toMatchObject({
      ok: false,
      status: 401,
      error: { code: 'chatTokenExpired' },
    });
    // Renewed: a new token, presented again.
    expect(await emit(socket, 'chat:join', { token: await tokenFor(me, 'live-s') })).toMatchObject({
      ok: true,
    });
    expect(await emit(socket, 'chat:send', { chatId: 'live-s', message: 'renewed' })).toMatchObject({
      ok: true,
    });
  });

  it('answers 400 naming message for 141 characters, and the limits as over HTTP', async () => {
    const me = await w.user();
    const socket = await joined(me, 'live-len');
    expect(await emit(socket, 'chat:send', { chatId: 'live-len', message: 'x'.repeat(141) })).toMatchObject({
      ok: false,
      status: 400,
      error: { field: 'message', message: 'Message is longer than 140 characters' },
    });
  });

  it('delivers a message to the room (socket or HTTP), and a staff deletion', async () => {
    const [me, you, staff] = [await w.user(), await w.user(), await w.user({ roles: ['staff'] })];
    const mine = await joined(me, 'live-deliver');
    const yours = await joined(you, 'live-deliver', { write: false });
    const arrived = next<ChatMessage>(yours, 'chat:message');
    const ack = await emit<{ message: ChatMessage }>(mine, 'chat:send', {
      chatId: 'live-deliver',
      message: 'goal :fire:',
    });
    expect(ack).toMatchObject({ ok: true, message: { value: 'goal :fire:', publisher: me.id } });
    expect(await arrived).toMatchObject({ value: 'goal :fire:', chatId: 'live-deliver', publisher: me.id });

    const viaHttp = next<ChatMessage>(mine, 'chat:message');
    await w.send(you, 'live-deliver', 'from the web');
    expect(await viaHttp).toMatchObject({ value: 'from the web', publisher: you.id });

    const gone = next<{ id: string }>(yours, 'chat:deleted');
    const id = ack.ok ? ack.message.id : '';
    expect(
      (await w.call('DELETE', `/v2/sites/acme/chats/live-deliver/messages/${id}`, staff)).statusCode,
    ).toBe(204);
    expect(await gone).toEqual({ chatId: 'live-deliver', id });
  });

  it('a ban tells the banned user’s every socket at once, and their next message is refused', async () => {
    const [target, staff] = [await w.user(), await w.user({ roles: ['staff'] })];
    const a = await joined(target, 'live-ban');
    const b = await socketOf(target);
    const told = [next(a, 'chat:suspended'), next(b, 'chat:suspended')];
    await w.ban(staff, { userId: target.id });
    for (const ban of await Promise.all(told))
      expect(ban).toMatchObject({ message: CHAT_SUSPENDED_MESSAGE, chatBanUntil: expect.any(String) });
    // The grant said writer; the ban table says no.
    expect(await emit(a, 'chat:send', { chatId: 'live-ban', message: 'hi' })).toMatchObject({
      ok: false,
      status: 403,
      error: { code: 'chatSuspended', message: CHAT_SUSPENDED_MESSAGE },
    });
  });
});

describe.skipIf(!process.env.REDIS_URL)('two nodes over Redis', () => {
  let second: FastifyInstance;
  let secondUrl: string;
  beforeAll(async () => {
    ({ app: second, url: secondUrl } = await secondNode(w));
  });
  // Closing the app leaves the shared database to the first one.
  afterAll(() => second?.close());

  it('a message sent on one node and a ban issued there reach a client connected to the other', async () => {
    const [viewer, sender, staff] = [await w.user(), await w.user(), await w.user({ roles: ['staff'] })];
    // The client is on the first node; the calls go to the second, which no socket ever joined.
    const onFirst = await joined(viewer, 'live-two');
    const onSecond = (who: typeof viewer, method: 'POST' | 'PATCH', url: string, payload: object) =>
      second.inject({ method, url, headers: who.headers, payload });
    const arrived = next<ChatMessage>(onFirst, 'chat:message');
    const sent = await onSecond(sender, 'POST', '/v2/sites/acme/chats/live-two', { message: 'across nodes' });
    expect(sent.statusCode).toBe(201);
    expect(await arrived).toMatchObject({ value: 'across nodes', publisher: sender.id });

    const suspended = next(onFirst, 'chat:suspended');
    expect(
      (await onSecond(staff, 'PATCH', '/v2/sites/acme/chats/ban', { userId: viewer.id })).statusCode,
    ).toBe(200);
    expect(await suspended).toMatchObject({ message: CHAT_SUSPENDED_MESSAGE });
    expect(await emit(onFirst, 'chat:send', { chatId: 'live-two', message: 'still here?' })).toMatchObject({
      ok: false,
      status: 403,
      error: { code: 'chatSuspended' },
    });
  });

  it('a socket on the second node receives what the first node sends', async () => {
    const [viewer, sender] = [await w.user(), await w.user()];
    const onSecond = await joined(viewer, 'live-two-b', { target: secondUrl });
    const arrived = next<ChatMessage>(onSecond, 'chat:message');
    expect((await w.send(sender, 'live-two-b', 'the other way')).statusCode).toBe(201);
    expect(await arrived).toMatchObject({ value: 'the other way' });
  });
});
