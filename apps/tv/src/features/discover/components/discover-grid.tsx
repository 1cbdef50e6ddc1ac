import {
  doesFocusableExist,
  FocusContext,
  setFocus,
  useFocusable,
} from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useMemo } from 'react';
import { StatusMessage } from '../../../components/status-message';
import { useDiscover } from '../api/use-discover';
import { cardLinks } from '@marquee/domain';
import { rowChannelId, visibleRows, type CardLinks } from '../utils/card';
import { TvCard } from './tv-card';
import { useTranslation } from 'react-i18next';

interface DiscoverGridProps {
  tabId: string;
  /** The route a card opens, from its play and details links. */
  hrefFor: (links: CardLinks) => string;
}

export const FIRST_CARD_KEY = 'card-0-0';

/** The card focused last on each tab, so Back from the player lands where the viewer was. */
const lastFocused = new Map<string, string>();

/** The discover rows as a grid of focusable cards; the first card takes focus when it appears. */
export function DiscoverGrid({ tabId, hrefFor }: DiscoverGridProps) {
  const query = useDiscover(tabId);
  const { t } = useTranslation();
  const rows = useMemo(() => visibleRows(query.data?.rows ?? []), [query.data]);
  const { ref, focusKey } = useFocusable({
    focusKey: 'DISCOVER_GRID',
    trackChildren: true,
    saveLastFocusedChild: true,
  });

  useEffect(() => {
    if (rows.length === 0) return;
    const saved = lastFocused.get(tabId);
    const exists = saved && doesFocusableExist(saved);
    void setFocus(exists ? saved : FIRST_CARD_KEY);
  }, [rows, tabId]);

  if (query.isPending) return <StatusMessage kind="loading" title={t('loading')} testId="discover-loading" />;
  if (query.isError) {
    return (
      <StatusMessage kind="error" title={t('pageLoadError')} testId="discover-error">
        {query.error.message}
      </StatusMessage>
    );
  }
  if (rows.length === 0)
    return <StatusMessage kind="empty" title={t('nothingToWatch')} testId="discover-empty" />;

  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="tv-grid" data-testid="discover">
        {rows.map((row, r) => (
          <section
            key={row.id}
            className="tv-row"
            data-testid="discover-row"
            data-row-id={row.id}
            aria-label={row.title}
          >
            <h2 className="tv-row__title">{row.title}</h2>
            <div className="tv-row__items">
              {row.items.map((video, i) => (
                <TvCard
                  key={`${video.uid}-${i}`}
                  video={video}
                  focusKey={`card-${r}-${i}`}
                  onFocused={() => lastFocused.set(tabId, `card-${r}-${i}`)}
                  href={hrefFor(cardLinks(video, rowChannelId(row)))}
                />
              ))}
            </div>
          </section>
        ))}
      </div>
    </FocusContext.Provider>
  );
}
