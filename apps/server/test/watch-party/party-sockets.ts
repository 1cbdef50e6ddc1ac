// The watch-party socket tests' tools: a listening party world (sockets closed after each test),
// party:join and party:message calls, waiting for the room's messages, a started room.
import type { AddressInfo } from 'node:net';
import {
  REALTIME_PATH,
  type PartyServerMessage,
  type RealtimeAck,
  type WatchPartySession,
} from '@marquee/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { partyWorld } from './support';

export type PartyWorld = Awaited<ReturnType<typeof partyWorld>>;

/** The next `event` (of one argument) the socket receives that passes `test` (rejects after 3 s). */
export function nextEvent<T>(socket: Socket, event: string, test: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no such ${event}`)), 3000);
    const on = (value: T) => {
      if (!test(value)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(value);
    };
    socket.on(event, on);
  });
}
export type Ack = RealtimeAck<Record<string, unknown>> & Record<string, unknown>;

/**
 * Registers the file's hooks (a party world listening on a port, `setup` first: a site's perms…)
 * and answers the tools; `world()` and `url()` once the hooks ran.
 */
export function listeningPartyWorld(setup?: (w: PartyWorld) => Promise<void>) {
  let w: PartyWorld | undefined;
  let base = '';
  const open: Socket[] = [];
  const world = () => w!;
  const url = () => base;
  beforeAll(async () => {
    w = await partyWorld();
    await setup?.(w);
    await w.t.h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(w.t.h.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => w?.t.h.close());

  /** A connected socket of `user` (on `target`, the first node unless said). */
  async function socketOf(user: string, target = url()): Promise<Socket> {
    const socket = connect(target, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: await world().as(user) },
      extraHeaders: { origin: 'https://tv.acme.test' },
    });
    open.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const call = (socket: Socket, event: string, payload: unknown): Promise<Ack> =>
    socket.timeout(5000).emitWithAck(event, payload);
  const joinParty = (socket: Socket, pid: string) => call(socket, 'party:join', { pid });
  const send = (socket: Socket, pid: string, message: unknown) =>
    call(socket, 'party:message', { pid, message });

  /** The next party message of `type` the socket receives (rejects after 3 s). */
  function next<T extends PartyServerMessage['type']>(
    socket: Socket,
    type: T,
  ): Promise<Extract<PartyServerMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type}`)), 3000);
      const on = (_pid: string, message: PartyServerMessage) => {
        if (message.type !== type) return;
        clearTimeout(timer);
        socket.off('party:message', on);
        resolve(message as Extract<PartyServerMessage, { type: T }>);
      };
      socket.on('party:message', on);
    });
  }

  /** The next session the socket is told of that passes `test`. */
  const nextSession = (socket: Socket, test: (s: WatchPartySession) => boolean) =>
    nextEvent(socket, 'party:session', test);

  /** Nothing of `type` within a short while (a negative check: its wait is the assertion's window). */
  function nothing(socket: Socket, type: string, ms = 300): Promise<boolean> {
    return new Promise((resolve) => {
      const on = (_pid: string, message: PartyServerMessage) => {
        if (message.type === type) {
          socket.off('party:message', on);
          resolve(false);
        }
      };
      socket.on('party:message', on);
      setTimeout(() => {
        socket.off('party:message', on);
        resolve(true);
      }, ms);
    });
  }

  /** A started party with `guests` joined over HTTP; the host's and guests' sockets joined to it. */
  async function room(host: string, guests: string[], opts: { guestSource?: string } = {}) {
    const pid = await world().startedParty(host);
    for (const g of guests)
      await world().t.h.app.inject({
        method: 'PATCH',
        url: `/v2/sites/acme/watch-party/${pid}?__source=${opts.guestSource ?? 'web'}`,
        headers: { authorization: `Bearer ${await world().as(g)}` },
        payload: { action: 'joined' },
      });
    const hostSocket = await socketOf(host);
    expect(await joinParty(hostSocket, pid)).toMatchObject({ ok: true });
    const guestSockets: Socket[] = [];
    for (const g of guests) {
      const s = await socketOf(g);
      expect(await joinParty(s, pid)).toMatchObject({ ok: true });
      guestSockets.push(s);
    }
    return { pid, hostSocket, guestSockets };
  }

  const action = (
    kind: string,
    seq: number,
    position: number,
    playing: boolean,
    at = world().t.clock.now,
  ) => ({
    type: 'party.action',
    kind,
    seq,
    at,
    position,
    playing,
  });
  const progress = (seq: number, position: number, playing = true, at = world().t.clock.now) => ({
    type: 'party.progress',
    seq,
    at,
    position,
    playing,
  });

  return { world, url, socketOf, call, joinParty, send, next, nextSession, nothing, room, action, progress };
}
