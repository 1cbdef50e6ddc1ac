import type { Video } from '@marquee/contract';
import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { MovieDetails, SeriesDetails } from '../../features/titles';

/** The play-video link of a movie, trailer, extra or episode, naming what it belongs to. */
function useWatchHref(type: string) {
  return useCallback(
    (channelId: string, video: Video) =>
      paths.playVideo.getHref(type, channelId, video.uid, {
        movieUid: video.type === 'movie' ? video.uid : video.extraOf?.uid,
        seriesUid: video.series?.uid,
      }),
    [type],
  );
}

/** /tvn/{type}/movie/{videoUid}?channel */
export function MovieRoute() {
  const { type = 'generic', videoUid = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  return (
    <MovieDetails
      key={videoUid}
      uid={videoUid}
      channel={search.get('channel')}
      watchHref={useWatchHref(type)}
      onNavigate={(href) => void navigate(href)}
      onLogin={() => void navigate(paths.login.getHref(type))}
    />
  );
}

/** /tvn/{type}/series/{seriesUid}?channel&target */
export function SeriesRoute() {
  const { type = 'generic', seriesUid = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const home = useCallback(
    () => void navigate(paths.discover.getHref(type), { replace: true }),
    [navigate, type],
  );
  return (
    <SeriesDetails
      key={seriesUid}
      uid={seriesUid}
      channel={search.get('channel')}
      target={search.get('target')}
      watchHref={useWatchHref(type)}
      onNavigate={(href) => void navigate(href)}
      onFailed={home}
      onLogin={() => void navigate(paths.login.getHref(type))}
    />
  );
}
