import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useMemo } from 'react';
import { StatusMessage } from '../../../components/status-message';
import { cardFocusKey as cardKey } from '../../../lib/focus-memory';
import { useProgressByVideo } from '../../../lib/my-lists';
import { gridFocusResolver } from '../../../lib/grid-focus';
import { useFocusRestore } from '../../../lib/use-focus-restore';
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

/**
 * The discover rows as a grid of focusable cards; the first card takes focus when it appears (back
 * on this screen, the card the viewer left). A signed-in viewer's Continue Watching and Watch List rows are filled here (hidden when empty or
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
    // Line by line, to the nearest card (never skipping a wrapped row's second line).
    nextFocusResolver: gridFocusResolver,
  });

  // The first card once the rows are in; Back to this screen lands on the card the viewer left.
  useFocusRestore(rows?.[0] ? cardKey(rows[0].id, 0) : null);

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
