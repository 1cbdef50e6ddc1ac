import { ApiError } from '@marquee/api-client';
import { formatDuration, resumeAt } from '@marquee/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { paths } from '../../../config/paths';
import { externalLink } from '../utils/external-link';
import { useMovie } from '../api/use-movie';
import { useProgress } from '../api/use-progress';
import { giftHref } from '../utils/title-links';
import { ExtrasList } from './extras-list';
import { MetaList, TitleHero, TitleSkeleton } from './title-hero';
import './titles.css';

interface MoviePageProps {
  uid: string;
  /** ?channel: the channel the viewer came from (the movie's own channel otherwise). */
  channel: string | null;
  /** Site flags: externalUrls shows the external link; allowGifts the gift button. */
  externalUrls: boolean;
  allowGifts: boolean;
  /** A signed-in viewer with an unfinished position gets Resume and Restart. */
  signedIn: boolean;
  /** More buttons beside Watch (the watch-list button, the favorite toggle), composed by the route. */
  actions?: (movie: { uid: string; title: string }) => ReactNode;
}

/**
 * The movie page (§2.7): poster and background, title and metadata, Watch, or Resume and Restart
 * from a saved position, trailers and extras, the external link and the gift link.
 */
export function MoviePage({ uid, channel, externalUrls, allowGifts, signedIn, actions }: MoviePageProps) {
  const { t } = useTranslation('titles');
  const movie = useMovie(uid);
  const progress = useProgress(signedIn);
  if (movie.isPending) return <TitleSkeleton label={t('loading')} />;
  if (movie.isError) {
    const missing = movie.error instanceof ApiError && movie.error.status === 404;
    return (
      <StatusMessage
        kind={missing ? 'empty' : 'error'}
        title={missing ? t('movieNotFound') : t('movieLoadError')}
        onRetry={missing ? undefined : () => void movie.refetch()}
        testId="movie-error"
      >
        {missing ? null : errorMessage(movie.error)}
      </StatusMessage>
    );
  }
  const m = movie.data;
  const data = m.movieData;
  const channelId = channel ?? m.metadata.channel ?? 'featured';
  const year = m.metadata.publishedDate ? new Date(m.metadata.publishedDate).getUTCFullYear() : null;
  const duration = formatDuration(m.contentDetails.duration);
  const poster = data?.poster ?? m.img;
  const background = data?.background ?? m.metadata.thumbnails?.maxres.url ?? null;
  const resume = resumeAt(progress.get(m.uid));
  return (
    <article className="title-page" data-testid="movie-page" data-video-uid={m.uid}>
      <TitleHero title={m.title} poster={poster} background={background} testId="movie-hero">
        <h1 className="title-hero__title" data-testid="title-name">
          {m.title}
        </h1>
        <p className="title-hero__facts">
          {[year, duration, data?.mpaa ? t('rating', { rating: data.mpaa }) : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <div className="title-hero__actions">
          {resume === null ? (
            <Link className="button" to={paths.watch.getHref(channelId, m.uid)} data-testid="title-watch">
              {t('watch')}
            </Link>
          ) : (
            <>
              <Link
                className="button"
                to={paths.watch.getHref(channelId, m.uid, resume)}
                data-testid="title-resume"
                aria-label={t('resumeAt', { time: formatDuration(resume) })}
              >
                {t('resume')}
              </Link>
              <Link
                className="button button--ghost"
                to={paths.watch.getHref(channelId, m.uid, 0)}
                data-testid="title-restart"
              >
                {t('restart')}
              </Link>
            </>
          )}
          {actions?.(m)}
          {externalUrls && m.externalUrl ? (
            <a
              className="button button--ghost"
              href={externalLink(m.externalUrl).href}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="title-external"
            >
              {externalLink(m.externalUrl).label}
            </a>
          ) : null}
          {allowGifts ? (
            <Link
              className="button button--ghost"
              to={giftHref({ channel: channelId, videoUid: m.uid })}
              data-testid="title-gift"
              aria-label={t('giftTitle', { title: m.title })}
            >
              {t('gift')}
            </Link>
          ) : null}
        </div>
        {m.description ? <p className="title-hero__description">{m.description}</p> : null}
        <dl className="title-hero__meta">
          <MetaList label={t('genres')} items={data?.genres ?? []} testId="title-genres" />
          <MetaList label={t('cast')} items={data?.cast ?? []} testId="title-cast" />
          <MetaList label={t('directors')} items={data?.directors ?? []} testId="title-directors" />
        </dl>
      </TitleHero>
      <ExtrasList
        title={t('trailers')}
        items={m.trailers}
        hrefFor={(x) => paths.movieExtra.getHref(m.uid, x.uid)}
        testId="movie-trailers"
      />
      <ExtrasList
        title={t('extras')}
        items={m.extras}
        hrefFor={(x) => paths.movieExtra.getHref(m.uid, x.uid)}
        testId="movie-extras"
      />
    </article>
  );
}
