import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import type { MovieDetail, Video } from '@marquee/contract';
import { formatDuration } from '@marquee/domain';
import { FocusableButton } from '../../../components/focusable-button';
import { StatusMessage } from '../../../components/status-message';
import { useProgressByVideo } from '../../../lib/my-lists';
import { useFocusRestore } from '../../../lib/use-focus-restore';
import { useMovie } from '../api/use-titles';
import { FavoriteButton, WatchListButton } from './my-list-buttons';
import { TitleCard } from './title-card';
import { TitleHero } from './title-hero';
import { useTranslation } from 'react-i18next';

export type WatchHref = (channelId: string, video: Video) => string;

const WATCH_KEY = 'movie-watch';

/**
 * /tvn/{type}/movie/{videoUid}?channel: the movie's details, Watch, Trailer, My List and Favorite,
 * its trailers and extras.
 */
export function MovieDetails({
  uid,
  channel,
  watchHref,
  onNavigate,
  onLogin,
}: {
  uid: string;
  /** The channel the viewer came from (?channel), else the movie's own. */
  channel: string | null;
  watchHref: WatchHref;
  onNavigate: (href: string) => void;
  /** Where My List and Favorite send a signed-out viewer. */
  onLogin: () => void;
}) {
  const movie = useMovie(uid);
  const progress = useProgressByVideo();
  const { t } = useTranslation(['titles', 'common']);
  const { ref, focusKey } = useFocusable({ focusKey: 'MOVIE', trackChildren: true });
  // Watch first; back from the player, what the viewer pressed (Watch, a trailer, an extra).
  useFocusRestore(movie.data ? WATCH_KEY : null);

  if (movie.isPending) return <StatusMessage kind="loading" title={t('common:loading')} />;
  if (movie.isError)
    return (
      <StatusMessage kind="error" title={t('movieError')} testId="movie-error">
        {movie.error.message}
      </StatusMessage>
    );

  const m: MovieDetail = movie.data;
  const channelId = channel ?? m.metadata.channel ?? 'featured';
  const trailer = m.trailers[0];
  const facts = [
    m.metadata.publishedDate.slice(0, 4),
    m.movieData?.mpaa ?? '',
    formatDuration(m.contentDetails.duration),
    (m.movieData?.genres ?? []).join(', '),
  ].filter(Boolean);

  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="tv-title-screen" data-testid="tv-movie">
        <TitleHero
          title={m.title}
          poster={m.movieData?.poster ?? m.img}
          backdrop={m.movieData?.background ?? null}
          facts={facts}
          description={m.description}
          credits={[
            { label: t('starring'), names: m.movieData?.cast ?? [] },
            { label: t('directedBy'), names: m.movieData?.directors ?? [] },
          ]}
        >
          <FocusableButton
            focusKey={WATCH_KEY}
            testId="movie-watch"
            onPress={() => onNavigate(watchHref(channelId, m))}
          >
            {t('watch')}
          </FocusableButton>
          {trailer ? (
            <FocusableButton testId="movie-trailer" onPress={() => onNavigate(watchHref(channelId, trailer))}>
              {t('trailer')}
            </FocusableButton>
          ) : null}
          <WatchListButton contentId={m.uid} type="movie" onLogin={onLogin} />
          <FavoriteButton uid={m.uid} onLogin={onLogin} />
        </TitleHero>
        {m.trailers.length + m.extras.length > 0 ? (
          <section className="tv-row" aria-label={t('extras')}>
            <h2 className="tv-row__title">{t('extras')}</h2>
            <div className="tv-row__items">
              {[...m.trailers, ...m.extras].map((v, i) => (
                <TitleCard
                  key={v.uid}
                  video={v}
                  focusKey={`movie-extra-${i}`}
                  label={v.extraOf?.kind === 'trailer' ? t('trailer') : t('extra')}
                  progress={progress.get(v.uid)}
                  href={watchHref(channelId, v)}
                />
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </FocusContext.Provider>
  );
}
