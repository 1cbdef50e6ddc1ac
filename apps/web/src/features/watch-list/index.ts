export { WatchListButton } from './components/watch-list-button';
export { FavoriteToggle } from './components/favorite-toggle';
export { CardFavoriteButton } from './components/card-favorite-button';
export { PendingActions } from './components/pending-actions';
export { cardTarget, type WatchListTarget, type WatchListCardItem } from './utils/intent';
export * as locales from './locales';
