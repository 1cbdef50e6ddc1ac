import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useThumbRow } from '../hooks/use-thumb-row';

interface ThumbRowProps<T> {
  title: string;
  /** The row's channel-details page ('More' link); none when the row has no such page. */
  moreHref?: string | null;
  /** Site flag modernTheme: the link reads 'See More'. */
  modernTheme?: boolean;
  items: readonly T[];
  itemKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  hasMore?: boolean;
  loading?: boolean;
  loadMore?: () => void;
  /** Text when the row has no items. */
  noData?: string;
  rowId?: string;
  rowType?: string;
}

const noop = () => {};

/**
 * A thumb row (§2.10): title with its 'More' link, a horizontal scroller with left and right buttons,
 * the queue limit that grows as the viewer scrolls, a no-data text, and the hidden Load All button:
 * out of sight until focused, it lets a screen-reader user, who never scrolls the row, reach every
 * item (decision 0016).
 */
export function ThumbRow<T>({
  title,
  moreHref,
  modernTheme,
  items,
  itemKey,
  renderItem,
  hasMore = false,
  loading = false,
  loadMore = noop,
  noData,
  rowId,
  rowType,
}: ThumbRowProps<T>) {
  const { t } = useTranslation('discover');
  const { ref, limit, canLeft, canRight, scrollLeft, scrollRight, loadAll } = useThumbRow<HTMLUListElement>({
    loaded: items.length,
    hasMore,
    loading,
    loadMore,
  });
  const headingId = `row-${rowId ?? title}-title`.replace(/\s+/g, '-');
  return (
    <section
      className="row"
      data-testid="discover-row"
      data-row-id={rowId}
      data-row-type={rowType}
      data-queue-limit={limit}
      aria-labelledby={headingId}
    >
      <div className="row__head">
        <h2 className="row__title" id={headingId}>
          {title}
        </h2>
        {moreHref ? (
          <Link
            to={moreHref}
            className="row__more"
            data-testid="row-more"
            aria-label={t('moreAbout', { more: modernTheme ? t('seeMore') : t('more'), title })}
          >
            {modernTheme ? t('seeMore') : t('more')}
          </Link>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="row__empty" data-testid="row-empty">
          {noData ?? t('noData')}
        </p>
      ) : (
        <div className="row__viewport">
          <button
            type="button"
            className="row__scroller row__scroller--left"
            aria-label={t('scrollLeft', { title })}
            onClick={scrollLeft}
            hidden={!canLeft}
            tabIndex={-1}
          >
            ‹
          </button>
          <ul className="row__items" ref={ref} aria-busy={loading || undefined}>
            {items.slice(0, limit).map((item, i) => (
              <li key={itemKey(item, i)} className="row__item">
                {renderItem(item, i)}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="row__scroller row__scroller--right"
            aria-label={t('scrollRight', { title })}
            onClick={scrollRight}
            hidden={!canRight}
            tabIndex={-1}
          >
            ›
          </button>
          {limit < items.length || hasMore ? (
            <button
              type="button"
              className="row__load-all visually-hidden"
              data-testid="row-load-all"
              onClick={loadAll}
            >
              {t('loadAll', { title })}
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
