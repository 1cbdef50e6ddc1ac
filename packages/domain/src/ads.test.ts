import { describe, expect, it } from 'vitest';
import {
  AD_BANNER_MIN_REFRESH_MS,
  AD_BLOCKER_POLL_MS,
  HYBRID_PAYWALL_BANNER_MS,
  adBannerRefreshMs,
  adBannerUrl,
  adBlockerGateOn,
  adBreakDue,
  expandAdTagUrl,
  midRollDue,
  resolveVideoAdSchedule,
  videoAdsOn,
} from './ads';

const on = { enabled: true, status: 'approved', type: 'vast', adBlockerDetection: true };
const web = { withoutAds: false, tv: false };

describe('video ads (playback-and-social §4.3, §4.4)', () => {
  it('"Ads are on only when ads.enabled is set and the ad status is approved"', () => {
    expect(videoAdsOn(on, web)).toBe(true);
    expect(videoAdsOn({ ...on, enabled: false }, web)).toBe(false);
    expect(videoAdsOn({ ...on, status: 'pending' }, web)).toBe(false);
    expect(videoAdsOn({ ...on, status: 'rejected' }, web)).toBe(false);
  });

  it('plays both ad types (a googima tag answers VAST too), never withoutAds', () => {
    expect(videoAdsOn({ ...on, type: 'googima' }, web)).toBe(true);
    expect(videoAdsOn({ ...on, type: 'vpaid' }, web)).toBe(false);
    expect(videoAdsOn(on, { withoutAds: true })).toBe(false);
  });

  it('plays ads on TV as on the web (decision 0075), with no ad-blocker gate there', () => {
    expect(videoAdsOn(on, { withoutAds: false })).toBe(true);
    expect(adBlockerGateOn(on, { withoutAds: false, tv: true })).toBe(false);
    expect(adBlockerGateOn(on, { withoutAds: true, tv: false })).toBe(false);
  });

  it('"Detection is enabled only when the site\'s ad settings say so. It is skipped on TV."', () => {
    expect(adBlockerGateOn(on, web)).toBe(true);
    expect(adBlockerGateOn({ ...on, adBlockerDetection: false }, web)).toBe(false);
    expect(adBlockerGateOn(on, { withoutAds: false, tv: true })).toBe(false);
    expect(adBlockerGateOn({ ...on, enabled: false }, web)).toBe(false);
  });

  it('"The page polls every second"; "a hybrid paywall banner shows for 10 s"', () => {
    expect(AD_BLOCKER_POLL_MS).toBe(1000);
    expect(HYBRID_PAYWALL_BANNER_MS).toBe(10_000);
  });

  it('runs breaks on every Nth video started', () => {
    expect([1, 2, 3, 4].map((n) => adBreakDue(n, 1))).toEqual([true, true, true, true]);
    expect([1, 2, 3, 4, 5].map((n) => adBreakDue(n, 2))).toEqual([true, false, true, false, true]);
    expect(adBreakDue(0, 1)).toBe(false);
    expect(adBreakDue(2, 0)).toBe(true);
  });

  it('finds the mid-roll crossed by forward playback, once', () => {
    const played = new Set<number>();
    expect(midRollDue([10, 20], 9.7, 10.1, played)).toBe(10);
    played.add(10);
    expect(midRollDue([10, 20], 9.7, 10.1, played)).toBeNull();
    expect(midRollDue([10, 20], 5, 25, played)).toBe(20);
    expect(midRollDue([10, 20], 25, 5, new Set())).toBeNull();
    expect(midRollDue([0], -1, 1, new Set())).toBeNull();
  });

  it('fills the ad tag macros URL-encoded', () => {
    expect(
      expandAdTagUrl(
        '/v2/sites/demo/ads/vast?videoUid=[VIDEO_UID]&channelId=[CHANNEL_ID]&position=[POSITION]&cb=[CACHEBUSTING]',
        {
          videoUid: 'a b',
          channelId: 'news',
          position: 'pre',
          cacheBuster: '42',
        },
      ),
    ).toBe('/v2/sites/demo/ads/vast?videoUid=a%20b&channelId=news&position=pre&cb=42');
  });

  it('defaults the schedule of older settings and cleans the offsets', () => {
    expect(resolveVideoAdSchedule(undefined)).toEqual({ preRoll: true, midRollOffsets: [], frequency: 1 });
    expect(
      resolveVideoAdSchedule({ preRoll: false, midRollOffsets: [30, -1, 10, 30], frequency: 3 }),
    ).toEqual({
      preRoll: false,
      midRollOffsets: [10, 30],
      frequency: 3,
    });
    expect(resolveVideoAdSchedule({ frequency: 0 }).frequency).toBe(1);
  });
});

describe('ad banners (discovery-and-site §5)', () => {
  it('"Ad banner refresh is at least 30000 ms"', () => {
    expect(AD_BANNER_MIN_REFRESH_MS).toBe(30_000);
    expect(adBannerRefreshMs(10_000)).toBe(30_000);
    expect(adBannerRefreshMs(45_000)).toBe(45_000);
    expect(adBannerRefreshMs(undefined)).toBe(30_000);
    expect(adBannerRefreshMs(Number.NaN)).toBe(30_000);
  });

  it('fills the placement key, cache-buster, ip, user agent and size of the banner URL', () => {
    const macros = {
      placement: 'home top',
      cacheBuster: '9',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11) [IP]',
      width: 728,
      height: 90,
    };
    expect(
      adBannerUrl(
        'https://ads.example/b?key=[PLACEMENT]&cb=[CACHEBUSTING]&ip=[IP]&ua=[UA]&sz=[WIDTH]x[HEIGHT]',
        macros,
      ),
    ).toBe(
      'https://ads.example/b?key=home%20top&cb=9&ip=203.0.113.7&ua=Mozilla%2F5.0%20(X11)%20%5BIP%5D&sz=728x90',
    );
    // A template without macros is sent as it is.
    expect(adBannerUrl('https://ads.example/fixed', macros)).toBe('https://ads.example/fixed');
  });
});

describe('ad tracking (decision 0026)', () => {
  it("stores impressions and loads as the spec's adImpression and adLoad", async () => {
    const { AD_TRACKING_VIDEO_TYPES, AD_ONLY_VIDEO_EVENT_TYPES, AD_TRACKING_EVENTS } = await import('./ads');
    expect(AD_TRACKING_VIDEO_TYPES.impression).toBe('adImpression');
    expect(AD_TRACKING_VIDEO_TYPES.loaded).toBe('adLoad');
    // Every other tracking event maps to an ad-only type, and no two events share one.
    const others = AD_TRACKING_EVENTS.filter((e) => e !== 'impression' && e !== 'loaded').map(
      (e) => AD_TRACKING_VIDEO_TYPES[e],
    );
    expect([...others].sort()).toEqual([...AD_ONLY_VIDEO_EVENT_TYPES].sort());
  });
});
