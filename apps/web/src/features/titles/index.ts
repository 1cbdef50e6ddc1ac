export { MoviePage } from './components/movie-page';
export { SeriesPage } from './components/series-page';
export { TitleSkeletonFallback } from './components/title-skeleton-fallback';
export * as locales from './locales';
