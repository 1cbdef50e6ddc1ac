import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useMemo, useState } from 'react';
import { StatusMessage } from '../../../components/status-message';
import { cardFocusKey as cardKey, parseCardFocusKey } from '../../../lib/focus-memory';
import { useProgressByVideo } from '../../../lib/my-lists';
import { useFocusRestore, useRememberedFocus } from '../../../lib/use-focus-restore';
import { useDiscover } from '../api/use-discover';
import { useMyRows } from '../api/use-my-rows';
import type { CardLinks } from '../utils/card';
import { tvRows } from '../utils/my-rows';
import { inRange, rowRange } from '../utils/windowing';
import { DiscoverRow } from './discover-row';
import { useTranslation } from 'react-i18next';
import './discover.css';

interface DiscoverGridProps {
  tabId: string;
  /** The route a card opens, from its play and details links; `resume` (continue watching) plays it. */
  hrefFor: (links: CardLinks, resume: boolean) => string;
}

/**
 * The discover rows as a column of sideways rows of focusable cards; the first card takes focus when
 * it appears. A signed-in viewer's Continue Watching and Watch List rows are filled here (hidden when
 * empty or signed out), and cards show a bar of the part watched where it is known. Rows far from
 * the focused one keep only their title and height (utils/windowing.ts); the focused row is the only
 * state a focus move can change here, so a move within a row re-renders no row.
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

  // The card to come back to (Back to this history entry), read once: its row starts with its window
  // around it, so the card exists when the focus is restored.
  const remembered = useRememberedFocus();
  const [restore] = useState(() => parseCardFocusKey(remembered));
  const restoreRow = rows?.findIndex((row) => row.id === restore?.rowId) ?? -1;
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const activeRow = focusedRow ?? Math.max(0, restoreRow);

  // Stable for the memoized rows (hrefFor changes only when the route renders again, not on focus).
  const onCardFocused = useCallback((rowIndex: number) => setFocusedRow(rowIndex), []);

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

  const near = rowRange(activeRow, rows.length);
  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="tv-grid" data-testid="discover">
        {rows.map((row, i) => (
          <DiscoverRow
            key={row.id}
            row={row}
            rowIndex={i}
            near={inRange(near, i)}
            initialFocus={i === restoreRow && restore ? restore.index : 0}
            hrefFor={hrefFor}
            onCardFocused={onCardFocused}
          />
        ))}
      </div>
    </FocusContext.Provider>
  );
}
