import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import type { SeriesDetail } from '@marquee/contract';
import { useEffect, useState } from 'react';
import { FocusableButton } from '../../../components/focusable-button';
import { StatusMessage } from '../../../components/status-message';
import { useToast } from '../../../lib/toast';
import { useProgressByVideo } from '../../../lib/my-lists';
import { useFocusRestore, useRememberedFocus } from '../../../lib/use-focus-restore';
import { useSeries } from '../api/use-titles';
import { WatchListButton } from './my-list-buttons';
import type { WatchHref } from './movie-details';
import { TitleCard } from './title-card';
import { TitleHero } from './title-hero';
import { useTranslation } from 'react-i18next';

/** The spec's message when a series cannot be loaded (discovery-and-site §8), before going home. */

const seasonKey = (n: number) => `season-${n}`;
const EPISODE_PREFIX = 'episode-';
const episodeKey = (uid: string) => `${EPISODE_PREFIX}${uid}`;

/** The season holding `target` (an episode uid), else the first. */
function initialSeason(series: SeriesDetail, target: string | null): number | null {
  const holding = target ? series.seasons.find((s) => s.episodes.some((e) => e.uid === target)) : undefined;
  return (holding ?? series.seasons[0])?.season ?? null;
}

/**
 * /tvn/{type}/series/{seriesUid}?channel&target: the series (Play, My List), its seasons as buttons
 * and the chosen season's episodes, each with a bar of the part watched. `target` (an episode uid) opens on that episode's season with it focused.
 */
export function SeriesDetails({
  uid,
  channel,
  target,
  watchHref,
  onNavigate,
  onFailed,
  onLogin,
}: {
  uid: string;
  channel: string | null;
  target: string | null;
  watchHref: WatchHref;
  onNavigate: (href: string) => void;
  /** Called after the error toast: the spec sends the viewer home. */
  onFailed: () => void;
  /** Where My List sends a signed-out viewer. */
  onLogin: () => void;
}) {
  const series = useSeries(uid);
  const progress = useProgressByVideo();
  const toast = useToast();
  const { t } = useTranslation(['titles', 'common']);
  const [season, setSeason] = useState<number | null>(null);
  const { ref, focusKey } = useFocusable({ focusKey: 'SERIES', trackChildren: true });

  const data = series.data;
  // Back from an episode: its season opens again, with the episode focused.
  const remembered = useRememberedFocus();
  const back = remembered?.startsWith(EPISODE_PREFIX) ? remembered.slice(EPISODE_PREFIX.length) : null;
  const current = season ?? (data ? initialSeason(data, back ?? target) : null);
  const episodes = data?.seasons.find((s) => s.season === current)?.episodes ?? [];
  const focusTarget = !!target && episodes.some((e) => e.uid === target);
  // The target episode, else Play. A season switch re-runs this, but the focus then stays where it
  // is (it is remembered as it moves).
  useFocusRestore(data ? (focusTarget ? episodeKey(target!) : 'series-play') : null);

  useEffect(() => {
    if (!series.isError) return;
    toast(t('seriesError'));
    onFailed();
  }, [series.isError, toast, onFailed, t]);

  if (series.isPending) return <StatusMessage kind="loading" title={t('common:loading')} />;
  if (series.isError) return <StatusMessage kind="error" title={t('seriesError')} testId="series-error" />;

  const s = series.data;
  const channelId = channel ?? s.defaultChannel ?? 'featured';
  const first = s.seasons[0]?.episodes[0];
  const facts = [
    s.publishedDate.slice(0, 4),
    s.mpaa ?? '',
    t('seasonCount', { count: s.seasonCount }),
    s.genres.join(', '),
  ].filter(Boolean);

  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="tv-title-screen" data-testid="tv-series">
        <TitleHero
          title={s.title}
          poster={s.poster}
          backdrop={null}
          facts={facts}
          description={s.description}
          credits={[
            { label: t('starring'), names: s.cast },
            { label: t('directedBy'), names: s.directors },
          ]}
        >
          {first ? (
            <FocusableButton
              focusKey="series-play"
              testId="series-play"
              onPress={() => onNavigate(watchHref(channelId, first))}
            >
              {t('play', { season: first.series?.season ?? 1, episode: first.series?.episode ?? 1 })}
            </FocusableButton>
          ) : null}
          <WatchListButton contentId={s.uid} type="series" onLogin={onLogin} />
        </TitleHero>
        <nav className="tv-seasons" aria-label={t('seasons')}>
          {s.seasons.map(({ season: n }) => (
            <FocusableButton
              key={n}
              focusKey={seasonKey(n)}
              testId="season-button"
              className={`tv-pill${n === current ? ' is-selected' : ''}`}
              onPress={() => setSeason(n)}
            >
              {t('season', { n })}
            </FocusableButton>
          ))}
        </nav>
        <section
          className="tv-row"
          aria-label={t('seasonEpisodes', { n: current ?? '' })}
          data-testid="episodes"
        >
          <div className="tv-row__items">
            {episodes.map((e) => (
              <TitleCard
                key={e.uid}
                video={e}
                focusKey={episodeKey(e.uid)}
                label={t('episode', { n: e.series?.episode ?? '' })}
                progress={progress.get(e.uid)}
                href={watchHref(channelId, e)}
              />
            ))}
          </div>
        </section>
      </div>
    </FocusContext.Provider>
  );
}
