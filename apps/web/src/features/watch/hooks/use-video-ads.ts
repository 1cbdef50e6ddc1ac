import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { siteConfigQueryOptions } from '@marquee/api-client';
import type { PlayerPayload } from '@marquee/domain';
import type { Player as CorePlayer } from '@marquee/player';
import { useVideoAds as useSharedVideoAds, type VideoAdsState } from '@marquee/player/react';
import { api } from '../../../lib/api';
import { createHybridBanner } from '../utils/hybrid-banner';

export type VideoAds = VideoAdsState & {
  /** The hybrid paywall banner (10 s from adStart on hybridAvodSvod sites). */
  hybridBanner: boolean;
};

/**
 * Video ads of the web's watch screen: the shared rules (`useVideoAds` of @marquee/player/react,
 * decisions 0026 and 0075: pre-roll, mid-rolls, frequency, `withoutAds`, the ad-blocker gate) and
 * the web's hybrid paywall banner on each ad start.
 */
export function useVideoAds(
  player: CorePlayer | null,
  opts: {
    channelId: string;
    videoUid: string;
    withoutAds: boolean | undefined;
    live: boolean;
    /** The player payload: its consent and category go with each ad request (decision 0064). */
    payload: PlayerPayload | null;
  },
): VideoAds {
  const hybrid = !!useQuery(siteConfigQueryOptions(api)).data?.perms.hybridAvodSvod;
  const [hybridBanner, setHybridBanner] = useState(false);
  // The hybrid paywall banner: 10 s from each ad start.
  const banner = useMemo(() => createHybridBanner(hybrid, setHybridBanner), [hybrid]);
  useEffect(() => () => banner.dispose(), [banner]);
  const ads = useSharedVideoAds(player, { ...opts, tv: false, onAdStart: banner.adStart });
  return { ...ads, hybridBanner };
}
