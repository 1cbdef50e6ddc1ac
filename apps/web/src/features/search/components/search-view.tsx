import type { SearchHit } from '@marquee/contract';
import { searchPerPage, type SearchOptionKey } from '@marquee/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { useSearch } from '../api/use-search';
import { DESKTOP_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { visibleTypes, type SearchState } from '../utils/search-params';
import { SearchCard } from './search-card';
import { SearchFilters } from './search-filters';
import './search.css';

type Props = {
  state: SearchState;
  onChange: (next: SearchState) => void;
  /** The site's search options; a type shows in the filter only if enabled. */
  options: Partial<Record<SearchOptionKey, boolean>> | undefined;
  /** Offer the moments (comments) type: the site shows comments. */
  moments?: boolean;
  /** Where a hit's card leads (the app's routes decide). */
  hrefOf: (hit: SearchHit) => string;
};

/**
 * The results page (main.search.results): the filter sidebar, or on small screens a slide-in panel
 * behind a Filter button, and a grid of hits paged by hasMore (70 a page on desktop, 15 otherwise).
 */
export function SearchView({ state, onChange, options, moments = false, hrefOf }: Props) {
  const { t } = useTranslation('search');
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const perPage = searchPerPage(desktop);
  const { q, ...filters } = state;
  const search = useSearch(q, filters, perPage);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const types = visibleTypes(options, moments);
  // A type the site switched off (an old link) falls back to All.
  const current = types.includes(state.type) ? state : { ...state, type: 'all' as const };

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the mobile panel closes when the window becomes desktop
    if (desktop) setPanelOpen(false);
  }, [desktop]);
  useEffect(() => {
    if (panelOpen) closeButton.current?.focus();
  }, [panelOpen]);

  const closePanel = () => {
    setPanelOpen(false);
    openButton.current?.focus();
  };
  const hidden = !desktop && !panelOpen;
  const hits = search.data?.pages.flatMap((p) => p.hits) ?? [];
  const total = search.data?.pages[0]?.total ?? 0;

  return (
    <div className="search" data-testid="search">
      <div className="search__head">
        <h1 className="search__title">{q ? t('resultsFor', { q }) : t('heading')}</h1>
        {!desktop ? (
          <button
            ref={openButton}
            type="button"
            className="button button--ghost search__filter-button"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen(true)}
            data-testid="search-filter-open"
          >
            {t('filters.open')}
          </button>
        ) : null}
      </div>
      <div className="search__body">
        <aside
          id={panelId}
          className={`search__panel${panelOpen ? ' search__panel--open' : ''}`}
          aria-label={t('filters.label')}
          inert={hidden}
          aria-hidden={hidden || undefined}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && panelOpen) closePanel();
          }}
          data-testid="search-panel"
        >
          {!desktop ? (
            <button
              ref={closeButton}
              type="button"
              className="search__panel-close"
              aria-label={t('filters.close')}
              onClick={closePanel}
              data-testid="search-filter-close"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
          <SearchFilters state={current} types={types} onChange={onChange} />
        </aside>
        {panelOpen ? <div className="search__scrim" onClick={closePanel} aria-hidden="true" /> : null}
        <section
          className="search__results"
          aria-label={t('heading')}
          aria-busy={search.isFetching}
          // Behind the open panel: out of the tab order until it closes.
          inert={panelOpen}
        >
          {!q ? (
            <StatusMessage kind="info" title={t('prompt')} testId="search-prompt">
              {t('promptBody')}
            </StatusMessage>
          ) : search.isPending ? (
            <p className="search__loading" role="status" data-testid="search-loading">
              {t('loading')}
            </p>
          ) : search.isError ? (
            <StatusMessage
              kind="error"
              title={t('loadError')}
              onRetry={() => void search.refetch()}
              testId="search-error"
            >
              {errorMessage(search.error)}
            </StatusMessage>
          ) : hits.length === 0 ? (
            <StatusMessage kind="empty" title={t('emptyTitle', { q })} testId="search-empty">
              {t('emptyBody')}
            </StatusMessage>
          ) : (
            <>
              <p className="search__total" role="status" data-testid="search-total">
                {t('total', { count: total })}
              </p>
              <ul className="search__grid" data-testid="search-results">
                {hits.map((hit) => (
                  <SearchCard key={`${hit.searchType}:${hit.uid}`} hit={hit} href={hrefOf(hit)} />
                ))}
              </ul>
              {search.hasNextPage ? (
                <button
                  type="button"
                  className="button search__more"
                  onClick={() => void search.fetchNextPage()}
                  disabled={search.isFetchingNextPage}
                  data-testid="search-more"
                >
                  {search.isFetchingNextPage ? t('loadingMore') : t('showMore')}
                </button>
              ) : null}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
