// The chat tests' world: sites with chat as it comes, with slow mode, and with chat hidden; users
// of each kind (named, nameless, staff, support, admin, another site's), each test's own ones.
import { createMemoryRateLimiter } from '../../src/infra/rate-limiter';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
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
    grant: (who: Caller, chatId: string, body: { read?: boolean; write?: boolean } = { write: true }) =>
      call('PATCH', `/v2/sites/${who.site}/chats/${chatId}`, who, body),
    send: (who: Caller, chatId: string, message: string) =>
      call('POST', `/v2/sites/${who.site}/chats/${chatId}`, who, { message }),
    history: (who: Caller, chatId: string, query = '') =>
      call('GET', `/v2/sites/${who.site}/chats/${chatId}/messages${query}`, who),
    ban: (who: Caller, body: { userId: string; chatBanUntil?: string | null }) =>
      call('PATCH', `/v2/sites/${who.site}/chats/ban`, who, body),
    mute: (who: Caller, userId: string, mute: boolean) =>
      call('PATCH', `/v2/sites/${who.site}/chats/mute/${userId}`, who, { mute }),
  };
}
export type ChatWorld = Awaited<ReturnType<typeof chatWorld>>;
