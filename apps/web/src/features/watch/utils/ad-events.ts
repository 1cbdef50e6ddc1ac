import { HYBRID_PAYWALL_BANNER_MS } from '@marquee/domain';
import type { AdEvent } from '@marquee/player';

/**
 * What an ad event does to the watch screen's flags (playback-and-social §4.4; accounts-and-commerce
 * §6 flag hybridAvodSvod): adStart sets the ad-active flag and, on a hybridAvodSvod site only, shows
 * the hybrid paywall banner for 10 s (`bannerMs`); adDone, adError and adSkip clear the flag and end
 * the break (the banner runs out by itself).
 */
export function adEventEffect(
  event: AdEvent,
  hybridAvodSvod: boolean,
): { adActive: boolean; bannerMs: number | null } {
  if (event === 'adStart')
    return { adActive: true, bannerMs: hybridAvodSvod ? HYBRID_PAYWALL_BANNER_MS : null };
  return { adActive: false, bannerMs: null };
}
