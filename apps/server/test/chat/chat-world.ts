// The chat tests' world: sites with chat as it comes, with slow mode, with chat hidden, and with
// an online threshold; users of each kind (named, nameless, staff, support, admin, another
// site's), each test's own ones.
import { REALTIME_PATH } from '@marquee/contract';
import { io as connect, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createMemoryRateLimiter } from '../../src/infra/rate-limiter';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { videoRow } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

export const SLOW_SECONDS = 10;
/** The crowd site shows a room's online count from this many people on. */
export const ONLINE_THRESHOLD = 2;

export async function chatWorld(env: Record<string, string> = {}) {
  const clock = { harness: undefined as AccountsHarness | undefined };
  // The harness clock drives the limiter too (slow mode and the flood window), even with Redis.
  const limiter = createMemoryRateLimiter(() => clock.harness!.clock.now);
  const harness = await accountsHarness({
    sites: [
      newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' }),
      newSiteRow('slow', 'Slow TV', {
        hosts: '["slow.test"]',
        perms: JSON.stringify({ slowModeChat: true }),
        chat: JSON.stringify({ enabled: true, slowModeSeconds: SLOW_SECONDS, onlineUserThreshold: 0 }),
      }),
      newSiteRow('quiet', 'Quiet TV', { perms: JSON.stringify({ hideChat: true }) }),
      newSiteRow('crowd', 'Crowd TV', {
        hosts: '["crowd.test"]',
        chat: JSON.stringify({ enabled: true, slowModeSeconds: 0, onlineUserThreshold: ONLINE_THRESHOLD }),
      }),
      newSiteRow('other', 'Other TV', { hosts: '["other.test"]' }),
    ],
    env,
    context: { limiter },
  });
  clock.harness = harness;
  let n = 0;

  /** A new user of `site` (first name Test unless given; '' for none) and their access token. */
  async function user(opts: { site?: string; roles?: string[]; firstName?: string } = {}) {
    const site = opts.site ?? 'acme';
    const id = `chatter-${++n}`;
    const email = `${id}@${site}.test`;
    await harness.insertUser(
      {
        id,
        site_uid: site,
        email,
        first_name: opts.firstName ?? `Name${n}`,
        roles: JSON.stringify(opts.roles ?? []),
      },
      null,
    );
    const token = await harness.accessTokenFor({ id, site, email, roles: opts.roles ?? [] });
    return { id, site, token, roles: opts.roles ?? [], headers: bearer(token) };
  }
  type Caller = Awaited<ReturnType<typeof user>>;

  // Every room a test uses exists: a live event (live-…) or a video (video-…) of the caller's site.
  const rooms = new Set<string>();
  async function room(site: string, chatId: string) {
    const kind = chatId.split('-')[0] ?? '';
    const uid = chatId.slice(kind.length + 1);
    if ((kind !== 'live' && kind !== 'video') || rooms.has(`${site}/${uid}`)) return;
    rooms.add(`${site}/${uid}`);
    await harness.h.db
      .insertInto('videos')
      .values(videoRow(site, uid, { type: kind === 'live' ? 'liveEvent' : 'video' }))
      .execute();
  }

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Caller, payload?: unknown) =>
    harness.h.app.inject({
      method,
      url,
      headers: who?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const sockets: Socket[] = [];
  return {
    t: harness,
    user,
    call,
    /** The app listening on a free port: its URL. */
    async listen(): Promise<string> {
      await harness.h.app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(harness.h.app.server.address() as AddressInfo).port}`;
    },
    /** A connected socket (chatSocket), closed by `closeSockets`. */
    async socket(url: string, token: string, origin?: string): Promise<Socket> {
      const socket = await chatSocket(url, token, origin);
      sockets.push(socket);
      return socket;
    },
    closeSockets(): void {
      for (const socket of sockets.splice(0)) socket.close();
    },
    /** A new access token for the caller at the current clock (after a test moved it a long way). */
    async refresh(who: Caller) {
      const email = `${who.id}@${who.site}.test`;
      who.headers = bearer(
        await harness.accessTokenFor({ id: who.id, site: who.site, email, roles: who.roles }),
      );
    },
    room,
    async grant(who: Caller, chatId: string, body: { read?: boolean; write?: boolean } = { write: true }) {
      await room(who.site, chatId);
      return call('PATCH', `/v2/sites/${who.site}/chats/${chatId}`, who, body);
    },
    async send(who: Caller, chatId: string, message: string) {
      await room(who.site, chatId);
      return call('POST', `/v2/sites/${who.site}/chats/${chatId}`, who, { message });
    },
    async history(who: Caller, chatId: string, query = '') {
      await room(who.site, chatId);
      return call('GET', `/v2/sites/${who.site}/chats/${chatId}/messages${query}`, who);
    },
    ban: (who: Caller, body: { userId: string; chatBanUntil?: string | null }) =>
      call('PATCH', `/v2/sites/${who.site}/chats/ban`, who, body),
    mute: (who: Caller, userId: string, mute: boolean) =>
      call('PATCH', `/v2/sites/${who.site}/chats/mute/${userId}`, who, { mute }),
  };
}
export type ChatWorld = Awaited<ReturnType<typeof chatWorld>>;
export type ChatCaller = Awaited<ReturnType<ChatWorld['user']>>;

/** A connected realtime socket of the holder of `token` at `url`, from a site's origin (acme's). */
export async function chatSocket(
  url: string,
  token: string,
  origin = 'https://tv.acme.test',
): Promise<Socket> {
  const socket = connect(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
    extraHeaders: { origin },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * A second node of the world's deployment (same database, secret, Redis and clock), listening:
 * its app and URL. The caller closes the app; that leaves the shared database to the first one.
 */
export async function secondNode(w: ChatWorld): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({
    config: w.t.h.config,
    db: w.t.h.db,
    context: { now: () => w.t.clock.now },
    logger: false,
    clientsDir: '/nonexistent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}
