import type { LeftMenuItem, SiteConfig } from '@marquee/contract';
import { resolveTab, tabHref } from './pages';

/** The left menu hides this long after it is dismissed (discovery-and-site §2.9). */
export const LEFT_MENU_HIDE_DELAY_MS = 250;

/** The placeholder a link item carries for the signed-in user's id. */
export const USER_ID_TOKEN = '[USER_ID]';

/** §2.9 "Link items replace the token [USER_ID] with the logged-in user id" (empty when signed out). */
export function replaceUserId(url: string, userId: string | null): string {
  return url.split(USER_ID_TOKEN).join(encodeURIComponent(userId ?? ''));
}

/** Where a menu item leads: an app path, or an external URL that opens in a new tab. */
export type MenuTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

const isExternal = (url: string) => /^https?:\/\//i.test(url);
const channelHref = (id: string) => `/channels/details/${encodeURIComponent(id.toLowerCase())}`;

/**
 * The target of each left-menu item type. channel-group has one target per channel (see
 * `channelGroupTargets`), so its own target is its first channel.
 */
export function menuItemTarget(
  item: LeftMenuItem,
  config: Pick<SiteConfig, 'pages' | 'defaultPage'>,
  userId: string | null,
): MenuTarget {
  switch (item.type) {
    case 'channel-group':
      return { kind: 'internal', to: channelHref(item.channelIds[0]!) };
    case 'channel':
      return { kind: 'internal', to: channelHref(item.channelId) };
    case 'overlay-toggle':
      return { kind: 'internal', to: `/overlay/${encodeURIComponent(item.pageUrl)}` };
    case 'link': {
      const url = replaceUserId(item.url, userId);
      return isExternal(url) ? { kind: 'external', href: url } : { kind: 'internal', to: url };
    }
    case 'tip-jar':
      return isExternal(item.url) ? { kind: 'external', href: item.url } : { kind: 'internal', to: item.url };
    case 'subscribe':
      return { kind: 'internal', to: '/subscribe' };
    case 'gift':
      return { kind: 'internal', to: '/gift' };
    case 'directory': {
      const found = resolveTab(config, 'directory', item.pageUrl, item.tabUrl);
      return { kind: 'internal', to: found ? tabHref(found.page.url, found.tab) : '/' };
    }
    case 'library':
      return { kind: 'internal', to: `/library/${encodeURIComponent(item.library)}` };
  }
}

/** The channels of a channel-group item, each to its details. */
export function channelGroupTargets(channelIds: string[]): { channelId: string; to: string }[] {
  return channelIds.map((channelId) => ({ channelId, to: channelHref(channelId) }));
}
