import type { UpdateWatchPartyBody, Video, WatchPartySession } from '@marquee/contract';
import { apiPath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

// Watch parties (playback-and-social §7 "Watch party"; decision 0046). The sync runs over the
// realtime socket (`party:join`, `party:message`); these are the session calls.

const partyPath = (api: ApiClient, ...rest: string[]) =>
  apiPath('v2', 'sites', api.site, 'watch-party', ...rest);

export const watchPartyQueryKey = (api: ApiClient, pid: string) =>
  [...queryKeys.all(api), 'watch-party', pid] as const;

/** POST watch-party/{contentId}[?isLive=true]: the caller hosts a new party (201). */
export function createWatchParty(api: ApiClient, contentId: string, opts: { isLive?: boolean } = {}) {
  return api.request<WatchPartySession>('POST', partyPath(api, contentId), {
    query: opts.isLive ? { isLive: 'true' } : undefined,
  });
}

/** GET watch-party/{pid}. */
export function getWatchParty(api: ApiClient, pid: string, signal?: AbortSignal) {
  return api.get<WatchPartySession>(partyPath(api, pid), { signal });
}

/** PATCH watch-party/{pid} with action start, joined, end or changeHost. */
export function updateWatchParty(api: ApiClient, pid: string, body: UpdateWatchPartyBody) {
  return api.request<WatchPartySession>('PATCH', partyPath(api, pid), { body });
}

/** GET watch-party/{pid}/content: the party's video or live event. */
export function getWatchPartyContent(api: ApiClient, pid: string, signal?: AbortSignal) {
  return api.get<Video>(partyPath(api, pid, 'content'), { signal });
}

/** GET watch-party-code/{code}: the party of a short code (a TV joins with it). */
export function findWatchPartyByCode(api: ApiClient, code: string, signal?: AbortSignal) {
  return api.get<WatchPartySession>(apiPath('v2', 'sites', api.site, 'watch-party-code', code), { signal });
}
