// The chat tests' world: sites with chat as it comes, with slow mode, and with chat hidden; users
// of each kind (named, nameless, staff, support, admin, another site's), each test's own ones.
import { REALTIME_PATH } from '@marquee/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { createMemoryRateLimiter } from '../../src/infra/rate-limiter';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { videoRow } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

export const SLOW_SECONDS = 10;

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

  return {
    t: harness,
    user,
    call,
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

/** A connected realtime socket of the holder of `token` at `url`, from the acme site's origin. */
export async function chatSocket(url: string, token: string): Promise<Socket> {
  const socket = connect(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
    extraHeaders: { origin: 'https://tv.acme.test' },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
