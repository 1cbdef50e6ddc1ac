// The shared realtime client (packages/api-client/src/realtime.ts) against the real gateway: it
// presents a fresh token on every connect, refreshes one the server refused as expired, answers
// a refused call with an ApiError carrying the HTTP status, and signs out on revocation.
import type { AddressInfo } from 'node:net';
import { ApiError, connectRealtime, realtimeCall, type RealtimeSocket } from '@marquee/api-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySessionStore } from '../../src/infra/session-store';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, DAY, type AccountsHarness } from '../support/accounts';

const sessions = createMemorySessionStore(DAY, () => t.clock.now);
let t: AccountsHarness;
let url: string;
const open: RealtimeSocket[] = [];

beforeAll(async () => {
  t = await accountsHarness({
    sites: [newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' })],
    context: { sessions },
  });
  await t.h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.h.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => t.h.close());

let n = 0;
const tokenOf = (id: string) => t.accessTokenFor({ id, site: 'acme', email: `${id}@acme.test` });

function client(opts: {
  token: () => Promise<string | null>;
  refresh?: (used: string) => Promise<string | null>;
}) {
  const calls = { refreshed: [] as string[], revoked: 0 };
  const socket = connectRealtime({
    baseUrl: url,
    token: opts.token,
    refresh: async (used) => {
      calls.refreshed.push(used);
      return (await opts.refresh?.(used)) ?? null;
    },
    onRevoked: () => void (calls.revoked += 1),
    headers: { origin: 'https://tv.acme.test' },
  });
  open.push(socket);
  return { socket, calls };
}

const connected = (socket: RealtimeSocket) =>
  new Promise<void>((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())));

describe('connectRealtime', () => {
  it('refreshes a token the server refused as expired, then connects with the new one', async () => {
    const id = `client-${++n}`;
    t.clock.now -= DAY; // a token issued a day ago: expired now
    const stale = await tokenOf(id);
    t.clock.now += DAY;
    const fresh = await tokenOf(id);
    let current = stale;
    const { socket, calls } = client({
      token: async () => current,
      refresh: async () => (current = fresh),
    });
    await connected(socket);
    expect(calls.refreshed).toEqual([stale]);
  });

  it('answers a refused call with an ApiError carrying the status, code and field', async () => {
    const token = await tokenOf(`client-${++n}`);
    const { socket } = client({ token: async () => token });
    await connected(socket);
    const error = await realtimeCall(socket, 'chat:leave', { chatId: 'lobby-x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid', field: 'chatId' });
    const refused = await realtimeCall(socket, 'chat:join', { token: 'chat1.forged.mac' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ status: 401, code: 'chatTokenInvalid', field: 'token' });
    await expect(realtimeCall(socket, 'chat:leave', { chatId: 'live-final' })).resolves.toMatchObject({
      ok: true,
    });
  });

  it('tells the app when the server revokes the session, and stays down', async () => {
    const id = `client-${++n}`;
    const token = await tokenOf(id);
    const { socket, calls } = client({ token: async () => token });
    await connected(socket);
    await sessions.revoke([`session-${id}`]);
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.emit('chat:leave', { chatId: 'live-x' }, () => {});
    await gone;
    expect(calls.revoked).toBe(1);
    expect(socket.active).toBe(false);
  });
});
