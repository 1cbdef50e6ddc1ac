// The realtime gateway (issue 15, decision 0043) over real Socket.IO connections to a listening
// app: who is refused at the handshake, who is dropped later, how a malformed message is answered,
// and that a room broadcast reaches its members only. On SQLite with the memory session store, and
// on PostgreSQL + Redis (the Redis adapter then carries every broadcast).
import type { AddressInfo } from 'node:net';
import { REALTIME_PATH, type RealtimeAck } from '@marquee/contract';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySessionStore } from '../../src/infra/session-store';
import { roomName } from '../../src/modules/realtime/realtime.gateway';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { videoRow } from '../fixtures';
import { accountsHarness, bearer, DAY, type AccountsHarness } from '../support/accounts';

const TV_ORIGIN = 'file://';
const sessions = createMemorySessionStore(DAY, () => t.clock.now);
let t: AccountsHarness;
let url: string;
const open: Socket[] = [];

beforeAll(async () => {
  t = await accountsHarness({
    sites: [
      newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' }),
      newSiteRow('other', 'Other TV', { hosts: '["other.test"]' }),
    ],
    env: { REALTIME_TV_ORIGINS: `${TV_ORIGIN}, app://tv` },
    context: { sessions },
  });
  // The live events whose chat rooms the tests join.
  await t.h.db
    .insertInto('videos')
    .values(
      ['final', 'semi'].flatMap((uid) =>
        ['acme', 'other'].map((site) => videoRow(site, uid, { type: 'liveEvent' })),
      ),
    )
    .execute();
  await t.h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.h.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => t.h.close());

let n = 0;
/** A new user of `site`: their access token and session id. */
async function user(site = 'acme') {
  const id = `user-rt-${++n}`;
  await t.insertUser({ id, site_uid: site, email: `${id}@${site}.test` }, null);
  return {
    id,
    token: await t.accessTokenFor({ id, site, email: `${id}@${site}.test` }),
    sessionId: `session-${id}`,
  };
}

function socketTo(target: string, opts: { token?: string; origin?: string | null } = {}) {
  const origin = opts.origin === undefined ? 'https://tv.acme.test' : opts.origin;
  const socket = connect(target, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: opts.token === undefined ? {} : { token: opts.token },
    extraHeaders: origin === null ? {} : { origin },
  });
  open.push(socket);
  return socket;
}

/** Connected, or the handshake's refusal. */
function handshake(socket: Socket): Promise<{ connected: true } | { refused: string; code: unknown }> {
  return new Promise((resolve) => {
    // A socket awaited after another may have connected already: its 'connect' is not emitted again.
    if (socket.connected) return resolve({ connected: true });
    socket.once('connect', () => resolve({ connected: true }));
    socket.once('connect_error', (err: Error & { data?: { code?: string } }) =>
      resolve({ refused: err.message, code: err.data?.code }),
    );
  });
}

/**
 * Joins a live event's chat room the only way a socket can enter a room: with a chat token the
 * HTTP API granted (PATCH chats/{id}), presented as `chat:join`.
 */
async function join(
  socket: Socket,
  token: string,
  room: { id: string },
  site = 'acme',
  node = t.h.app,
): Promise<RealtimeAck> {
  const grant = await node.inject({
    method: 'PATCH',
    url: `/v2/sites/${site}/chats/live-${room.id}`,
    headers: bearer(token),
    payload: { read: true },
  });
  expect(grant.statusCode).toBe(200);
  return socket.timeout(5000).emitWithAck('chat:join', { token: grant.json<{ token: string }>().token });
}

/** The next `probe` the socket receives within `ms`, or 'nothing'. */
function nextProbe(socket: Socket, ms = 500): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('nothing'), ms);
    socket.once('probe', (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Chat and parties add their own server events; the test broadcasts one of its own. */
const broadcast = (io: unknown, site: string, room: { kind: 'live'; id: string }, payload: unknown) =>
  (io as Server).to(roomName('chat', site, room)).emit('probe', payload);

describe('handshake', () => {
  it('refuses a socket without an access token', async () => {
    expect(await handshake(socketTo(url))).toEqual({
      refused: 'Authentication required: auth.token',
      code: 'unauthorized',
    });
  });

  it('refuses a forged token', async () => {
    expect(await handshake(socketTo(url, { token: 'not-a-jwt' }))).toMatchObject({ code: 'unauthorized' });
  });

  it('refuses an expired token', async () => {
    const { token } = await user();
    t.clock.now += DAY;
    try {
      expect(await handshake(socketTo(url, { token }))).toMatchObject({ code: 'tokenExpired' });
    } finally {
      t.clock.now -= DAY;
    }
  });

  it('refuses the token of a revoked session', async () => {
    const { token, sessionId } = await user();
    await sessions.revoke([sessionId]);
    expect(await handshake(socketTo(url, { token }))).toMatchObject({ code: 'unauthorized' });
  });

  it('refuses an Origin that is not the site’s, the API’s or a TV app’s, and a missing one', async () => {
    const { token } = await user();
    for (const origin of ['https://evil.test', 'https://other.test', 'null', 'not a url', null]) {
      expect(await handshake(socketTo(url, { token, origin })), String(origin)).toEqual({
        refused: 'Origin not allowed',
        code: 'forbiddenOrigin',
      });
    }
  });

  it('admits the site’s hosts, the API’s own origin and the configured TV app origins', async () => {
    const { token } = await user();
    for (const origin of ['https://tv.acme.test', url, TV_ORIGIN, 'app://tv']) {
      expect(await handshake(socketTo(url, { token, origin })), origin).toEqual({ connected: true });
    }
  });
});

describe('a session store that does not answer', () => {
  let down: AccountsHarness;
  let downUrl: string;
  beforeAll(async () => {
    down = await accountsHarness({
      sites: [newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' })],
      env: { AUTH_SECRET: t.h.config.authSecret },
      context: {
        sessions: { ...sessions, isRevoked: () => Promise.reject(new Error('connection refused')) },
      },
    });
    await down.h.app.listen({ port: 0, host: '127.0.0.1' });
    downUrl = `http://127.0.0.1:${(down.h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => down?.h.close());

  it('refuses the handshake as unavailable, without the store’s error', async () => {
    expect(await handshake(socketTo(downUrl, { token: (await user()).token }))).toEqual({
      refused: 'Service unavailable, try again',
      code: 'serviceUnavailable',
    });
  });
});

describe('room names', () => {
  it("a party's chat and its sync are two rooms, and two sites' rooms never meet", () => {
    const room = { kind: 'party' as const, id: 'p1' };
    expect(roomName('chat', 'acme', room)).not.toBe(roomName('party', 'acme', room));
    expect(roomName('chat', 'acme', room)).not.toBe(roomName('chat', 'other', room));
  });
});

describe('messages', () => {
  it('answers a malformed join with an error ack naming the field', async () => {
    const socket = socketTo(url, { token: (await user()).token });
    await handshake(socket);
    const send = (payload: unknown) => socket.timeout(5000).emitWithAck('chat:join', payload);
    expect(await send({})).toMatchObject({ ok: false, error: { code: 'invalid', field: 'token' } });
    expect(await send({ token: 'x', after: 7 })).toMatchObject({ ok: false, error: { field: 'after' } });
    expect(await send('final')).toMatchObject({ ok: false, status: 400, error: { field: 'payload' } });
  });

  it('has no unauthorized join: the old room:join is not answered', async () => {
    const socket = socketTo(url, { token: (await user()).token });
    await handshake(socket);
    await expect(
      socket.timeout(300).emitWithAck('room:join', { kind: 'live', id: 'final' }),
    ).rejects.toThrow();
  });

  it('drops a connected socket once its session is revoked', async () => {
    const { token, sessionId } = await user();
    const socket = socketTo(url, { token });
    await handshake(socket);
    expect(await join(socket, token, { id: 'final' })).toMatchObject({ ok: true });
    const told = new Promise((resolve) => socket.once('session:revoked', () => resolve('told')));
    const dropped = new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await sessions.revoke([sessionId]);
    socket.emit('chat:leave', { chatId: 'live-final' }, () => {});
    expect(await told).toBe('told');
    expect(await dropped).toBe('io server disconnect');
  });

  it('delivers a room broadcast to its members only, not to other rooms or sites', async () => {
    const [a, b, c] = [await user(), await user(), await user('other')];
    const member = socketTo(url, { token: a.token });
    const otherRoom = socketTo(url, { token: b.token });
    const otherSite = socketTo(url, { token: c.token, origin: 'https://other.test' });
    for (const s of [member, otherRoom, otherSite]) expect(await handshake(s)).toEqual({ connected: true });
    expect(await join(member, a.token, { id: 'final' })).toMatchObject({ ok: true });
    expect(await join(otherRoom, b.token, { id: 'semi' })).toMatchObject({ ok: true });
    expect(await join(otherSite, c.token, { id: 'final' }, 'other')).toMatchObject({ ok: true });

    const received = [nextProbe(member), nextProbe(otherRoom), nextProbe(otherSite)];
    broadcast(t.h.app.realtime.io, 'acme', { kind: 'live', id: 'final' }, { goal: 1 });
    expect(await Promise.all(received)).toEqual([{ goal: 1 }, 'nothing', 'nothing']);

    expect(await member.timeout(5000).emitWithAck('chat:leave', { chatId: 'live-final' })).toEqual({
      ok: true,
    });
    const afterLeaving = nextProbe(member);
    broadcast(t.h.app.realtime.io, 'acme', { kind: 'live', id: 'final' }, { goal: 2 });
    expect(await afterLeaving).toBe('nothing');
  });
});

describe.skipIf(!process.env.REDIS_URL)('two nodes over Redis', () => {
  let second: AccountsHarness;
  let secondUrl: string;
  beforeAll(async () => {
    // The same secret and Redis prefix: two nodes of one deployment.
    second = await accountsHarness({
      sites: [newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' })],
      env: { AUTH_SECRET: t.h.config.authSecret, REDIS_PREFIX: t.h.config.redisPrefix },
    });
    await second.h.db
      .insertInto('videos')
      .values(videoRow('acme', 'final', { type: 'liveEvent' }))
      .execute();
    await second.h.app.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => second?.h.close());

  it('carries a broadcast on one node to a member connected to the other', async () => {
    const { token, id } = await user();
    // Each harness has a database of its own; a deployment's nodes share one.
    await second.insertUser({ id, site_uid: 'acme', email: `${id}@acme.test` }, null);
    const onSecond = socketTo(secondUrl, { token });
    expect(await handshake(onSecond)).toEqual({ connected: true });
    expect(await join(onSecond, token, { id: 'final' }, 'acme', second.h.app)).toMatchObject({ ok: true });
    const received = nextProbe(onSecond, 3000);
    broadcast(t.h.app.realtime.io, 'acme', { kind: 'live', id: 'final' }, { from: 'first node' });
    expect(await received).toEqual({ from: 'first node' });
  });
});
