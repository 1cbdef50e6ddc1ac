import { useApi, useSession } from '@marquee/api-client/react';
import { channelVideosInfiniteQueryOptions, seriesQueryOptions } from '@marquee/api-client';
import type { Video } from '@marquee/contract';
import { endOfVideoAction, type EndOfVideoAction } from '@marquee/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useMe } from '../../../lib/use-me';

/**
 * The end of a video on the TV (playback-and-social §4.5, decision 0027): the domain's
 * `endOfVideoAction` over the viewer's autoPlay, the series' episodes (next in the season, else the
 * next season's first) and, for other videos, the next video of the channel. The route carries the
 * action out, as it knows the TV's screens.
 */
export function useEndOfVideo(
  video: Video | undefined,
  channelId: string,
  perform: (action: EndOfVideoAction) => void,
): () => void {
  const api = useApi();
  const signedIn = useSession().status === 'signedIn';
  const me = useMe(signedIn);
  const seriesUid = video?.series?.uid ?? '';
  const series = useQuery({ ...seriesQueryOptions(api, seriesUid), enabled: !!seriesUid });
  const channel = useInfiniteQuery({
    ...channelVideosInfiniteQueryOptions(api, channelId),
    enabled: !!channelId && !!video && !seriesUid,
  });

  return useCallback(() => {
    if (!video) return;
    const items = channel.data?.pages.flatMap((p) => p.items) ?? [];
    const at = items.findIndex((v) => v.uid === video.uid);
    const episodes = (series.data?.seasons ?? []).flatMap((s) =>
      s.episodes.flatMap((e) =>
        e.series ? [{ uid: e.uid, season: e.series.season, episode: e.series.episode }] : [],
      ),
    );
    perform(
      endOfVideoAction(video, {
        // Anonymous viewers have no setting: autoplay is on.
        autoPlay: signedIn ? (me.data?.autoPlay ?? true) : true,
        episodes,
        nextInQueue: at >= 0 ? (items[at + 1] ?? null) : null,
      }),
    );
  }, [video, channel.data, series.data, signedIn, me.data, perform]);
}
