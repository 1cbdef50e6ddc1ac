import { useLiveChannelAnalytics } from '@marquee/player/react';
import { useState } from 'react';
import type { Player as CorePlayer } from '@marquee/player';
import { useLiveChannelPlayUrl, useRenewLiveChannelPlayUrl } from '../api/use-live-channel-play-url';
import { useLiveChannels } from '../api/use-live-channels';
import { tvPlaybackProblem } from '../utils/playback-problem';
import { FullscreenPlayer } from './fullscreen-player';

/** /tvn/{type}/play-live/{assetId}: a live channel, full screen. */
export function PlayLive({ assetId, onLeave }: { assetId: string; onLeave: () => void }) {
  const channels = useLiveChannels();
  const playUrl = useLiveChannelPlayUrl(assetId);
  const renewPlayUrl = useRenewLiveChannelPlayUrl(assetId);
  const channel = channels.data?.items.find((c) => c.id === assetId || c._id === assetId);
  // eslint-disable-next-line react-hooks/purity -- the entry on air is picked by the clock at render time
  const nowMs = Date.now();
  const [player, setPlayer] = useState<CorePlayer | null>(null);
  useLiveChannelAnalytics(player, channel?.id);
  const now = channel?.epg.find((e) => Date.parse(e.start) <= nowMs && nowMs < Date.parse(e.stop));
  return (
    <FullscreenPlayer
      src={playUrl.data?.url}
      expiresAt={playUrl.data?.expiresAt}
      renewSource={renewPlayUrl}
      live
      onPlayer={setPlayer}
      title={channel ? `${channel.channelNumber} ${channel.name}` : ''}
      subtitle={now?.title}
      problem={tvPlaybackProblem(playUrl.error, playUrl.data)}
      onLeave={onLeave}
    />
  );
}
