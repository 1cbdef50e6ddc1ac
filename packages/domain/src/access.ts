/**
 * Who may play what (playback-and-social §4.1, §6). A pure decision over the video (or live
 * channel), the viewer and the bundles that unlock it; the server turns the outcome into the
 * playable-url response.
 *
 * §4.1: "code 10, login required → go to the login state; code 20, live event not started or ended
 * → go to the not-live page; code 30, passcode requires login → go to login with the passcode state;
 * no url → go to subscribe, or to preorder if isPreorder; preview available → play the preview".
 * §6: "Anonymous visitors may browse and watch open content. Content may need login, a passcode, a
 * bundle, a rental, a product or a preorder. Owners of a video get the private and paid exceptions."
 */

export type AccessType = 'public' | 'requiresLogin' | 'paid' | 'private';

/** The result codes the spec's playable-url response carries. */
export const PlayCode = {
  loginRequired: 10,
  notLive: 20,
  passcodeRequiresLogin: 30,
} as const;
export type PlayCode = (typeof PlayCode)[keyof typeof PlayCode];

/** §4.1, the owner's notices, verbatim. */
export const OWNER_PRIVATE_NOTICE = 'NOTE: This video is private. You can view it since you are the owner.';
export const OWNER_PAID_NOTICE =
  'NOTE: This video requires payment to view. You can view it for free because you are the owner.';

/** §8: the default error text. */
export const DEFAULT_ERROR_MESSAGE = 'Uh-oh, something went wrong! Please try again';
export const LOGIN_REQUIRED_MESSAGE = 'You need to log in to watch this content';
export const PASSCODE_REQUIRES_LOGIN_MESSAGE = 'You need to log in with your passcode to watch this content';
export const NOT_STARTED_MESSAGE = 'This live event has not started yet';
export const ENDED_MESSAGE = 'This live event has ended';
export const REQUIRES_BUNDLE_MESSAGE = 'A subscription, rental or purchase is required to watch this content';
export const PREORDER_MESSAGE = 'This content is available for pre-order';

/** A bundle whose video_uids, channels or live_channels include the content (or an ENTIRE_SITE one). */
export type UnlockingBundle = {
  id: string;
  /** ENTIRE_SITE, CHANNELS, PRODUCT, DISABLE_ADS or RENTAL */
  type: string;
  /** single, period, rental, month, year */
  planType: string;
  /** Epoch ms of the pre-order release date, when the bundle is sold as a pre-order. */
  preorderUntilMs?: number | null;
};

export type AccessViewer = {
  id: string;
  /** The viewer uploaded / owns the video. */
  isOwner: boolean;
  /** Bundles (and rentals) the viewer currently holds. */
  entitledBundleIds: readonly string[];
  /** The viewer holds this very item (a purchase of one video or its series: accessInfo). */
  holdsItem?: boolean;
};

export type LiveEventTimingMs = {
  /** Epoch ms; null when the start is unknown (the 9999-12-31 placeholder). */
  startMs: number | null;
  endMs: number | null;
  ended: boolean;
  /** A 24/7 event never ends on its end date. */
  is247?: boolean;
  /** A live event that is free to watch skips the paywall. */
  freeToWatch?: boolean;
  /** The bundle that pre-sells this event. */
  preorderBundleId?: string | null;
};

export type AccessInput = {
  accessType: AccessType;
  /** Video status: public, pending, private, archived… 'private' and 'archived' close it to everyone but the owner. */
  status: string;
  liveEvent?: LiveEventTimingMs | null;
  /** Null for an anonymous request. */
  viewer: AccessViewer | null;
  /** Bundles that unlock the content; see UnlockingBundle. */
  bundles: readonly UnlockingBundle[];
  /** The content is sold with a passcode login (a passcode bundle). */
  passcodeRequired?: boolean;
  /** The site lets an embed skip the login requirement (skipRequiresLogin). */
  skipRequiresLogin?: boolean;
  /** Live channels only: minutes a viewer without access may watch as a preview. */
  previewMinutes?: number;
  nowMs: number;
};

export type PurchaseHints = {
  isPreorder: boolean;
  bundleId: string | null;
  bundleIds: string[];
  rentalId: string | null;
  rentalIds: string[];
  productIds: string[];
};

export type AccessOutcome =
  | {
      kind: 'play';
      /** True when a paid item plays because of an entitlement or ownership. */
      paidAccess: boolean;
      /** The entitlements that granted it. */
      paidBundles: string[];
      skipLock: boolean;
      skipPrivate: boolean;
      notice: string | null;
      /** Set when only a preview may play. */
      previewSeconds: number | null;
      hints: PurchaseHints;
    }
  | {
      kind: 'denied';
      code: PlayCode;
      message: string;
      requiresLogin: boolean;
      passcodeRequiresLogin: boolean;
    }
  | { kind: 'requiresPurchase'; message: string; hints: PurchaseHints }
  | { kind: 'closed'; reason: 'privateContent' | 'archivedContent'; message: string };

const NO_HINTS: PurchaseHints = {
  isPreorder: false,
  bundleId: null,
  bundleIds: [],
  rentalId: null,
  rentalIds: [],
  productIds: [],
};

/** A rental is a RENTAL bundle or one on the rental plan. */
export function isRental(bundle: UnlockingBundle): boolean {
  return bundle.type === 'RENTAL' || bundle.planType === 'rental';
}

/** The subscribe page's data (accounts-and-commerce §2: bundleId, bundleIds, rentalId, rentalIds, productIds). */
export function purchaseHints(
  bundles: readonly UnlockingBundle[],
  nowMs: number,
  preorderBundleId?: string | null,
): PurchaseHints {
  const sellable = bundles.filter((b) => b.type !== 'DISABLE_ADS');
  const rentalIds = sellable.filter(isRental).map((b) => b.id);
  const productIds = sellable.filter((b) => b.type === 'PRODUCT').map((b) => b.id);
  const bundleIds = sellable.filter((b) => !isRental(b) && b.type !== 'PRODUCT').map((b) => b.id);
  const preorder =
    sellable.find((b) => b.id === preorderBundleId) ??
    sellable.find((b) => b.preorderUntilMs != null && b.preorderUntilMs > nowMs);
  return {
    isPreorder: preorder !== undefined,
    bundleId: preorder?.id ?? bundleIds[0] ?? null,
    bundleIds,
    rentalId: rentalIds[0] ?? null,
    rentalIds,
    productIds,
  };
}

/**
 * Decides whether the viewer may play. Order: closed (private/archived) → login (10) → passcode (30)
 * → paywall (no url, with purchase hints; preview for live channels) → live timing (20) → play.
 * The owner skips the private and paid checks with the spec's notices.
 */
export function decideAccess(input: AccessInput): AccessOutcome {
  const { viewer, nowMs } = input;
  const isOwner = viewer?.isOwner === true;
  const closedStatus = input.status === 'private' || input.status === 'archived';
  const isPrivate = input.accessType === 'private' || closedStatus;
  let notice: string | null = null;

  if (isPrivate) {
    if (!isOwner) {
      return input.status === 'archived'
        ? { kind: 'closed', reason: 'archivedContent', message: 'This video has been archived' }
        : { kind: 'closed', reason: 'privateContent', message: 'This video is private' };
    }
    notice = OWNER_PRIVATE_NOTICE;
  }

  if (!viewer && input.passcodeRequired) {
    return {
      kind: 'denied',
      code: PlayCode.passcodeRequiresLogin,
      message: PASSCODE_REQUIRES_LOGIN_MESSAGE,
      requiresLogin: true,
      passcodeRequiresLogin: true,
    };
  }
  if (!viewer && input.accessType === 'requiresLogin' && !input.skipRequiresLogin) {
    return {
      kind: 'denied',
      code: PlayCode.loginRequired,
      message: LOGIN_REQUIRED_MESSAGE,
      requiresLogin: true,
      passcodeRequiresLogin: false,
    };
  }

  const live = input.liveEvent ?? null;
  let paidAccess = false;
  let paidBundles: string[] = [];
  let previewSeconds: number | null = null;
  const hints = purchaseHints(input.bundles, nowMs, live?.preorderBundleId);
  if (input.accessType === 'paid' && !live?.freeToWatch) {
    const held = new Set(viewer?.entitledBundleIds ?? []);
    paidBundles = input.bundles.filter((b) => held.has(b.id)).map((b) => b.id);
    if (isOwner) {
      paidAccess = true;
      notice ??= OWNER_PAID_NOTICE;
    } else if (paidBundles.length > 0 || viewer?.holdsItem) {
      paidAccess = true;
    } else if ((input.previewMinutes ?? 0) > 0) {
      previewSeconds = Math.round(input.previewMinutes! * 60);
    } else {
      return {
        kind: 'requiresPurchase',
        message: hints.isPreorder ? PREORDER_MESSAGE : REQUIRES_BUNDLE_MESSAGE,
        hints,
      };
    }
  }

  if (live) {
    const notStarted = live.startMs === null || nowMs < live.startMs;
    const ended = !live.is247 && (live.ended || (live.endMs !== null && live.endMs <= nowMs));
    if (notStarted || ended) {
      return {
        kind: 'denied',
        code: PlayCode.notLive,
        message: notStarted ? NOT_STARTED_MESSAGE : ENDED_MESSAGE,
        requiresLogin: false,
        passcodeRequiresLogin: false,
      };
    }
  }

  return {
    kind: 'play',
    paidAccess,
    paidBundles,
    skipLock: isOwner,
    skipPrivate: isOwner && isPrivate,
    notice,
    previewSeconds,
    hints: input.accessType === 'paid' ? hints : NO_HINTS,
  };
}
