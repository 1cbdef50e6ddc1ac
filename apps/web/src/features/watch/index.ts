export { WatchView } from './components/watch-view';
export { LiveView } from './components/live-view';
export { NotLiveView } from './components/not-live-view';
