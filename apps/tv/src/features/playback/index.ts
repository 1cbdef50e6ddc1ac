export { PlayVideo } from './components/play-video';
export { PlayLive } from './components/play-live';
