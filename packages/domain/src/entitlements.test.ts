import { describe, expect, it } from 'vitest';
import {
  beneficiaryOf,
  computeEntitlements,
  holdsItem,
  formatPreorderDate,
  preorderDateMs,
  purchaseIsCurrent,
  type BundleForAccess,
  type PurchaseForAccess,
} from './entitlements';

const NOW = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;
const iso = (t: number) => new Date(t).toISOString();

const purchase = (over: Partial<PurchaseForAccess> = {}): PurchaseForAccess => ({
  id: 'p1',
  userId: 'u1',
  bundleId: 'b-site',
  bundleType: null,
  status: 'active',
  availableFrom: null,
  availableTo: null,
  createdAt: iso(NOW - 24 * HOUR),
  isGift: false,
  redeemedByUserId: null,
  accessInfo: null,
  ...over,
});
const bundle = (over: Partial<BundleForAccess> & { id: string; type: string }): BundleForAccess => ({
  preorderDate: null,
  channels: [],
  liveChannels: [],
  videoUids: [],
  ...over,
});
const BUNDLES = new Map(
  [
    bundle({ id: 'b-site', type: 'ENTIRE_SITE' }),
    bundle({ id: 'b-chan', type: 'CHANNELS', channels: ['news'], liveChannels: ['live-1'] }),
    bundle({ id: 'b-prod', type: 'PRODUCT', videoUids: ['v-1', 'v-2'] }),
    bundle({ id: 'b-ads', type: 'DISABLE_ADS' }),
    bundle({ id: 'b-rent', type: 'RENTAL', videoUids: ['m-1', 'm-2'] }),
    bundle({ id: 'b-pre', type: 'PRODUCT', videoUids: ['ev-1'], preorderDate: '11/23/2026' }),
  ].map((b) => [b.id, b]),
);
const entitle = (...ps: PurchaseForAccess[]) => computeEntitlements('u1', ps, BUNDLES, NOW);

describe('purchaseIsCurrent (§3 Purchase status, availableFrom, availableTo)', () => {
  it('active and trialing count from availableFrom (else creation) until availableTo (none = open-ended)', () => {
    for (const status of ['active', 'trialing']) {
      expect(purchaseIsCurrent(purchase({ status }), NOW)).toBe(true);
      expect(purchaseIsCurrent(purchase({ status, availableTo: iso(NOW + HOUR) }), NOW)).toBe(true);
      expect(purchaseIsCurrent(purchase({ status, availableTo: iso(NOW) }), NOW)).toBe(false);
      expect(purchaseIsCurrent(purchase({ status, availableFrom: iso(NOW + 1) }), NOW)).toBe(false);
      expect(purchaseIsCurrent(purchase({ status, createdAt: iso(NOW + 1) }), NOW)).toBe(false);
    }
  });

  it('canceled counts until availableTo (the paid period end), and not at all without one', () => {
    expect(purchaseIsCurrent(purchase({ status: 'canceled', availableTo: iso(NOW + HOUR) }), NOW)).toBe(true);
    expect(purchaseIsCurrent(purchase({ status: 'canceled', availableTo: iso(NOW - 1) }), NOW)).toBe(false);
    expect(purchaseIsCurrent(purchase({ status: 'canceled' }), NOW)).toBe(false);
  });

  it('suspended and unknown statuses never count', () => {
    expect(purchaseIsCurrent(purchase({ status: 'suspended' }), NOW)).toBe(false);
    expect(purchaseIsCurrent(purchase({ status: 'suspended', availableTo: iso(NOW + HOUR) }), NOW)).toBe(
      false,
    );
    expect(purchaseIsCurrent(purchase({ status: 'pending' }), NOW)).toBe(false);
  });
});

describe('gifts', () => {
  it('entitle nobody until redeemed, then the redeemer and not the buyer', () => {
    const gift = purchase({ isGift: true, userId: 'buyer' });
    expect(beneficiaryOf(gift)).toBeNull();
    expect(computeEntitlements('buyer', [gift], BUNDLES, NOW).entireSite).toBe(false);
    const redeemed = { ...gift, redeemedByUserId: 'u1' };
    expect(beneficiaryOf(redeemed)).toBe('u1');
    expect(computeEntitlements('u1', [redeemed], BUNDLES, NOW).entireSite).toBe(true);
    expect(computeEntitlements('buyer', [redeemed], BUNDLES, NOW).entireSite).toBe(false);
  });

  it("another user's purchase entitles nothing", () => {
    expect(computeEntitlements('u2', [purchase()], BUNDLES, NOW).purchaseIds).toEqual([]);
  });
});

describe('computeEntitlements by bundle type (§3 Bundle type)', () => {
  it('ENTIRE_SITE', () => {
    expect(entitle(purchase())).toMatchObject({ entireSite: true, bundleIds: ['b-site'], withoutAds: false });
  });

  it('CHANNELS: its channels and liveChannels', () => {
    expect(entitle(purchase({ bundleId: 'b-chan' }))).toMatchObject({
      entireSite: false,
      bundleIds: ['b-chan'],
      channels: ['news'],
      liveChannels: ['live-1'],
    });
  });

  it("PRODUCT: the bundle's videos", () => {
    const e = entitle(purchase({ bundleId: 'b-prod' }));
    expect(e.videoUids).toEqual(['v-1', 'v-2']);
    expect(holdsItem(e, { uid: 'v-2' })).toBe(true);
    expect(holdsItem(e, { uid: 'v-3' })).toBe(false);
  });

  it('a purchase of one item (accessInfo) unlocks that item only, not the whole bundle list', () => {
    const e = entitle(
      purchase({ bundleId: 'b-rent', accessInfo: { contentType: 'movie', contentUid: 'm-2' } }),
    );
    expect(e.bundleIds).toEqual([]);
    expect(holdsItem(e, { uid: 'm-2' })).toBe(true);
    expect(holdsItem(e, { uid: 'm-1' })).toBe(false);
    const series = entitle(
      purchase({ bundleId: null, accessInfo: { contentType: 'series', contentUid: 's-1' } }),
    );
    expect(holdsItem(series, { uid: 'ep-1', seriesUid: 's-1' })).toBe(true);
    expect(holdsItem(series, { uid: 'ep-1', seriesUid: 's-2' })).toBe(false);
  });

  it('DISABLE_ADS → withoutAds, and unlocks no content', () => {
    expect(entitle(purchase({ bundleId: 'b-ads' }))).toMatchObject({
      withoutAds: true,
      entireSite: false,
      videoUids: [],
    });
  });

  it('a rental counts inside its window only', () => {
    const rental = purchase({
      bundleId: 'b-rent',
      availableFrom: iso(NOW - HOUR),
      availableTo: iso(NOW + 47 * HOUR),
    });
    expect(entitle(rental).bundleIds).toEqual(['b-rent']);
    expect(computeEntitlements('u1', [rental], BUNDLES, NOW + 47 * HOUR).bundleIds).toEqual([]);
  });

  it("a pre-order counts only from the bundle's pre-order date (MM/DD/YYYY)", () => {
    const pre = purchase({ bundleId: 'b-pre' });
    expect(entitle(pre).videoUids).toEqual([]);
    const release = Date.UTC(2026, 10, 23);
    expect(computeEntitlements('u1', [pre], BUNDLES, release).videoUids).toEqual(['ev-1']);
  });

  it("a purchase of a bundle that no longer exists entitles nothing but keeps its type's ad rule", () => {
    expect(entitle(purchase({ bundleId: 'gone' })).bundleIds).toEqual([]);
    expect(entitle(purchase({ bundleId: 'gone', bundleType: 'DISABLE_ADS' })).withoutAds).toBe(true);
  });

  it('adds up several purchases and lists those that count', () => {
    const e = entitle(
      purchase({ id: 'a', bundleId: 'b-chan' }),
      purchase({ id: 'b', bundleId: 'b-ads' }),
      purchase({ id: 'c', bundleId: 'b-site', status: 'suspended' }),
    );
    expect(e).toMatchObject({ entireSite: false, withoutAds: true, purchaseIds: ['a', 'b'] });
  });
});

describe('formatPreorderDate', () => {
  it('reads MM/DD/YYYY or ISO as a UTC day in the UI language; an unreadable value is shown as given', () => {
    expect(formatPreorderDate('11/23/2026', 'en')).toBe('November 23, 2026');
    expect(formatPreorderDate('2026-11-23T00:00:00.000Z', 'en')).toBe('November 23, 2026');
    expect(formatPreorderDate('11/23/2026', 'es')).toBe('23 de noviembre de 2026');
    expect(formatPreorderDate('soon', 'en')).toBe('soon');
  });
});

describe('preorderDateMs', () => {
  it('reads MM/DD/YYYY as UTC midnight, ISO as is, and nothing else', () => {
    expect(preorderDateMs('11/23/2026')).toBe(Date.UTC(2026, 10, 23));
    expect(preorderDateMs('2026-11-23T10:00:00.000Z')).toBe(Date.UTC(2026, 10, 23, 10));
    expect(preorderDateMs('soon')).toBeNull();
    expect(preorderDateMs(null)).toBeNull();
  });
});
