export { WatchView } from './components/watch-view';
export { LiveView } from './components/live-view';
