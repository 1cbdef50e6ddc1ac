// Graceful drain on SIGTERM (decision 0082), on a real server process: /readyz turns 503 first,
// then realtime clients are told to reconnect and the listener refuses new connections, while a
// request already in flight still gets its answer; the process exits 0. The client reconnects to
// whichever node answers at the address next (here, a new process on the same port).
import { get, request } from 'node:http';
import { connectRealtime, type RealtimeSocket } from '@marquee/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/context';
import { createAccessTokens } from '../../src/modules/auth/access-token';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const TOKEN = 'drain-scrape-token-0123456789';
let h: Harness;
const started: ServerProcess[] = [];
beforeAll(async () => {
  h = await createHarness();
  await h.db.insertInto('sites').values(newSiteRow('acme', 'Acme TV')).execute();
});
afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
  await h.close();
});

/** A fresh connection (no keep-alive pool): its status, or the connection error's code. */
const probe = (url: string) =>
  new Promise<number | string>((resolve) => {
    get(`${url}/readyz`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('SIGTERM', () => {
  it('readyz 503, sockets told to reconnect, new connections refused, the in-flight request answered, exit 0', async () => {
    const node = await startServerProcess(h, { env: { DRAIN_DELAY_MS: '1000', METRICS_TOKEN: TOKEN } });
    started.push(node);

    // A signed-in viewer's realtime socket, through the shared client the web and TV apps use.
    const tokens = createAccessTokens(h.config.authSecret, ACCESS_TOKEN_TTL_SECONDS, Date.now);
    const token = await tokens.sign({
      id: 'drain-viewer',
      siteUid: 'acme',
      email: 'viewer@acme.test',
      roles: [],
      sessionId: 'drain-session',
    });
    const events: string[] = [];
    const socket: RealtimeSocket = connectRealtime({
      baseUrl: node.url,
      token: async () => token,
      refresh: async () => null,
      onRevoked: () => events.push('revoked'),
      headers: { origin: node.url },
    });
    let connects = 0;
    socket.on('connect', () => void (connects += 1));
    socket.on('server:draining', () => events.push('draining'));
    socket.on('disconnect', (reason) => events.push(`disconnect: ${reason}`));
    try {
      await until(
        'the socket',
        async () => connects,
        (n) => n === 1,
      );
      const scrape = await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(await scrape.text()).toMatch(/^marquee_websocket_connections 1$/m);

      // A login whose body is still arriving when the signal comes.
      const body = JSON.stringify({ email: 'nobody@acme.test', password: 'not the password', site: 'acme' });
      const slow = request(`${node.url}/v2/me/auth/login`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const answered = new Promise<number>((resolve, reject) => {
        slow.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        slow.on('error', reject);
      });
      answered.catch(() => {}); // awaited below; a failure before then must not go unhandled
      slow.write(body.slice(0, 10));
      // Answered after the slow one's connection was accepted (one event loop, in order).
      expect(await probe(node.url)).toBe(200);

      node.signal('SIGTERM');
      const draining = await until(
        'readyz 503',
        () => probe(node.url),
        (s) => s !== 200,
      );
      expect(draining).toBe(503);
      await until(
        'the socket told',
        async () => events,
        (e) => e.length >= 2,
      );
      expect(events).toEqual(['draining', 'disconnect: io server disconnect']);
      expect(
        await until(
          'refused',
          () => probe(node.url),
          (s) => s === 'ECONNREFUSED',
        ),
      ).toBe('ECONNREFUSED');

      slow.end(body.slice(10));
      expect(await answered).toBe(401);
      expect(await node.exited, node.output()).toBe(0);

      // The client connects again by itself once a node answers at the address.
      started.push(await startServerProcess(h, { port: node.port }));
      await until(
        'the socket back',
        async () => connects,
        (n) => n === 2,
      );
      expect(socket.connected).toBe(true);
      expect(events).not.toContain('revoked');
    } finally {
      socket.close();
    }
  }, 120_000);
});
