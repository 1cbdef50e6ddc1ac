export { MovieDetails, type WatchHref } from './components/movie-details';
export { SeriesDetails } from './components/series-details';
