import { useApi, useSession } from '@marquee/api-client/react';
import type { Video } from '@marquee/contract';
import { buildPlayerPayload, playerSource, type AdConsent, type PlayerPayload } from '@marquee/domain';
import { useEffect, useMemo, useState } from 'react';
import { deviceInfo, pageAdConsent } from '../consent';

/**
 * The player payload of the video on screen (playback-and-social §3, decision 0064), or null while
 * the video or the page's consent is not known yet (the consent platform answers within 500 ms).
 * The ad requests and the heartbeat carry it.
 */
export function usePlayerPayload(
  channelId: string,
  video: Video | undefined,
  opts: { start?: number | null; pid?: string | null } = {},
): PlayerPayload | null {
  const api = useApi();
  const session = useSession();
  const [consent, setConsent] = useState<AdConsent | null>(null);
  useEffect(() => {
    let live = true;
    void pageAdConsent().then((c) => live && setConsent(c));
    return () => void (live = false);
  }, []);
  const userId = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
  const { start = 0, pid = null } = opts;
  return useMemo(() => {
    if (!video || !consent) return null;
    const device = deviceInfo();
    return buildPlayerPayload({
      video,
      channelId,
      siteUid: api.site,
      source: playerSource(video.liveEvent?.sourceType),
      start: start ?? 0,
      viewer: { userId },
      // The web has no device id of its own (the TV's is its activation's, decision 0064).
      device: { model: device.model, id: null, limitAdTracking: device.limitAdTracking },
      pid,
      consent,
    });
  }, [video, consent, channelId, api.site, start, userId, pid]);
}
