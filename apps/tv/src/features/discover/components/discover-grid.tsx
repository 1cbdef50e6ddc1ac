import {
  doesFocusableExist,
  FocusContext,
  setFocus,
  useFocusable,
} from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { StatusMessage } from '../../../components/status-message';
import { useProgressByVideo } from '../../../lib/my-lists';
import { useDiscover } from '../api/use-discover';
import { useMyRows } from '../api/use-my-rows';
import type { CardLinks } from '../utils/card';
import { tvRows } from '../utils/my-rows';
import { inRange, rowRange } from '../utils/windowing';
import { cardKey, DiscoverRow } from './discover-row';
import { useTranslation } from 'react-i18next';
import './discover.css';

interface DiscoverGridProps {
  tabId: string;
  /** The route a card opens, from its play and details links; `resume` (continue watching) plays it. */
  hrefFor: (links: CardLinks, resume: boolean) => string;
}

/** The card focused last on each tab, so Back from the player lands where the viewer was. */
const lastFocused = new Map<string, { rowId: string; index: number }>();

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

  // The focus to restore, read once: the rows start with their windows around it.
  const [restore] = useState(() => lastFocused.get(tabId));
  const restoreRow = rows?.findIndex((row) => row.id === restore?.rowId) ?? -1;
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const activeRow = focusedRow ?? Math.max(0, restoreRow);

  // Stable for the memoized rows (hrefFor changes only when the route renders again, not on focus).
  const onCardFocused = useCallback(
    (rowIndex: number, rowId: string, index: number) => {
      lastFocused.set(tabId, { rowId, index });
      setFocusedRow(rowIndex);
    },
    [tabId],
  );

  const first = rows?.[0] ? cardKey(rows[0].id, 0) : null;
  useEffect(() => {
    if (!first) return;
    const saved = restore ? cardKey(restore.rowId, restore.index) : null;
    void setFocus(saved && doesFocusableExist(saved) ? saved : first);
    // Once the rows are in (and again if the first row changes): a refetch never moves the focus.
  }, [first, restore]);

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
