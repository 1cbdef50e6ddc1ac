import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredAdSettings } from '@marquee/contract';
import { generateDemoSource } from '../media/demo-media';
import { DEFAULT_AD_SETTINGS } from '../modules/sites/ad-settings';
import type { Config } from '../plugins/config';
import { DEMO_SITE_UID } from './demo-content';

/**
 * The demo's video ads (decision 0026): Marquee Demo runs our own VAST with one generated
 * pre-roll/mid-roll creative. Only the ad-supported videos below play ads; every other demo
 * item is `without_ads`, so browsing the demo (and the other browser tests) is not held up by ads.
 */
export const DEMO_AD_VIDEOS = new Set(['demo-video-19']);

export const DEMO_AD_CREATIVE = {
  id: 'demo-preroll',
  title: 'Marquee Premium: no ads, every film',
  file: 'demo-preroll.mp4',
  mediaUrl: null,
  durationS: 5,
  width: 640,
  height: 360,
  skipOffsetS: 3,
  clickThrough: '/subscribe',
  positions: ['pre', 'mid'],
} satisfies StoredAdSettings['creatives'][number];

/**
 * Northwind Classics shows banners between its rows (with its adBanners flag) from its own house
 * ad server (decision 0063), and plays no video ads.
 */
export const DEMO_BANNER_SITE_UID = 'classics';

/**
 * A site's ad settings in the demo: Marquee Demo's VAST pre-roll and a mid-roll at 10 s; Northwind
 * Classics' house banners; ads off elsewhere.
 */
export function demoAdSettings(siteUid: string): StoredAdSettings {
  if (siteUid === DEMO_BANNER_SITE_UID)
    return {
      ...DEFAULT_AD_SETTINGS,
      enabled: true,
      status: 'approved',
      video: { preRoll: false, midRollOffsets: [], frequency: 1 },
      banners: {
        ...DEFAULT_AD_SETTINGS.banners,
        // Every second row, so the first banner is among the 3 rows a visit opens with.
        frequency: 2,
        url: `/v2/sites/${siteUid}/ads/house-banner?placement=[PLACEMENT]&cb=[CACHEBUSTING]`,
        slot: 'classics-rows',
      },
    };
  if (siteUid !== DEMO_SITE_UID) return DEFAULT_AD_SETTINGS;
  return {
    ...DEFAULT_AD_SETTINGS,
    enabled: true,
    status: 'approved',
    type: 'vast',
    url: `/v2/sites/${siteUid}/ads/vast?videoUid=[VIDEO_UID]&channelId=[CHANNEL_ID]&position=[POSITION]&cb=[CACHEBUSTING]`,
    adBlockerDetection: true,
    video: { preRoll: true, midRollOffsets: [10], frequency: 1 },
    creatives: [DEMO_AD_CREATIVE],
  };
}

/** Whether a demo item is ad-free (`videos.without_ads`). */
export const demoWithoutAds = (siteUid: string, uid: string) =>
  siteUid === DEMO_SITE_UID && DEMO_AD_VIDEOS.has(uid) ? 0 : 1;

/** Encodes the demo creative into `<DATA_DIR>/ads/` once (a second run finds it and encodes nothing). */
export async function ensureDemoAdClip(
  config: Pick<Config, 'dataDir'>,
): Promise<{ file: string; cached: boolean }> {
  const dir = join(config.dataDir, 'ads');
  const file = join(dir, DEMO_AD_CREATIVE.file);
  if (existsSync(file)) return { file, cached: true };
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.tmp-${process.pid}-${DEMO_AD_CREATIVE.file}`);
  try {
    await generateDemoSource(tmp, {
      title: 'AD · Marquee Premium',
      seconds: DEMO_AD_CREATIVE.durationS,
      width: DEMO_AD_CREATIVE.width,
      height: DEMO_AD_CREATIVE.height,
      hue: 200,
    });
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
  return { file, cached: false };
}
