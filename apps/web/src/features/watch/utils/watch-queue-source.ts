import { queueSource, type QueueType, type WatchRouteKind } from '@marquee/domain';

/** Where the viewer is watching from, as the watch queue hook takes it. */
export interface WatchQueueSourceInput {
  videoUid: string;
  channelId?: string | null;
  seriesUid?: string | null;
  dynamicType?: string | null;
  playlistUid?: string | null;
  movieVuid?: string | null;
  /** The matched watch route; absent on screens without one (a plain channel video). */
  routeKind?: WatchRouteKind;
}

/** The loaders that list a series' episodes: the queue panel groups them by season. */
export const SERIES_QUEUE_TYPES: readonly QueueType[] = ['seriesEpisodes', 'seriesByDynamicEpisode'];
/** Loaders that list their whole list, the playing item marked; the others list what comes after it. */
export const WHOLE_LIST_QUEUE_TYPES: readonly QueueType[] = [
  ...SERIES_QUEUE_TYPES,
  'movieExtras',
  'seriesExtras',
];

/**
 * The §7 loader behind a watch screen's queue (decision 0062), or null when it has none (a single
 * video, a featured item, a watch party), or undefined while it cannot be told yet: on a plain
 * channel or dynamic route the video may turn out to be an episode (its series' queue) or a movie
 * (the channel's movies), so those wait for the video. Every loader is read through the queue call.
 */
export function watchQueueSource(
  ctx: WatchQueueSourceInput,
  video: { type: string; series?: { uid: string } | null } | null | undefined,
  videoKnown: boolean,
): { type: QueueType; id: string } | null | undefined {
  const kind = ctx.routeKind ?? 'video';
  if (kind === 'video' && !ctx.seriesUid && !videoKnown) return undefined;
  return queueSource({
    kind,
    videoUid: ctx.videoUid,
    channelId: ctx.channelId ?? null,
    dynamicType: ctx.dynamicType ?? null,
    seriesUid: ctx.seriesUid ?? null,
    playlistUid: ctx.playlistUid ?? null,
    movieVuid: ctx.movieVuid ?? null,
    // Only a plain route reads the video: an episode route without its series keeps the
    // episode's own loader (seriesByDynamicEpisode) rather than switching once the video loads.
    video: kind === 'video' ? (video ?? null) : null,
  });
}
