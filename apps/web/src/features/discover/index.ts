export { DiscoverRows } from './components/discover-rows';
export { RowSkeletons } from './components/row-skeleton';
export { ContentCard, type CardVideo } from './components/content-card';
export { CardActionsProvider, type CardActions } from './components/card-actions';
export { ChannelCard } from './components/channel-card';
export { ThumbRow } from './components/thumb-row';
export { targetHref, channelDetailsHref } from './utils/links';
export * as locales from './locales';
