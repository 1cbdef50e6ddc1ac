import { describe, expect, it } from 'vitest';
import type { AdBreak } from '../ads';
import { videoAdsView, type VideoAdsInputs } from './use-video-ads';

const pre = { position: 'pre', ad: {} as AdBreak };
const mid = { position: '10', ad: {} as AdBreak };
// A site with ads, a viewer with ads, the pre-roll asked and loaded, no gate (as on a TV).
const base: VideoAdsInputs = {
  siteAds: true,
  withoutAds: false,
  preRoll: pre,
  preRollDue: true,
  payloadReady: true,
  mid: null,
  gate: false,
  blocked: null,
};

describe('the watch screen’s ads, web and TV (decisions 0026, 0075)', () => {
  it('plays the pre-roll and holds the content behind it, then lets the content go', () => {
    expect(videoAdsView(base)).toEqual({ current: pre, holdContent: true, adBlocked: false });
    expect(videoAdsView({ ...base, preRoll: 'done' })).toEqual({
      current: null,
      holdContent: false,
      adBlocked: false,
    });
    // A VAST without an ad (or one that failed) gives way to the content.
    expect(videoAdsView({ ...base, preRoll: 'none' }).holdContent).toBe(false);
  });

  it('holds the content while the pre-roll loads, or waits for the payload its macros need', () => {
    expect(videoAdsView({ ...base, preRoll: 'loading' })).toMatchObject({ current: null, holdContent: true });
    expect(videoAdsView({ ...base, preRoll: 'none', payloadReady: false }).holdContent).toBe(true);
    // Not due (the frequency skips this video): nothing waits for the payload.
    expect(
      videoAdsView({ ...base, preRoll: 'none', preRollDue: false, payloadReady: false }).holdContent,
    ).toBe(false);
  });

  it('plays nothing and holds nothing for a viewer or video withoutAds, or a site without ads', () => {
    expect(videoAdsView({ ...base, withoutAds: true })).toEqual({
      current: null,
      holdContent: false,
      adBlocked: false,
    });
    expect(videoAdsView({ ...base, siteAds: false })).toEqual({
      current: null,
      holdContent: false,
      adBlocked: false,
    });
    // play-url still pending: the loaded break waits, and so does the content.
    expect(videoAdsView({ ...base, withoutAds: undefined })).toEqual({
      current: null,
      holdContent: true,
      adBlocked: false,
    });
  });

  it('plays a mid-roll once the pre-roll is over', () => {
    expect(videoAdsView({ ...base, preRoll: 'done', mid }).current).toBe(mid);
    expect(videoAdsView({ ...base, preRoll: 'done', mid: 'loading' }).current).toBeNull();
  });

  it('where the gate runs (web), nothing plays until the bait loads, and a blocker holds the content', () => {
    expect(videoAdsView({ ...base, gate: true, blocked: null })).toMatchObject({
      current: null,
      holdContent: true,
      adBlocked: false,
    });
    expect(videoAdsView({ ...base, gate: true, blocked: true })).toEqual({
      current: null,
      holdContent: true,
      adBlocked: true,
    });
    expect(videoAdsView({ ...base, gate: true, blocked: false }).current).toBe(pre);
  });
});
