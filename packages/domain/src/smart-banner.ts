// The smart app banner (discovery-and-site §7 analytics smartBanner {type}; decision 0065): on a
// phone, a site with an app for that phone offers to open it, until the viewer closes the banner.

export type AppPlatform = 'ios' | 'android';

/** The phone platform a user agent names (iPadOS in desktop mode reads as a Mac: no banner). */
export function appPlatform(userAgent: string): AppPlatform | null {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  if (/\bAndroid\b/.test(userAgent) && !/\b(SMART-TV|Tizen|Web0S|BRAVIA|AFT\w*)\b/i.test(userAgent))
    return 'android';
  return null;
}

/** The smart banner's analytics types: shown, the store link followed, closed by the viewer. */
export const SMART_BANNER_EVENTS = ['view', 'open', 'close'] as const;
export type SmartBannerEvent = (typeof SMART_BANNER_EVENTS)[number];

/** The store page to offer this viewer, or null: not a phone, no app for it, or already closed. */
export function smartBannerLink(
  apps: { ios: string | null; android: string | null },
  userAgent: string,
  closed: boolean,
): string | null {
  const platform = appPlatform(userAgent);
  return !closed && platform ? apps[platform] : null;
}
