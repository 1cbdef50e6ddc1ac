import { sendPlaybackQuality } from '@marquee/api-client';
import { useApi } from '@marquee/api-client/react';
import { useEffect } from 'react';
import { trackPlaybackQuality } from '../playback-quality';
import type { Player as CorePlayer } from '../player';

/**
 * Reports the quality of each playback of `videoUid` in `player` to the site (decision 0083): a new
 * session per player and video, its final report when the video is left.
 */
export function usePlaybackQuality(player: CorePlayer | null, videoUid: string) {
  const api = useApi();
  useEffect(() => {
    if (!player) return;
    return trackPlaybackQuality(player, {
      videoUid,
      send: (report, { beacon }) => sendPlaybackQuality(api, report, { beacon }),
    });
  }, [player, videoUid, api]);
}
