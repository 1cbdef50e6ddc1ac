import { LAST_VIEWED_MAX, parseLastViewed, updateLastViewed } from '@marquee/domain';

/** The localStorage key of a site's last-viewed channels on this device (decision 0014). */
export const lastViewedKey = (siteUid: string) => `marquee.epg.lastViewed.${siteUid}`;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored list, most recent first; empty when storage is unavailable or holds something else. */
export function readLastViewed(store: KeyValueStore | undefined, siteUid: string): string[] {
  try {
    return parseLastViewed(store?.getItem(lastViewedKey(siteUid)), LAST_VIEWED_MAX);
  } catch {
    return [];
  }
}

/** Puts `channelId` first and stores the list; returns it (storage failures only lose the memory). */
export function recordLastViewed(
  store: KeyValueStore | undefined,
  siteUid: string,
  channelId: string,
): string[] {
  const next = updateLastViewed(readLastViewed(store, siteUid), channelId, LAST_VIEWED_MAX);
  try {
    store?.setItem(lastViewedKey(siteUid), JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the list lives for this page only.
  }
  return next;
}
