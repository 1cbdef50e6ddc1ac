import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoredAdSettings } from '@marquee/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { probe } from '../../src/media/probe';
import { DEMO_AD_CREATIVE, demoAdSettings, demoWithoutAds, ensureDemoAdClip } from '../../src/seed/demo-ads';
import { storedAdSettings } from '../../src/modules/sites/ad-settings';

const dataDir = mkdtempSync(join(tmpdir(), 'marquee-ads-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo ads (decision 0026)', () => {
  it("Marquee Demo's settings validate and survive the stored-column reading; other sites keep ads off", () => {
    const demo = demoAdSettings('demo');
    expect(StoredAdSettings.parse(demo)).toEqual(demo);
    expect(storedAdSettings(JSON.stringify(demo))).toEqual(demo);
    expect(demo).toMatchObject({ enabled: true, status: 'approved', type: 'vast' });
    expect(demo.url).toMatch(/^\/v2\/sites\/demo\/ads\/vast\?/);
    expect(demoAdSettings('another-site').enabled).toBe(false);
  });

  it('Northwind Classics runs its house banners and no video ad break (decision 0063)', () => {
    const classics = demoAdSettings('classics');
    expect(StoredAdSettings.parse(classics)).toEqual(classics);
    expect(classics.banners.url).toMatch(
      /^\/v2\/sites\/classics\/ads\/house-banner\?placement=\[PLACEMENT\]/,
    );
    expect(classics.video).toEqual({ preRoll: false, midRollOffsets: [], frequency: 1 });
    expect(classics.creatives).toEqual([]);
  });

  it('only the ad-supported demo videos carry ads', () => {
    expect(demoWithoutAds('demo', 'demo-video-19')).toBe(0);
    expect(demoWithoutAds('demo', 'demo-video-01')).toBe(1);
    expect(demoWithoutAds('classics', 'demo-video-19')).toBe(1);
  });

  it('encodes a short MP4 creative once', async () => {
    const first = await ensureDemoAdClip({ dataDir });
    expect(first.cached).toBe(false);
    const info = await probe(first.file);
    expect(info.durationS).toBeGreaterThan(DEMO_AD_CREATIVE.durationS - 0.5);
    expect(info.durationS).toBeLessThan(DEMO_AD_CREATIVE.durationS + 0.5);
    expect(info.hasAudio).toBe(true);
    const mtime = statSync(first.file).mtimeMs;
    const second = await ensureDemoAdClip({ dataDir });
    expect(second).toEqual({ file: first.file, cached: true });
    expect(statSync(second.file).mtimeMs).toBe(mtime);
  }, 60_000);
});
