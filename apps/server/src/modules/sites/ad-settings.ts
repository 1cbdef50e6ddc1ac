import { AdCreative, StoredAdSettings, type SiteConfig } from '@marquee/contract';
import {
  adBannerRefreshMs,
  AD_BANNER_DEFAULT_SIZE,
  AD_BANNER_FREQUENCY,
  AD_BANNER_MIN_REFRESH_MS,
  AD_BANNER_OFFSET,
  DEFAULT_VIDEO_AD_SCHEDULE,
  resolveVideoAdSchedule,
} from '@marquee/domain';

/** A new site's ads: off, pending review, no creatives (decision 0026). */
export const DEFAULT_AD_SETTINGS: StoredAdSettings = {
  enabled: false,
  status: 'pending',
  type: 'vast',
  url: '',
  adBlockerDetection: false,
  video: DEFAULT_VIDEO_AD_SCHEDULE,
  banners: {
    frequency: AD_BANNER_FREQUENCY,
    offset: AD_BANNER_OFFSET,
    refreshMs: AD_BANNER_MIN_REFRESH_MS,
    url: null,
    slot: '',
    size: AD_BANNER_DEFAULT_SIZE,
    fallback: null,
  },
  creatives: [],
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The stored `sites.ads` column read leniently (decision 0015): rows written before the video
 * schedule and creatives existed get their defaults, a malformed creative is left out, and a column
 * that still does not validate falls back to ads off.
 */
export function storedAdSettings(text: string): StoredAdSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return DEFAULT_AD_SETTINGS;
  }
  if (!isObject(raw)) return DEFAULT_AD_SETTINGS;
  const candidate = {
    ...DEFAULT_AD_SETTINGS,
    ...raw,
    video: resolveVideoAdSchedule(isObject(raw.video) ? raw.video : undefined),
    banners: banners(isObject(raw.banners) ? raw.banners : {}),
    creatives: Array.isArray(raw.creatives)
      ? raw.creatives.filter((c) => AdCreative.safeParse(c).success)
      : [],
  };
  const parsed = StoredAdSettings.safeParse(candidate);
  return parsed.success ? parsed.data : DEFAULT_AD_SETTINGS;
}

/** Stored banner settings over the defaults; a refresh under 30 s is raised to 30 s (§5). */
function banners(raw: Record<string, unknown>): StoredAdSettings['banners'] {
  const merged = { ...DEFAULT_AD_SETTINGS.banners, ...raw };
  const refresh = typeof merged.refreshMs === 'number' ? merged.refreshMs : undefined;
  return { ...merged, refreshMs: adBannerRefreshMs(refresh) } as StoredAdSettings['banners'];
}

/** What the site config shows: everything but the operator's creatives. */
export function publicAdSettings(stored: StoredAdSettings): SiteConfig['ads'] {
  const { creatives: _creatives, ...settings } = stored;
  return settings;
}
