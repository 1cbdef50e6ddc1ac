export { CreateGifView } from './components/create-gif-view';
export { GifView } from './components/gif-view';
export { GifsPanel } from './components/gifs-panel';
export * as locales from './locales';
