export { LibraryView, type LibraryItem } from './components/library-view';
export * as locales from './locales';
