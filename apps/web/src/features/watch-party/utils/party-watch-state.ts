import { watchVariant, type WatchState } from '@marquee/domain';

/**
 * The §2.2 watch state a party screen records for the session: `vod-watch-party` with its pid and
 * the party's video on /watch-party; `watch-party` (variant channel-live-event-party) with the
 * channel and the live event on the live event's party route.
 */
export function partyWatchState(pid: string, videoUid: string, liveChannelId?: string): WatchState {
  return liveChannelId
    ? watchVariant({ kind: 'live-party', channelId: liveChannelId, videoUid, hostId: pid }).state
    : watchVariant({ kind: 'party', videoUid, pid }).state;
}
