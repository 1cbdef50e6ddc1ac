import { queryKeys, seriesQueryOptions } from '@marquee/api-client';
import type { ProgressList, Video } from '@marquee/contract';
import {
  AFTER_ERROR_NEXT_MS,
  afterErrorAction,
  endOfVideoAction,
  errorPlayingSuffix,
  loadsNextVideo,
  type AfterErrorAction,
} from '@marquee/domain';
import type { PlayerError } from '@marquee/player';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { showToast } from '../../../lib/toast';
import type { WatchQueue } from '../api/use-watch-queue';
import { noteAutoplay } from './use-still-watching';

export interface NextVideoOptions {
  video: Video | undefined;
  channelId: string;
  queue: WatchQueue;
  /** The featured pseudo-channel is playing (a movie then continues to the next item). */
  featured?: boolean;
  /** The watch URL of the next video (the channel watch route by default). */
  hrefFor?: (next: Pick<Video, 'uid' | 'series'>) => string;
  /** Back (the route's leave). */
  onLeave: () => void;
  /** False in an embed: errors still show their toast, but nothing navigates. */
  navigates?: boolean;
}

/** Navigation state of a watch screen opened by autoplay (the still-watching count uses it). */
export const AUTOPLAYED_STATE = { autoplayed: true } as const;

/**
 * The end-of-video and error rules on the watch screen (playback-and-social §4.5, §4.6, §8;
 * decision 0027): `onEnded` and `onError` for the <Player>. The decisions are the domain's
 * (`endOfVideoAction`, `afterErrorAction`); this hook only carries them out.
 */
export function useNextVideo({
  video,
  channelId,
  queue,
  featured,
  hrefFor,
  onLeave,
  navigates = true,
}: NextVideoOptions) {
  const { t } = useTranslation('watch');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const seriesUid = video?.series?.uid ?? '';
  const series = useQuery({ ...seriesQueryOptions(api, seriesUid), enabled: !!seriesUid });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const context = useCallback(
    () => ({
      // Anonymous viewers have no setting: autoplay is on.
      autoPlay: user?.autoPlay ?? true,
      featured,
      episodes: (series.data?.seasons ?? []).flatMap((s) =>
        s.episodes.flatMap((e) =>
          e.series ? [{ uid: e.uid, season: e.series.season, episode: e.series.episode }] : [],
        ),
      ),
      nextInQueue: queue.bySeason ? null : queue.next,
    }),
    [user, featured, series.data, queue.bySeason, queue.next],
  );

  const perform = useCallback(
    (action: AfterErrorAction) => {
      if (timer.current) clearTimeout(timer.current);
      if (!navigates) return;
      const channel = channelId || video?.metadata.channel || null;
      switch (action.kind) {
        case 'stay':
        case 'watchParty': // The party screen carries §4.5 rule 2 itself (watch-party feature, PartyRoom onEnded).
          return;
        case 'back':
          return onLeave();
        case 'home':
          return void navigate(paths.home.getHref());
        case 'moviePage':
          return void navigate(paths.movie.getHref(action.movieUid, { channel }));
        case 'seriesPage':
          return void navigate(paths.series.getHref(action.seriesUid, { channel }));
        case 'episode':
        case 'video': {
          const series =
            action.kind === 'episode'
              ? {
                  id: action.seriesUid,
                  uid: action.seriesUid,
                  season: action.season,
                  episode: action.episode,
                }
              : null;
          const href =
            hrefFor?.({ uid: action.uid, series }) ?? paths.watch.getHref(channel ?? '', action.uid);
          timer.current = setTimeout(() => {
            noteAutoplay();
            // Replace: Escape on the next video leaves to where the viewer came from.
            void navigate(href, { replace: true, state: AUTOPLAYED_STATE });
          }, action.delayMs);
        }
      }
    },
    [channelId, video, hrefFor, navigate, onLeave, navigates],
  );

  const onEnded = useCallback(() => {
    if (!video) return;
    const action = endOfVideoAction(video, context());
    if (loadsNextVideo(action)) {
      // "the finished one is removed from continue-watching" at once; the saved end confirms it.
      queryClient.setQueriesData<ProgressList>(
        { queryKey: [...queryKeys.all(api), 'history-progress'] },
        (list) => (list?.items ? { ...list, items: list.items.filter((i) => i.id !== video.uid) } : list),
      );
    }
    perform(action);
  }, [video, context, perform, queryClient]);

  const onError = useCallback(
    (error: PlayerError) => {
      if (!error.fatal || !video) return;
      const unsupported = error.kind === 'unsupported';
      const type = t(`player.types.${video.type}`, { defaultValue: video.type });
      const action = afterErrorAction(video, { ...context(), unsupported });
      const suffix = errorPlayingSuffix(video.type, action);
      showToast(
        unsupported
          ? t('player.unavailable')
          : suffix === 'backToList'
            ? t('player.errorBackToList', { type })
            : suffix === 'loadingNext'
              ? t('player.errorLoadingNext', { type })
              : t('player.errorPlaying', { type }),
        'error',
      );
      // The next video carries its 3000 ms; "Back to list..." and home wait as long.
      if (loadsNextVideo(action) || action.kind === 'stay') perform(action);
      else {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => perform(action), AFTER_ERROR_NEXT_MS);
      }
    },
    [video, context, perform, t],
  );

  return { onEnded, onError };
}
