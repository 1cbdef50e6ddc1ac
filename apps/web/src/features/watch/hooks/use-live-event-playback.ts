import type { Video } from '@marquee/contract';
import { msUntilEnd, playbackLiveState } from '@marquee/domain';
import { keepAtLiveEdge, type Player } from '@marquee/player';
import { useEffect, useRef } from 'react';

/** setTimeout's longest delay; a later end is re-checked when it fires. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * A live event on the watch screen (playback-and-social §4.1, §4.7):
 * - play-url answered "not live" (code 20): go to the not-live page;
 * - the end passes during playback, or the stream ends and play-url then says "not live": the same;
 * - a link-type event is kept within 3 s of the time elapsed since its start (`keepAtLiveEdge`).
 */
export function useLiveEventPlayback(
  player: Player | null,
  video: Video | undefined,
  notLive: boolean,
  refetchPlayUrl: () => unknown,
  onNotLive: (() => void) | undefined,
) {
  const live = video?.type === 'liveEvent' ? (video.liveEvent ?? null) : null;
  const go = useRef(onNotLive);
  // eslint-disable-next-line react-hooks/refs -- latest-callback ref: the effect subscribes once and calls the newest callback
  go.current = onNotLive;
  const refetch = useRef(refetchPlayUrl);
  // eslint-disable-next-line react-hooks/refs -- latest-callback ref: the effect subscribes once and calls the newest callback
  refetch.current = refetchPlayUrl;

  useEffect(() => {
    if (notLive) go.current?.();
  }, [notLive]);

  const end = live?.end ?? null;
  const is247 = live?.is247 ?? false;
  const start = live?.start ?? null;
  useEffect(() => {
    if (!end || start === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const ms = msUntilEnd({ end, is247 }, new Date());
      if (ms === null) return;
      timer = setTimeout(
        () => {
          if (playbackLiveState({ start, end, is247, ended: false, type: '' }, new Date()) === 'ended') {
            go.current?.();
          } else schedule();
        },
        Math.min(ms, MAX_TIMEOUT_MS),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [start, end, is247]);

  const isLive = live !== null;
  useEffect(() => {
    if (!player || !isLive) return;
    return player.on('ended', () => void refetch.current());
  }, [player, isLive]);

  const isLink = live?.type === 'link';
  useEffect(() => {
    if (!player || !isLink || start === null) return;
    const startMs = Date.parse(start);
    return keepAtLiveEdge(player, { liveTime: () => (Date.now() - startMs) / 1000 });
  }, [player, isLink, start]);
}
