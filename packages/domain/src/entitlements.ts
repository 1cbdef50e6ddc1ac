/**
 * What a viewer's purchases entitle them to watch (accounts-and-commerce §3 Bundle, Rental,
 * Purchase; playback-and-social §4.1; decision 0025). Pure: the server reads the rows and the clock.
 *
 * §3: "Bundle: … type (ENTIRE_SITE, CHANNELS, PRODUCT, DISABLE_ADS, otherwise rental) … preorderEnabled,
 * preorderDate (MM/DD/YYYY) … channels, liveChannels". "Purchase: … status (active, trialing,
 * canceled, suspended) … availableFrom, availableTo … accessInfo {contentType (series, movie, video),
 * contentUid}". "Rental: … duration, durationUnit, … availableTo."
 * The statuses themselves are PURCHASE_STATUSES (commerce constants).
 */

/** The gateway of an operator's complimentary grant (decision 0025). */
export const COMP_GATEWAY = 'comp';

export type AccessInfo = { contentType: 'series' | 'movie' | 'video'; contentUid: string };

/** The fields of a purchase the rules read. Times are ISO strings as stored. */
export type PurchaseForAccess = {
  id: string;
  /** The buyer. */
  userId: string;
  bundleId: string | null;
  /** The bundle's type at purchase time (used when the bundle row is gone). */
  bundleType: string | null;
  status: string;
  availableFrom: string | null;
  availableTo: string | null;
  createdAt: string;
  isGift: boolean;
  redeemedByUserId: string | null;
  accessInfo: AccessInfo | null;
};

/** The fields of a bundle the rules read. */
export type BundleForAccess = {
  id: string;
  /** ENTIRE_SITE, CHANNELS, PRODUCT, DISABLE_ADS or RENTAL */
  type: string;
  /** The pre-order release date (MM/DD/YYYY per the spec, or ISO); null when not sold as a pre-order. */
  preorderDate: string | null;
  channels: readonly string[];
  liveChannels: readonly string[];
  videoUids: readonly string[];
};

const ms = (iso: string | null) => (iso ? Date.parse(iso) : NaN);

/** A pre-order date (MM/DD/YYYY, UTC midnight, or ISO) as epoch ms; null when absent or unreadable. */
export function preorderDateMs(value: string | null | undefined): number | null {
  if (!value) return null;
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const t = us ? Date.UTC(Number(us[3]), Number(us[1]) - 1, Number(us[2])) : Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

/** A pre-order date as the viewer reads it ("November 23, 2026" in the UI language, UTC); as given when unreadable. */
export function formatPreorderDate(value: string, language: string): string {
  const t = preorderDateMs(value);
  if (t === null) return value;
  return new Date(t).toLocaleDateString(language, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** The user a purchase entitles: the buyer, or for a gift the one who redeemed it (none before that). */
export function beneficiaryOf(
  p: Pick<PurchaseForAccess, 'userId' | 'isGift' | 'redeemedByUserId'>,
): string | null {
  return p.isGift ? p.redeemedByUserId : p.userId;
}

/**
 * Whether the purchase's status and window grant access at `nowMs`:
 * - active and trialing count inside [availableFrom ?? createdAt, availableTo) (no end = open-ended);
 * - canceled counts only until availableTo (the end of the paid period or rental); without one it ends at cancel;
 * - suspended (and any unknown status) never counts.
 */
export function purchaseIsCurrent(
  p: Pick<PurchaseForAccess, 'status' | 'availableFrom' | 'availableTo' | 'createdAt'>,
  nowMs: number,
): boolean {
  const from = ms(p.availableFrom ?? p.createdAt);
  if (Number.isFinite(from) && nowMs < from) return false;
  const to = ms(p.availableTo);
  if (p.status === 'active' || p.status === 'trialing') return !Number.isFinite(to) || nowMs < to;
  if (p.status === 'canceled') return Number.isFinite(to) && nowMs < to;
  return false;
}

/** What a viewer may watch right now. */
export type Entitlements = {
  /** An ENTIRE_SITE purchase is current. */
  entireSite: boolean;
  /** Bundles (and rentals) held for their whole list, for decideAccess's entitledBundleIds. */
  bundleIds: string[];
  channels: string[];
  liveChannels: string[];
  /** Items held one by one: PRODUCT bundles' videos and purchases of one item (accessInfo). */
  videoUids: string[];
  /** Series held through a purchase of the series (accessInfo contentType series). */
  seriesUids: string[];
  /** A DISABLE_ADS purchase is current: play without ads. */
  withoutAds: boolean;
  /** The purchases that count, for audit and the response's paidBundles. */
  purchaseIds: string[];
};

export const NO_ENTITLEMENTS: Entitlements = {
  entireSite: false,
  bundleIds: [],
  channels: [],
  liveChannels: [],
  videoUids: [],
  seriesUids: [],
  withoutAds: false,
  purchaseIds: [],
};

/**
 * The viewer's entitlements from their purchases and the site's bundles at `nowMs`. A purchase counts
 * when it is the viewer's (gifts: once redeemed, by the redeemer), its status and window are current
 * (`purchaseIsCurrent`) and, for a pre-order, the bundle's pre-order date has come. A purchase with
 * accessInfo (one item, e.g. a rental of one movie) unlocks that item only, not its bundle's list.
 */
export function computeEntitlements(
  viewerId: string,
  purchases: readonly PurchaseForAccess[],
  bundles: ReadonlyMap<string, BundleForAccess>,
  nowMs: number,
): Entitlements {
  const out = {
    entireSite: false,
    bundleIds: new Set<string>(),
    channels: new Set<string>(),
    liveChannels: new Set<string>(),
    videoUids: new Set<string>(),
    seriesUids: new Set<string>(),
    withoutAds: false,
    purchaseIds: [] as string[],
  };
  for (const p of purchases) {
    if (beneficiaryOf(p) !== viewerId || !purchaseIsCurrent(p, nowMs)) continue;
    const bundle = p.bundleId ? bundles.get(p.bundleId) : undefined;
    const release = preorderDateMs(bundle?.preorderDate);
    if (release !== null && nowMs < release) continue;
    const type = bundle?.type ?? p.bundleType ?? '';
    out.purchaseIds.push(p.id);
    if (type === 'DISABLE_ADS') out.withoutAds = true;
    if (p.accessInfo) {
      (p.accessInfo.contentType === 'series' ? out.seriesUids : out.videoUids).add(p.accessInfo.contentUid);
      continue;
    }
    if (!bundle) continue;
    out.bundleIds.add(bundle.id);
    if (type === 'ENTIRE_SITE') out.entireSite = true;
    for (const c of bundle.channels) out.channels.add(c);
    for (const c of bundle.liveChannels) out.liveChannels.add(c);
    for (const v of bundle.videoUids) out.videoUids.add(v);
  }
  return {
    entireSite: out.entireSite,
    bundleIds: [...out.bundleIds],
    channels: [...out.channels],
    liveChannels: [...out.liveChannels],
    videoUids: [...out.videoUids],
    seriesUids: [...out.seriesUids],
    withoutAds: out.withoutAds,
    purchaseIds: out.purchaseIds,
  };
}

/**
 * Whether the entitlements unlock an item held one by one (a purchase of the video, or of its
 * series); bundle-wide access goes through decideAccess with `bundleIds`.
 */
export function holdsItem(
  e: Pick<Entitlements, 'videoUids' | 'seriesUids'>,
  item: { uid: string; seriesUid?: string | null },
): boolean {
  return e.videoUids.includes(item.uid) || (!!item.seriesUid && e.seriesUids.includes(item.seriesUid));
}
