import { useLiveChannelAnalytics } from '@marquee/player/react';
import { useMemo, useState } from 'react';
import type { Player as CorePlayer } from '@marquee/player';
import { useLiveChannelPlayUrl, useRenewLiveChannelPlayUrl } from '../api/use-live-channel-play-url';
import { useLiveChannels } from '../api/use-live-channels';
import { liveChannelFor, zapFrom, zapList } from '../utils/live-zap';
import { tvPlaybackProblem } from '../utils/playback-problem';
import { FullscreenPlayer } from './fullscreen-player';

/**
 * /tvn/{type}/play-live/{assetId}?category&channel: a live channel, full screen; Up and Down zap to
 * the next and previous channel of `category` (all channels without one). Decision 0078.
 */
export function PlayLive({
  assetId,
  category = null,
  channel: channelParam = null,
  onLeave,
  onZap,
}: {
  assetId: string;
  category?: string | null;
  /** The channel to play when `assetId` names none (an EPG programme's asset on it). */
  channel?: string | null;
  onLeave: () => void;
  /** Opens another channel (its id). */
  onZap?: (channelId: string) => void;
}) {
  const channels = useLiveChannels();
  const items = channels.data?.items;
  const channel = useMemo(
    () => liveChannelFor(items ?? [], assetId, channelParam),
    [items, assetId, channelParam],
  );
  // The path's id goes to play-url as it is, unless it names no channel and ?channel does one;
  // with ?channel, that waits for the list.
  const playId =
    channel && channel.id !== assetId && channel._id !== assetId
      ? channel.id
      : channelParam && channels.isPending
        ? null
        : assetId;
  const playUrl = useLiveChannelPlayUrl(playId);
  const renewPlayUrl = useRenewLiveChannelPlayUrl(playId);
  const zaps = useMemo(() => zapList(items ?? [], category, channel), [items, category, channel]);
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
      zapCount={zaps.length}
      onZap={
        onZap && zaps.length > 1
          ? (step) => {
              const to = zapFrom(zaps, channel, step);
              if (to && to !== channel) onZap(to.id);
            }
          : undefined
      }
    />
  );
}
