export { EpgView, type EpgViewProps } from './components/epg-view';
export { EpgSkeleton } from './components/epg-skeleton';
export * as locales from './locales';
