import type { PlayableUrl } from '@marquee/api-client';
import type { PlaybackProblemKind } from './playback-problem';

const enc = encodeURIComponent;

/** Where the watch screen was opened from, carried through login and subscribe (accounts-and-commerce §2). */
export interface WatchIntent {
  channelId: string;
  videoUid: string;
  seriesUid?: string | null;
  pageUrl?: string | null;
  tabUrl?: string | null;
}

type Hints = Partial<
  Pick<
    PlayableUrl,
    'bundleId' | 'bundleIds' | 'rentalId' | 'rentalIds' | 'productIds' | 'isPreorder' | 'existsPasscodeBoth'
  >
> & { hybridPaywall?: boolean };

/** /login?odrc=watch&…: "Login-required routes send the visitor to login with the original intent in odrc and its parameters kept." */
export function loginHref(intent: WatchIntent, passcode = false): string {
  const q = new URLSearchParams({ odrc: 'watch', videoUid: intent.videoUid, channel: intent.channelId });
  if (intent.seriesUid) q.set('seriesUid', intent.seriesUid);
  // §4.1 code 30 "go to login with the passcode state": the passcode sign-in screen.
  return `${passcode ? '/passcode' : '/login'}?${q}`;
}

/**
 * /subscribe with the spec's parameters (accounts-and-commerce §2 "Subscribe parameters: odrc,
 * purchaseVideo, data (videoUid, bundleId, bundleIds, rentalId, rentalIds, productIds), pageUrl,
 * tabUrl, channel, isHybrid"); `data` is JSON.
 */
export function subscribeHref(intent: WatchIntent, hints: Hints): string {
  const data = {
    videoUid: intent.videoUid,
    bundleId: hints.bundleId ?? null,
    bundleIds: hints.bundleIds ?? [],
    rentalId: hints.rentalId ?? null,
    rentalIds: hints.rentalIds ?? [],
    productIds: hints.productIds ?? [],
  };
  const q = new URLSearchParams({
    odrc: 'watch',
    purchaseVideo: intent.videoUid,
    data: JSON.stringify(data),
    channel: intent.channelId,
  });
  if (intent.pageUrl) q.set('pageUrl', intent.pageUrl);
  if (intent.tabUrl) q.set('tabUrl', intent.tabUrl);
  if (hints.hybridPaywall) q.set('isHybrid', 'true');
  return `/subscribe?${q}`;
}

/**
 * §4.1 "no url → go to subscribe, or to preorder if isPreorder": /preorder/{bundleId}/{videoUid},
 * with the intent (odrc=watch, channel) so the checkout after it returns to this title (decision 0034).
 */
export function preorderHref(intent: WatchIntent, hints: Hints): string | null {
  const bundle = hints.bundleId ?? hints.bundleIds?.[0];
  if (!bundle) return null;
  const q = new URLSearchParams({ odrc: 'watch', channel: intent.channelId });
  return `/preorder/${enc(bundle)}/${enc(intent.videoUid)}?${q}`;
}

/**
 * P§3 existsPasscodeBoth, A§2 /passcode?existsPasscodeBoth (decision 0061): content sold both with
 * and without a passcode shows, beside Subscribe, the passcode sign-in (which knows it can send the
 * viewer back to buy). Null when there is no passcode way in.
 */
export function passcodeAlternativeHref(
  kind: PlaybackProblemKind,
  intent: WatchIntent,
  hints: Hints | null | undefined,
): string | null {
  if (kind !== 'purchase' || !hints?.existsPasscodeBoth) return null;
  return `${loginHref(intent, true)}&existsPasscodeBoth=1`;
}

export type PlaybackTarget =
  /** Go there at once (login, passcode login). */
  | { kind: 'redirect'; href: string }
  /** Show the notice with this link (subscribe, pre-order). */
  | { kind: 'link'; href: string; label: 'subscribe' | 'preorder' | 'login' }
  /** Show the problem as an error toast and go home (§8 privateContent, archivedContent). */
  | { kind: 'home'; href: string }
  | { kind: 'none' };

/**
 * What the watch screen does with a play-url outcome (§4.1). Login outcomes redirect; in an embed
 * (a partner's page) they become a link opening the site instead. Private or archived content
 * toasts and goes home (§8), except in an embed. The paywall shows its notice with
 * a Subscribe or Pre-order link (decision 0028: until the commerce screens land, a link rather than
 * a redirect to a screen that does not exist yet).
 */
export function playbackTarget(
  kind: PlaybackProblemKind,
  intent: WatchIntent,
  hints: Hints | null | undefined,
  embed = false,
): PlaybackTarget {
  switch (kind) {
    case 'login':
    case 'passcode': {
      const href = loginHref(intent, kind === 'passcode');
      return embed ? { kind: 'link', href, label: 'login' } : { kind: 'redirect', href };
    }
    case 'preorder': {
      const href = preorderHref(intent, hints ?? {});
      if (href) return { kind: 'link', href, label: 'preorder' };
      return { kind: 'link', href: subscribeHref(intent, hints ?? {}), label: 'subscribe' };
    }
    case 'purchase':
      return { kind: 'link', href: subscribeHref(intent, hints ?? {}), label: 'subscribe' };
    // §8 "privateContent or archivedContent: error toast, then go home"; an embed keeps its notice.
    case 'closed':
      return embed ? { kind: 'none' } : { kind: 'home', href: '/' };
    default:
      return { kind: 'none' };
  }
}
