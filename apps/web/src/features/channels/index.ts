export { ChannelDetailsView, type ListContent } from './components/channel-details';
export * as locales from './locales';
