export { LiveEventsList } from './components/live-events-list';
export * as locales from './locales';
