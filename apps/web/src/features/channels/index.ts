export { ChannelDetailsView } from './components/channel-details';
export * as locales from './locales';
