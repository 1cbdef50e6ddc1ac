// Two server processes of one deployment (PostgreSQL or one SQLite file, Redis, one secret): a
// chat message and a ban issued through the second process reach a client connected to the first
// at once (decision 0045). Runs with REDIS_URL (the Socket.IO Redis adapter carries them).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { REALTIME_PATH, type ChatMessage, type RealtimeAck } from '@marquee/contract';
import { CHAT_SUSPENDED_MESSAGE } from '@marquee/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/modules/auth/access-token';
import { bearer } from '../support/accounts';
import { chatWorld, type ChatWorld } from './chat-world';

const root = resolve(import.meta.dirname, '../../../..');

describe.skipIf(!process.env.REDIS_URL)('two server processes', () => {
  let w: ChatWorld;
  let url: string;
  let child: ChildProcess;
  let childUrl: string;
  let output = '';
  let socket: Socket | undefined;

  beforeAll(async () => {
    w = await chatWorld();
    await w.t.h.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(w.t.h.app.server.address() as AddressInfo).port}`;
    // A free port for the second process: listen on 0, note it, let it go.
    const probe = createServer();
    const port = await new Promise<number>((done) =>
      probe.listen(0, '127.0.0.1', () => done((probe.address() as AddressInfo).port)),
    );
    await new Promise((done) => probe.close(done));
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: { ...w.t.h.childEnv(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    childUrl = `http://127.0.0.1:${port}`;
    // Ready when it answers its health check.
    for (let i = 0; i < 240; i++) {
      const up = await fetch(`${childUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the second process did not start:\n${output}`);
  }, 90_000);

  afterAll(async () => {
    socket?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
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
    expect(sent.status, output).toBe(201);
    expect(await arrived).toMatchObject({ value: 'from the other process', publisher: sender.id });

    const suspended = new Promise((r) => socket!.once('chat:suspended', r));
    const banned = await call(staff, 'PATCH', '/v2/sites/acme/chats/ban', { userId: viewer.id });
    expect(banned.status, output).toBe(200);
    expect(await suspended).toMatchObject({ message: CHAT_SUSPENDED_MESSAGE });
  });
});
