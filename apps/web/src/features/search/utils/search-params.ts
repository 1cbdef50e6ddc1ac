import type { SearchFilters } from '@marquee/api-client';
import {
  SEARCH_DATE_FILTERS,
  SEARCH_SORTS,
  SEARCH_TYPES,
  SEARCH_OPTION_OF,
  type SearchHitType,
  type SearchOptionKey,
  type TitleHitType,
} from '@marquee/domain';

/** The URL of the results page carries the query and filters: ?q&type&sort&date (shareable, back-button safe). */
export type SearchState = { q: string } & SearchFilters;

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  list.find((x) => x === v);

export function readSearchState(params: URLSearchParams): SearchState {
  return {
    q: (params.get('q') ?? '').trim(),
    type: oneOf(SEARCH_TYPES, params.get('type')) ?? 'all',
    sort: oneOf(SEARCH_SORTS, params.get('sort')),
    publishedWithin: oneOf(SEARCH_DATE_FILTERS, params.get('date')),
  };
}

export function writeSearchState(s: SearchState): URLSearchParams {
  const out = new URLSearchParams({ q: s.q });
  if (s.type !== 'all') out.set('type', s.type);
  if (s.sort) out.set('sort', s.sort);
  if (s.publishedWithin) out.set('date', s.publishedWithin);
  return out;
}

/**
 * The radio list's types in the spec's order, each only if the site's search options enable it
 * (§2.4); moments (comments) last, unless the site hides comments.
 */
export function visibleTypes(
  options: Partial<Record<SearchOptionKey, boolean>> | undefined,
  moments = false,
): ('all' | SearchHitType)[] {
  const order: TitleHitType[] = ['movies', 'series', 'videos', 'episodes', 'events'];
  return [
    'all' as const,
    ...order.filter((t) => options?.[SEARCH_OPTION_OF[t]] !== false),
    ...(moments ? (['moments'] as const) : []),
  ];
}
