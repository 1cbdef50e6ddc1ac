export { AboutTab } from './components/about-tab';
export { CastTab } from './components/cast-tab';
export { HomeTab } from './components/home-tab';
export { HomeMovieTab } from './components/home-movie-tab';
export { IframeTab } from './components/iframe-tab';
export { FaqTab } from './components/faq-tab';
export { LegalView, type LegalDoc } from './components/legal-view';
export { DirectoryTab } from './components/directory-tab';
export * as locales from './locales';
