// Two server processes of one deployment (PostgreSQL or one SQLite file, Redis, one secret): a
// chat message and a ban issued through the second process reach a client connected to the first
// at once (decision 0045). Runs with REDIS_URL (the Socket.IO Redis adapter carries them).
import type { AddressInfo } from 'node:net';
import { REALTIME_PATH, type ChatMessage, type RealtimeAck } from '@marquee/contract';
import { CHAT_SUSPENDED_MESSAGE } from '@marquee/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/modules/auth/access-token';
import { bearer } from '../support/accounts';
import { startServerProcess } from '../support/server-process';
import { chatWorld, type ChatWorld } from './chat-world';

describe.skipIf(!process.env.REDIS_URL)('two server processes', () => {
  let w: ChatWorld;
  let url: string;
  let second: Awaited<ReturnType<typeof startServerProcess>>;
  let childUrl: string;
  let socket: Socket | undefined;

  beforeAll(async () => {
    w = await chatWorld();
    await w.t.h.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(w.t.h.app.server.address() as AddressInfo).port}`;
    second = await startServerProcess(w.t.h);
    childUrl = second.url;
  }, 90_000);

  afterAll(async () => {
    socket?.close();
    await second?.stop();
    await w?.t.h.close();
  });

  it('a message and a ban sent through the second process reach a client of the first', async () => {
    const [viewer, sender, staff] = [await w.user(), await w.user(), await w.user({ roles: ['staff'] })];
    const grant = await w.grant(viewer, 'live-procs', { read: true });
    socket = connect(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: viewer.token },
      extraHeaders: { origin: 'https://tv.acme.test' },
    });
    const joined = (await socket
      .timeout(5000)
      .emitWithAck('chat:join', { token: grant.json<{ token: string }>().token })) as RealtimeAck;
    expect(joined).toMatchObject({ ok: true, chatId: 'live-procs' });

    // The second process keeps real time (the first runs on the test clock): its callers' tokens too.
    const tokens = createAccessTokens(w.t.h.config.authSecret, 900, () => Date.now());
    const headersOf = async (who: { id: string; roles: string[] }) =>
      bearer(
        await tokens.sign({
          id: who.id,
          siteUid: 'acme',
          email: `${who.id}@acme.test`,
          roles: who.roles,
          sessionId: `session-${who.id}`,
        }),
      );
    const call = async (who: { id: string; roles: string[] }, method: string, path: string, body: object) =>
      fetch(`${childUrl}${path}`, {
        method,
        headers: { ...(await headersOf(who)), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const arrived = new Promise<ChatMessage>((r) => socket!.once('chat:message', r));
    const sent = await call(sender, 'POST', '/v2/sites/acme/chats/live-procs', {
      message: 'from the other process',
    });
    expect(sent.status).toBe(201);
    expect(await arrived).toMatchObject({ value: 'from the other process', publisher: sender.id });

    const suspended = new Promise((r) => socket!.once('chat:suspended', r));
    const banned = await call(staff, 'PATCH', '/v2/sites/acme/chats/ban', { userId: viewer.id });
    expect(banned.status).toBe(200);
    expect(await suspended).toMatchObject({ message: CHAT_SUSPENDED_MESSAGE });
  });
});
