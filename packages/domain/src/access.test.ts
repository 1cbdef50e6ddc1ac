import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  OWNER_PAID_NOTICE,
  OWNER_PRIVATE_NOTICE,
  PlayCode,
  purchaseHints,
  type AccessInput,
  type UnlockingBundle,
} from './access';

const NOW = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;
const base: AccessInput = { accessType: 'public', status: 'public', viewer: null, bundles: [], nowMs: NOW };
const viewer = (over: Partial<NonNullable<AccessInput['viewer']>> = {}) => ({
  id: 'u1',
  isOwner: false,
  entitledBundleIds: [],
  ...over,
});
const monthly: UnlockingBundle = { id: 'b-month', type: 'CHANNELS', planType: 'month' };
const rental: UnlockingBundle = { id: 'r-48h', type: 'RENTAL', planType: 'rental' };
const product: UnlockingBundle = { id: 'p-dvd', type: 'PRODUCT', planType: 'single' };

describe('decideAccess', () => {
  it('§6 "Anonymous visitors may browse and watch open content"', () => {
    expect(decideAccess(base)).toMatchObject({
      kind: 'play',
      paidAccess: false,
      notice: null,
      skipLock: false,
    });
  });

  it('requiresLogin, anonymous → code 10; signed in → play', () => {
    const anon = decideAccess({ ...base, accessType: 'requiresLogin' });
    expect(anon).toMatchObject({ kind: 'denied', code: 10, requiresLogin: true });
    expect(PlayCode.loginRequired).toBe(10);
    expect(decideAccess({ ...base, accessType: 'requiresLogin', viewer: viewer() }).kind).toBe('play');
  });

  it('§6 live channels needing login play when the embed may skip it (skipRequiresLogin)', () => {
    expect(decideAccess({ ...base, accessType: 'requiresLogin', skipRequiresLogin: true }).kind).toBe('play');
  });

  it('a passcode that requires login → code 30 with passcodeRequiresLogin', () => {
    const out = decideAccess({ ...base, passcodeRequired: true });
    expect(out).toMatchObject({ kind: 'denied', code: 30, passcodeRequiresLogin: true });
  });

  describe('private content', () => {
    it('is closed to anyone but the owner (privateContent / archivedContent)', () => {
      expect(decideAccess({ ...base, accessType: 'private' })).toMatchObject({ reason: 'privateContent' });
      expect(decideAccess({ ...base, status: 'private', viewer: viewer() })).toMatchObject({
        kind: 'closed',
        reason: 'privateContent',
      });
      expect(decideAccess({ ...base, status: 'archived' })).toMatchObject({ reason: 'archivedContent' });
    });
    it("§4.1 the owner may view it: 'NOTE: This video is private. You can view it since you are the owner.'", () => {
      const out = decideAccess({ ...base, accessType: 'private', viewer: viewer({ isOwner: true }) });
      expect(out).toMatchObject({ kind: 'play', skipPrivate: true, skipLock: true });
      expect(out.kind === 'play' && out.notice).toBe(
        'NOTE: This video is private. You can view it since you are the owner.',
      );
      expect(OWNER_PRIVATE_NOTICE).toBe(
        'NOTE: This video is private. You can view it since you are the owner.',
      );
    });
  });

  describe('paid content', () => {
    const paid = { ...base, accessType: 'paid' as const, bundles: [monthly, rental, product] };

    it('without an entitlement → no url, with the bundles and rentals that unlock it', () => {
      const out = decideAccess(paid);
      expect(out.kind).toBe('requiresPurchase');
      if (out.kind !== 'requiresPurchase') return;
      expect(out.hints).toEqual({
        isPreorder: false,
        bundleId: 'b-month',
        bundleIds: ['b-month'],
        rentalId: 'r-48h',
        rentalIds: ['r-48h'],
        productIds: ['p-dvd'],
      });
      expect(decideAccess({ ...paid, viewer: viewer({ entitledBundleIds: ['other'] }) }).kind).toBe(
        'requiresPurchase',
      );
    });

    it('with an entitlement (bundle or rental) → play with paidAccess and the granting bundles', () => {
      const out = decideAccess({ ...paid, viewer: viewer({ entitledBundleIds: ['r-48h'] }) });
      expect(out).toMatchObject({ kind: 'play', paidAccess: true, paidBundles: ['r-48h'], notice: null });
    });

    it('a purchase of this very item (accessInfo) → play with paidAccess, no granting bundle', () => {
      const out = decideAccess({ ...paid, viewer: viewer({ holdsItem: true }) });
      expect(out).toMatchObject({ kind: 'play', paidAccess: true, paidBundles: [] });
    });

    it("§4.1 the owner views it for free: 'NOTE: This video requires payment to view. …'", () => {
      const out = decideAccess({ ...paid, viewer: viewer({ isOwner: true }) });
      expect(out).toMatchObject({
        kind: 'play',
        paidAccess: true,
        skipLock: true,
        notice: OWNER_PAID_NOTICE,
      });
      expect(OWNER_PAID_NOTICE).toBe(
        'NOTE: This video requires payment to view. You can view it for free because you are the owner.',
      );
    });

    it('a pre-order bundle (release date ahead) → isPreorder with its bundleId', () => {
      const pre: UnlockingBundle = {
        id: 'pre',
        type: 'PRODUCT',
        planType: 'single',
        preorderUntilMs: NOW + HOUR,
      };
      const out = decideAccess({ ...paid, bundles: [monthly, pre] });
      expect(out).toMatchObject({ kind: 'requiresPurchase', hints: { isPreorder: true, bundleId: 'pre' } });
      const past = { ...pre, preorderUntilMs: NOW - HOUR };
      expect(purchaseHints([past], NOW).isPreorder).toBe(false);
    });

    it('a live event pre-sold by its preorderBundleId → isPreorder', () => {
      const event = { startMs: NOW + HOUR, endMs: null, ended: false, preorderBundleId: 'b-month' };
      const out = decideAccess({ ...paid, liveEvent: event });
      expect(out).toMatchObject({
        kind: 'requiresPurchase',
        hints: { isPreorder: true, bundleId: 'b-month' },
      });
    });

    it('a live event that is free to watch skips the paywall', () => {
      const event = { startMs: NOW - HOUR, endMs: null, ended: false, freeToWatch: true };
      expect(decideAccess({ ...paid, liveEvent: event }).kind).toBe('play');
    });

    it('a live channel with preview minutes plays a preview instead of asking for a purchase', () => {
      const out = decideAccess({ ...paid, previewMinutes: 5 });
      expect(out).toMatchObject({ kind: 'play', previewSeconds: 300, paidAccess: false });
    });

    it('DISABLE_ADS bundles do not unlock content and are not offered', () => {
      const noAds: UnlockingBundle = { id: 'no-ads', type: 'DISABLE_ADS', planType: 'month' };
      expect(purchaseHints([noAds], NOW).bundleIds).toEqual([]);
    });
  });

  describe('live events (code 20)', () => {
    const event = (over: object) => ({ startMs: NOW - HOUR, endMs: NOW + HOUR, ended: false, ...over });

    it('not started → code 20', () => {
      const out = decideAccess({ ...base, liveEvent: event({ startMs: NOW + 1 }) });
      expect(out).toMatchObject({ kind: 'denied', code: PlayCode.notLive });
      expect(decideAccess({ ...base, liveEvent: event({ startMs: null }) })).toMatchObject({ code: 20 });
    });
    it('ended (flag or past its end) → code 20, unless it runs 24/7', () => {
      expect(decideAccess({ ...base, liveEvent: event({ ended: true }) })).toMatchObject({ code: 20 });
      expect(decideAccess({ ...base, liveEvent: event({ endMs: NOW }) })).toMatchObject({ code: 20 });
      expect(decideAccess({ ...base, liveEvent: event({ endMs: NOW - 1, is247: true }) }).kind).toBe('play');
    });
    it('live now → play', () => {
      expect(decideAccess({ ...base, liveEvent: event({}) }).kind).toBe('play');
    });
    it('login comes before timing: anonymous on a not-started login event → code 10', () => {
      const out = decideAccess({
        ...base,
        accessType: 'requiresLogin',
        liveEvent: event({ startMs: NOW + 1 }),
      });
      expect(out).toMatchObject({ code: 10 });
    });
    it('an entitled viewer of a paid event that has not started → code 20', () => {
      const out = decideAccess({
        ...base,
        accessType: 'paid',
        bundles: [monthly],
        viewer: viewer({ entitledBundleIds: ['b-month'] }),
        liveEvent: event({ startMs: NOW + HOUR }),
      });
      expect(out).toMatchObject({ code: 20 });
    });
  });
});
