import type { Video } from '@marquee/contract';
import {
  CARD_SIZES,
  cardImage,
  formatDuration,
  nextUnfinishedEpisode,
  progressPercent,
  resumeAt,
  truncateTitle,
} from '@marquee/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useProgress, watchedSeconds } from '../api/use-progress';
import { useSeries, useSeriesExtras } from '../api/use-series';
import { giftHref, pickSeason } from '../utils/title-links';
import { ExtrasList } from './extras-list';
import { MetaList, TitleHero, TitleSkeleton } from './title-hero';
import './titles.css';

/** How long the 'Error loading series' toast shows before the viewer is taken home. */
const ERROR_TOAST_MS = 2500;

interface SeriesPageProps {
  uid: string;
  channel: string | null;
  /** From /series/:uid/seasons/:season/episodes/:episode. */
  season?: number;
  episode?: number;
  allowGifts: boolean;
  /** A signed-in viewer's saved positions draw progress bars. */
  signedIn: boolean;
  /** More buttons beside Watch (the watch-list button), composed by the route. */
  actions?: (series: { uid: string; title: string; defaultChannel: string | null }) => ReactNode;
}

/** An episode, with the seconds watched where the viewer has a saved position. */
type Episode = Video & { progress?: number | null };

/**
 * The series page (§2.7): poster, description, a seasons switcher, the episodes of the selected
 * season (each with its watch link and a progress bar where progress exists), extras and the gift
 * link. A failed load shows 'Error loading series' and goes home (§8).
 */
export function SeriesPage({
  uid,
  channel,
  season,
  episode,
  allowGifts,
  signedIn,
  actions,
}: SeriesPageProps) {
  const { t } = useTranslation('titles');
  const navigate = useNavigate();
  const series = useSeries(uid);
  const extras = useSeriesExtras(uid);
  const progress = useProgress(signedIn);
  const [selected, setSelected] = useState<number | null>(null);

  useEffect(() => {
    if (!series.isError) return;
    const id = setTimeout(() => void navigate(paths.home.getHref(), { replace: true }), ERROR_TOAST_MS);
    return () => clearTimeout(id);
  }, [series.isError, navigate]);

  if (series.isError) {
    return (
      <div className="title-toast" role="alert" data-testid="toast">
        {t('seriesLoadError')}
      </div>
    );
  }
  if (series.isPending) return <TitleSkeleton label={t('loading')} />;

  const s = series.data;
  const seasons = s.seasons.filter((x) => x.episodes.length > 0);
  const current = selected ?? pickSeason(seasons, season);
  const episodes: Episode[] = (seasons.find((x) => x.season === current)?.episodes ?? []).map((ep) => ({
    ...ep,
    progress: watchedSeconds(progress.get(ep.uid)),
  }));
  const channelId = channel ?? s.defaultChannel ?? 'featured';
  const first = seasons[0]?.episodes[0];
  // A viewer who has watched any episode continues with the next unfinished one (resumed in it).
  const allEpisodes = seasons.flatMap((x) =>
    x.episodes.map((ep) => ({ ...ep, season: x.season, episode: ep.series?.episode ?? 0 })),
  );
  const started = allEpisodes.some((ep) => progress.has(ep.uid));
  const next = started ? nextUnfinishedEpisode(allEpisodes, (id) => !!progress.get(id)?.finished) : null;
  return (
    <article className="title-page" data-testid="series-page" data-series-uid={s.uid}>
      <TitleHero
        title={s.title}
        poster={s.poster}
        background={s.thumbnails?.maxres.url ?? null}
        testId="series-hero"
      >
        <h1 className="title-hero__title" data-testid="title-name">
          {s.title}
        </h1>
        <p className="title-hero__facts">
          {[
            s.publishedDate ? new Date(s.publishedDate).getUTCFullYear() : null,
            t('seasonCount', { count: seasons.length }),
            s.mpaa ? t('rating', { rating: s.mpaa }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <div className="title-hero__actions">
          {next && first ? (
            <>
              <Link
                className="button"
                to={paths.watch.getHref(channelId, next.uid, resumeAt(progress.get(next.uid)) ?? undefined)}
                data-testid="title-continue"
              >
                {t('continueEpisode', { season: next.season, episode: next.episode })}
              </Link>
              <Link
                className="button button--ghost"
                to={paths.watch.getHref(channelId, first.uid, 0)}
                data-testid="title-restart"
                aria-label={t('restartSeries', { title: s.title })}
              >
                {t('restart')}
              </Link>
            </>
          ) : first ? (
            <Link className="button" to={paths.watch.getHref(channelId, first.uid)} data-testid="title-watch">
              {t('watch')}
            </Link>
          ) : null}
          {actions?.(s)}
          {allowGifts ? (
            <Link
              className="button button--ghost"
              to={giftHref({ channel: channelId, seriesUid: s.uid })}
              data-testid="title-gift"
              aria-label={t('giftTitle', { title: s.title })}
            >
              {t('gift')}
            </Link>
          ) : null}
        </div>
        {s.description ? (
          <p className="title-hero__description" data-testid="series-description">
            {s.description}
          </p>
        ) : null}
        <dl className="title-hero__meta">
          <MetaList label={t('genres')} items={s.genres} testId="title-genres" />
          <MetaList label={t('cast')} items={s.cast} testId="title-cast" />
          <MetaList label={t('directors')} items={s.directors} testId="title-directors" />
        </dl>
      </TitleHero>

      <section className="title-section" aria-labelledby="episodes-title">
        <h2 className="title-section__title" id="episodes-title">
          {t('episodes')}
        </h2>
        {seasons.length > 1 ? (
          <div className="seasons" role="group" aria-label={t('seasons')} data-testid="seasons">
            {seasons.map((x) => (
              <button
                key={x.season}
                type="button"
                className="seasons__button"
                data-testid="season-button"
                data-season={x.season}
                aria-pressed={x.season === current}
                onClick={() => setSelected(x.season)}
              >
                {t('season', { season: x.season })}
              </button>
            ))}
          </div>
        ) : null}
        {episodes.length === 0 ? (
          <p className="title-section__empty">{t('noEpisodes')}</p>
        ) : (
          <ol className="episodes" data-testid="episodes" data-season={current ?? undefined}>
            {episodes.map((ep) => (
              <EpisodeItem
                key={ep.uid}
                episode={ep}
                channelId={channelId}
                focused={current === season && ep.series?.episode === episode}
              />
            ))}
          </ol>
        )}
      </section>

      <ExtrasList
        title={t('extras')}
        items={extras.data?.items ?? []}
        hrefFor={(x) => paths.seriesExtra.getHref(s.uid, x.uid)}
        testId="series-extras"
      />
    </article>
  );
}

function EpisodeItem({
  episode,
  channelId,
  focused,
}: {
  episode: Episode;
  channelId: string;
  focused: boolean;
}) {
  const { t } = useTranslation('titles');
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'center' });
  }, [focused]);
  const image = cardImage(episode);
  const { width, height } = CARD_SIZES.landscape;
  const duration = formatDuration(episode.contentDetails.duration);
  const percent = progressPercent(episode.progress, episode.contentDetails.duration);
  const href = paths.watch.getHref(channelId, episode.uid);
  const label = episode.series
    ? t('episodeLabel', { season: episode.series.season, episode: episode.series.episode })
    : '';
  return (
    <li
      ref={ref}
      className="episode"
      data-testid="episode"
      data-video-uid={episode.uid}
      aria-current={focused || undefined}
    >
      <Link to={href} className="episode__media" tabIndex={-1} aria-hidden="true">
        {image ? (
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes={`${width}px`}
            width={width}
            height={height}
            loading="lazy"
            decoding="async"
            alt=""
          />
        ) : null}
        {percent !== null ? (
          <span className="episode__progress" data-testid="episode-progress">
            <span style={{ width: `${percent}%` }} />
          </span>
        ) : null}
      </Link>
      <div className="episode__body">
        <h3 className="episode__title">
          <span className="episode__label">{label}</span> {truncateTitle(episode.title)}
        </h3>
        <p className="episode__facts">
          {duration}
          {percent !== null ? ` · ${t('progress', { percent })}` : ''}
        </p>
        {episode.description ? <p className="episode__description">{episode.description}</p> : null}
        <Link
          to={href}
          className="button episode__watch"
          data-testid="episode-watch"
          aria-label={t('watchEpisode', { title: episode.title })}
        >
          {t('watch')}
        </Link>
      </div>
    </li>
  );
}
