import type { Video } from '@marquee/contract';
import { captionTracks, isLandscape, type Player as CorePlayer } from '@marquee/player';
import { useCinemaMode, type PlayerMenuLabels, type PlayerState } from '@marquee/player/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routeQueueContext, useWatchQueue, type WatchQueueContext } from '../api/use-watch-queue';
import { flagsSearch, itemWatchPath, type WatchRouteInfo } from '../utils/watch-route-info';
import { useNextVideo, type NextVideoOptions } from './use-next-video';
import { useStillWatching } from './use-still-watching';
import { useActivityCheck } from './use-activity-check';

/** Landscape mode (§4.4, threshold 1.1): a touch device held sideways. */
function useLandscapeMode(): boolean {
  const read = () =>
    typeof window !== 'undefined' &&
    window.matchMedia?.('(pointer: coarse)').matches === true &&
    isLandscape(window.innerWidth, window.innerHeight);
  const [landscape, setLandscape] = useState(read);
  useEffect(() => {
    const update = () => setLandscape(read());
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
    };
  }, []);
  return landscape;
}

export interface PlayerRulesOptions {
  video: Video | undefined;
  videoUid: string;
  channelId: string;
  playUrl: string | null | undefined;
  player: CorePlayer | null;
  onLeave: () => void;
  /** The watch route's variant and flags (decision 0028): the queue, next URLs and embed follow it. */
  route?: WatchRouteInfo;
}

/** The queue of a route variant: the same arguments as the right-menu Queue tab, so one cache. */
function queueContext(o: PlayerRulesOptions): WatchQueueContext {
  return o.route ? routeQueueContext(o.route) : { videoUid: o.videoUid, channelId: o.channelId };
}

/**
 * The player rules of the watch screen (playback-and-social §4.4–§4.6, decision 0027), in one hook
 * so the screen only wires them: the play queue, the end-of-video and error rules, cinema mode
 * (2 s idle while playing), landscape mode, the still-watching prompt (videos) and the activity check
 * (live streams), captions and menu labels.
 */
export function usePlayerRules(o: PlayerRulesOptions) {
  const { t } = useTranslation('watch');
  const [playing, setPlaying] = useState(false);
  const queue = useWatchQueue(queueContext(o));
  const { route } = o;
  const hrefFor = useMemo<NextVideoOptions['hrefFor']>(
    () => (route ? (item) => `${itemWatchPath(route, item)}${flagsSearch(route.flags)}` : undefined),
    [route],
  );
  const { onEnded, onError } = useNextVideo({
    video: o.video,
    channelId: o.channelId,
    queue,
    featured: route?.route.dynamicType === 'featured',
    hrefFor,
    onLeave: o.onLeave,
    // An embed stays in its frame: its own autoplayNext flag plays the Up Next item (decision 0028).
    navigates: !route?.flags.embed,
  });
  const cinema = useCinemaMode(playing);
  const landscape = useLandscapeMode();
  // A live stream never ends and cannot usefully pause: the activity check asks there (decision 0061).
  const live = o.video?.type === 'liveEvent' || o.video?.type === 'liveChannel';
  const stillWatching = useStillWatching(o.player, playing, !live);
  const activity = useActivityCheck(o.player, playing, live);
  const tracks = useMemo(() => captionTracks(o.video?.subtitles ?? [], o.playUrl), [o.video, o.playUrl]);
  const menuLabels = useMemo<PlayerMenuLabels>(
    () => ({
      captions: t('player.captions'),
      captionsOff: t('player.captionsOff'),
      quality: t('player.quality'),
      qualityAuto: t('player.qualityAuto'),
    }),
    [t],
  );
  const onStateChange = useCallback((s: PlayerState) => setPlaying(s.playing), []);

  return {
    queue,
    onEnded,
    onError,
    onStateChange,
    cinema,
    landscape,
    stillWatching,
    activity,
    tracks,
    menuLabels,
  };
}
