import type { PlayableUrl } from '@marquee/api-client';
import { tvPlaybackProblem } from './playback-problem';

/**
 * The purchase path of a paid title on the TV (accounts-and-commerce §7 getPurchaseLink): the web
 * page that sells it, shortened by the site's short-link service (decision 0049) so it fits a QR code
 * and can be typed on a phone, and how often the TV asks play-url again until the purchase lands.
 */

/** How often a TV showing the purchase path asks play-url again (ms). */
export const PURCHASE_POLL_MS = 3_000;

/** play-url's refetch interval: poll while the answer is "buy it first", never otherwise. */
export function purchasePollInterval(error: unknown, data: PlayableUrl | undefined): number | false {
  return tvPlaybackProblem(error, data)?.kind === 'purchase' ? PURCHASE_POLL_MS : false;
}

/** The purchase link's path on the site (what the short-link service takes), or null if it is not a URL. */
export function shortLinkPathOf(link: string): string | null {
  try {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

export type PurchasePathView =
  | { phase: 'loading' }
  | { phase: 'error' }
  /** `url` goes into the QR code; `display` is the same without its scheme, to type on a phone. */
  | { phase: 'ready'; url: string; display: string };

/**
 * What the purchase path shows: the short link on the purchase link's host once both answered; the
 * purchase link itself when shortening failed; an error when there is no purchase link.
 */
export function purchasePathView(input: {
  link: string | undefined;
  linkFailed: boolean;
  /** The short link's path (`/s/{code}`). */
  short: string | undefined;
  shortFailed: boolean;
}): PurchasePathView {
  const { link, linkFailed, short, shortFailed } = input;
  if (linkFailed) return { phase: 'error' };
  if (!link) return { phase: 'loading' };
  let origin: string;
  try {
    origin = new URL(link).origin;
  } catch {
    return { phase: 'error' };
  }
  if (!short && !shortFailed) return { phase: 'loading' };
  const url = short ? new URL(short, origin).href : link;
  return { phase: 'ready', url, display: url.replace(/^https?:\/\//, '') };
}
