export { MomentsPanel } from './components/moments-panel';
export { MomentMarkers } from './components/moment-markers';
export { useMoment } from './api/use-moments';
export * as locales from './locales';
