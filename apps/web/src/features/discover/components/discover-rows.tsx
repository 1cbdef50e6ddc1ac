import { useEffect, useMemo, useRef, useState } from 'react';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { useDiscover } from '../api/use-discover';
import { INITIAL_ROWS, MORE_ROWS, visibleRows } from '../utils/card';
import { DiscoverRow } from './discover-row';
import { RowSkeletons } from './row-skeleton';
import './discover.css';

interface DiscoverRowsProps {
  tabId: string;
  title?: string;
  hrefFor: (channelId: string, videoUid: string) => string;
}

/** The discover tab: rows in configured order, 3 at first and 3 more as the viewer scrolls down. */
export function DiscoverRows({ tabId, title, hrefFor }: DiscoverRowsProps) {
  const query = useDiscover(tabId);
  const rows = useMemo(() => visibleRows(query.data?.rows ?? []), [query.data]);
  const [shown, setShown] = useState(INITIAL_ROWS);
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = shown < rows.length;

  useEffect(() => setShown(INITIAL_ROWS), [tabId]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown((n) => n + MORE_ROWS);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, shown]);

  const heading = <h1 className="visually-hidden">{title ?? query.data?.title ?? 'Discover'}</h1>;

  if (query.isPending) {
    return (
      <div className="discover">
        {heading}
        <RowSkeletons />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="discover">
        {heading}
        <StatusMessage
          kind="error"
          title="We couldn't load this page"
          onRetry={() => void query.refetch()}
          testId="discover-error"
        >
          {errorMessage(query.error)}
        </StatusMessage>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="discover">
        {heading}
        <StatusMessage kind="empty" title="Nothing to watch yet" testId="discover-empty">
          New videos will show up here.
        </StatusMessage>
      </div>
    );
  }
  return (
    <div className="discover" data-testid="discover">
      {heading}
      {rows.slice(0, shown).map((row, index) => (
        <DiscoverRow key={row.id} row={row} index={index} hrefFor={hrefFor} />
      ))}
      {hasMore ? (
        <div ref={sentinel} className="discover__more">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setShown((n) => n + MORE_ROWS)}
          >
            Show more
          </button>
        </div>
      ) : null}
    </div>
  );
}
