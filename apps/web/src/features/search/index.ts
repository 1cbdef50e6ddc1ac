export { SearchView } from './components/search-view';
export { SearchBox } from './components/search-box';
export { readSearchState, writeSearchState, type SearchState } from './utils/search-params';
export { searchHitHref } from './utils/hit-href';
export * as locales from './locales';
