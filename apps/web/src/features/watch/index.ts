export { WatchView } from './components/watch-view';
export type { WatchTabSlots } from './components/watch-extras';
export { LiveView } from './components/live-view';
export { NotLiveView } from './components/not-live-view';
/**
 * The play queue (decisions 0027, 0062): `useWatchQueue({ videoUid, channelId?, seriesUid?, dynamicType?,
 * playlistUid?, movieVuid?, routeKind?, limit? })` → `{ kind (the §7 loader), bySeason, items, hasMore,
 * loadMore, isLoading, isError, next, currentUid }`, read through the queue call,
 * and `<QueuePanel queue channelId? hrefFor? onPick? heading? />` that lists it (episodes by season,
 * 20 then +20). The right-menu Queue tab and the embed "Up Next" list use them.
 */
export {
  useWatchQueue,
  type WatchQueue,
  type WatchQueueContext,
  type WatchQueueKind,
} from './api/use-watch-queue';
export { QueuePanel, type QueuePanelProps } from './components/queue-panel';
/** Watch routes, variants, tabs and embed (decision 0028). */
export { watchRouteInfo, watchScreenKey, type WatchRouteInfo } from './utils/watch-route-info';
/** The age gate before playback (§4.2; decision 0022), for other screens that play a title (watch parties). */
export { useAgeGate, type AgeGate } from './hooks/use-age-gate';
export { AgeRestricted, BirthDateModal } from './components/age-gate';
/** A live event's playback rules (§4.1, §4.7: live edge, not live), for other screens that play one (live watch parties). */
export { useLiveEventPlayback } from './hooks/use-live-event-playback';
/** The session's current watch state (§2.2), for watch screens outside the watch view (live watch parties). */
export { watchStateStore } from './utils/watch-state';
