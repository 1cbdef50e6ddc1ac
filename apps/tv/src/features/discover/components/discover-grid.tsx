import {
  doesFocusableExist,
  FocusContext,
  setFocus,
  useFocusable,
} from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useMemo } from 'react';
import { StatusMessage } from '../../../components/status-message';
import { useProgressByVideo } from '../../../lib/my-lists';
import { useDiscover } from '../api/use-discover';
import { useMyRows } from '../api/use-my-rows';
import { cardLinks } from '@marquee/domain';
import type { CardLinks } from '../utils/card';
import { tvRows } from '../utils/my-rows';
import { TvCard } from './tv-card';
import { useTranslation } from 'react-i18next';

interface DiscoverGridProps {
  tabId: string;
  /** The route a card opens, from its play and details links; `resume` (continue watching) plays it. */
  hrefFor: (links: CardLinks, resume: boolean) => string;
}

const cardKey = (rowId: string, i: number) => `card-${rowId}-${i}`;

/** The card focused last on each tab, so Back from the player lands where the viewer was. */
const lastFocused = new Map<string, string>();

/**
 * The discover rows as a grid of focusable cards; the first card takes focus when it appears. A
 * signed-in viewer's Continue Watching and Watch List rows are filled here (hidden when empty or
 * signed out), and cards show a bar of the part watched where it is known.
 */
export function DiscoverGrid({ tabId, hrefFor }: DiscoverGridProps) {
  const query = useDiscover(tabId);
  const { t } = useTranslation();
  const discoverRows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const mine = useMyRows(discoverRows);
  const progress = useProgressByVideo();
  const rows = useMemo(() => tvRows(discoverRows, mine, progress), [discoverRows, mine, progress]);
  const { ref, focusKey } = useFocusable({
    focusKey: 'DISCOVER_GRID',
    trackChildren: true,
    saveLastFocusedChild: true,
  });

  const first = rows?.[0] ? cardKey(rows[0].id, 0) : null;
  useEffect(() => {
    if (!first) return;
    const saved = lastFocused.get(tabId);
    void setFocus(saved && doesFocusableExist(saved) ? saved : first);
    // Once the rows are in (and again if the first row changes): a refetch never moves the focus.
  }, [first, tabId]);

  if (query.isPending || (query.isSuccess && rows === null))
    return <StatusMessage kind="loading" title={t('loading')} testId="discover-loading" />;
  if (query.isError) {
    return (
      <StatusMessage kind="error" title={t('pageLoadError')} testId="discover-error">
        {query.error.message}
      </StatusMessage>
    );
  }
  if (!rows || rows.length === 0)
    return <StatusMessage kind="empty" title={t('nothingToWatch')} testId="discover-empty" />;

  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="tv-grid" data-testid="discover">
        {rows.map((row) => (
          <section
            key={row.id}
            className="tv-row"
            data-testid="discover-row"
            data-row-id={row.id}
            aria-label={row.title}
          >
            <h2 className="tv-row__title">{row.title}</h2>
            <div className="tv-row__items">
              {row.cards.map(({ video, progress: watched }, i) => (
                <TvCard
                  key={`${video.uid}-${i}`}
                  video={video}
                  progress={watched}
                  focusKey={cardKey(row.id, i)}
                  onFocused={() => lastFocused.set(tabId, cardKey(row.id, i))}
                  href={hrefFor(cardLinks(video, row.channelId), row.resume)}
                />
              ))}
            </div>
          </section>
        ))}
      </div>
    </FocusContext.Provider>
  );
}
