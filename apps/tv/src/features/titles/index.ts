export { MovieDetails, type WatchHref } from './components/movie-details';
export { SeriesDetails, SERIES_ERROR } from './components/series-details';
