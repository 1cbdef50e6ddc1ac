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
  opts: {
    start?: number | null;
    pid?: string | null;
    /**
     * The device as a TV platform names it (model, id, limit ad tracking); null while it is not known
     * yet (the payload waits). Without it, the browser's own and no id (decision 0064).
     */
    device?: { model: string; id: string | null; limitAdTracking: boolean } | null;
  } = {},
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
  const { start = 0, pid = null, device: platformDevice } = opts;
  return useMemo(() => {
    if (!video || !consent || platformDevice === null) return null;
    const browser = deviceInfo();
    return buildPlayerPayload({
      video,
      channelId,
      siteUid: api.site,
      source: playerSource(video.liveEvent?.sourceType),
      start: start ?? 0,
      viewer: { userId },
      // The web has no device id of its own (the TV's activation id is not handed out, decision 0064);
      // a TV platform that names its device gives its own (VIZIO, decision 0071).
      device: platformDevice ?? { model: browser.model, id: null, limitAdTracking: browser.limitAdTracking },
      pid,
      consent,
    });
  }, [video, consent, channelId, api.site, start, userId, pid, platformDevice]);
}
