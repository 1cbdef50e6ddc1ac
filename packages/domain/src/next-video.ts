// End of video and next video (playback-and-social §4.5, §4.6, §9), the play queue
// (discovery-and-site "Side panels": play queue, limit 20, +20) and the still-watching prompt (§4.4).
import { nextEpisode, type EpisodeRef } from './catalog';
import { ms, type Milliseconds } from './units';

/** "After-end next load 250 ms" (§9). */
export const AFTER_END_NEXT_MS = ms(250);
/** "After-error next load 3000 ms" (§4.6, §9). */
export const AFTER_ERROR_NEXT_MS = ms(3000);
/** "play queue (episodes by season; limit 20, +20)": the panel shows 20, then 20 more per "Show more". */
export const PLAY_QUEUE_LIMIT = 20;
export const PLAY_QUEUE_STEP = 20;

/**
 * The still-watching prompt (§4.4 "appears after inactivity"; the period is ours, decision 0027):
 * after this many videos in a row started by autoplay with no input from the viewer, or after this
 * long without input while playing, playback pauses and the prompt asks.
 */
export const STILL_WATCHING_AUTOPLAYS = 3;
export const STILL_WATCHING_IDLE_MS = ms(2 * 60 * 60 * 1000);

/** True when the still-watching prompt is due (see the constants above). */
export function isStillWatchingDue(s: { autoplaysWithoutInput: number; idleMs: number }): boolean {
  return s.autoplaysWithoutInput >= STILL_WATCHING_AUTOPLAYS || s.idleMs >= STILL_WATCHING_IDLE_MS;
}

export type EndedVideo = {
  uid: string;
  type: string;
  /** Set for an episode. */
  series?: { uid: string; season: number; episode: number } | null;
};

export type EndOfVideoContext = {
  /** The viewer's autoPlay setting (true for anonymous viewers). */
  autoPlay: boolean;
  /** A VOD watch party is playing (the party screen passes it: its end goes to the party page). */
  vodWatchParty?: boolean;
  /** The featured pseudo-channel is playing: a movie then goes on to the next item. */
  featured?: boolean;
  /** The series' episodes, when the ended video is an episode. */
  episodes?: readonly (EpisodeRef & { uid: string })[];
  /** The next item of the play queue (channel, dynamic channel, playlist), if any. */
  nextInQueue?: { uid: string } | null;
};

/** What to do when a video ends. `delayMs` is how long to wait before loading the next video. */
export type EndOfVideoAction =
  | { kind: 'back' }
  | { kind: 'watchParty' }
  | { kind: 'moviePage'; movieUid: string }
  | { kind: 'seriesPage'; seriesUid: string }
  | {
      kind: 'episode';
      uid: string;
      seriesUid: string;
      season: number;
      episode: number;
      delayMs: Milliseconds;
    }
  | { kind: 'video'; uid: string; delayMs: Milliseconds };

/**
 * §4.5, in order: autoPlay off → back; a VOD watch party → its page; a movie → its movie page
 * (unless featured); an episode → the next episode in the season, else the first episode of the
 * next season, else its series page; anything else → the next queue item after 250 ms, and back
 * when the queue has no next item (our choice, decision 0027).
 */
export function endOfVideoAction(video: EndedVideo, ctx: EndOfVideoContext): EndOfVideoAction {
  if (!ctx.autoPlay) return { kind: 'back' };
  if (ctx.vodWatchParty) return { kind: 'watchParty' };
  if (video.type === 'movie' && !ctx.featured) return { kind: 'moviePage', movieUid: video.uid };
  if (video.series) {
    const next = nextEpisode(ctx.episodes ?? [], video.series);
    if (!next) return { kind: 'seriesPage', seriesUid: video.series.uid };
    return {
      kind: 'episode',
      uid: next.uid,
      seriesUid: video.series.uid,
      season: next.season,
      episode: next.episode,
      delayMs: AFTER_END_NEXT_MS,
    };
  }
  if (ctx.nextInQueue && ctx.nextInQueue.uid !== video.uid) {
    return { kind: 'video', uid: ctx.nextInQueue.uid, delayMs: AFTER_END_NEXT_MS };
  }
  return { kind: 'back' };
}

/** True when the action loads another video (so the finished one leaves continue-watching first). */
export function loadsNextVideo(
  action: AfterErrorAction,
): action is Extract<EndOfVideoAction, { kind: 'episode' | 'video' }> {
  return action.kind === 'episode' || action.kind === 'video';
}

/**
 * The queue after the current item: a channel's (or dynamic channel's) videos after `currentUid`;
 * the whole list without it when the current one is not in the list.
 */
export function itemsAfterCurrent<T extends { uid: string }>(items: readonly T[], currentUid: string): T[] {
  const i = items.findIndex((v) => v.uid === currentUid);
  return i === -1 ? items.filter((v) => v.uid !== currentUid) : items.slice(i + 1);
}

/** Episodes in season then episode order, grouped by season (the queue panel's sections). */
export function groupBySeason<T extends EpisodeRef>(
  episodes: readonly T[],
): { season: number; episodes: T[] }[] {
  const sorted = [...episodes].sort((a, b) => a.season - b.season || a.episode - b.episode);
  const groups: { season: number; episodes: T[] }[] = [];
  for (const e of sorted) {
    const last = groups[groups.length - 1];
    if (last && last.season === e.season) last.episodes.push(e);
    else groups.push({ season: e.season, episodes: [e] });
  }
  return groups;
}

/**
 * How many queue items to show: the limit (20 plus 20 per "Show more"), raised so the current item
 * is always inside it (a viewer on episode 25 sees it marked).
 */
export function queueWindow(total: number, shown: number, currentIndex: number): number {
  const needed = currentIndex >= 0 ? Math.ceil((currentIndex + 1) / PLAY_QUEUE_STEP) * PLAY_QUEUE_STEP : 0;
  return Math.min(total, Math.max(shown, needed));
}

/** What follows a playback error: an end-of-video action, staying, or home (§8's Series row). */
export type AfterErrorAction = EndOfVideoAction | { kind: 'stay' } | { kind: 'home' };

/**
 * What follows a playback error (§4.6 "Errors show a toast, and the next video loads 3000 ms
 * later"; §8 "'. Back to list...' for movies"): a movie goes back to the list; an episode goes on
 * to the next episode, and one with no next episode goes home (§8 Series: "'Error playing
 * episode' … toast, then go home"); anything else goes where its end would (next queue item or
 * back), 3000 ms later. A browser that cannot play the file at all stays on the toast (every next
 * video would fail the same way; decision 0027).
 */
export function afterErrorAction(
  video: EndedVideo,
  ctx: EndOfVideoContext & { unsupported?: boolean },
): AfterErrorAction {
  if (ctx.unsupported) return { kind: 'stay' };
  if (video.type === 'movie' && !ctx.featured) return { kind: 'back' };
  const action = endOfVideoAction(video, { ...ctx, autoPlay: true, vodWatchParty: false });
  if (action.kind === 'seriesPage') return { kind: 'home' };
  return loadsNextVideo(action) ? { ...action, delayMs: AFTER_ERROR_NEXT_MS } : action;
}

/**
 * The §8 "Error playing {type}" toast: which sentence follows it. Nothing when the error goes
 * home (§8 Series: the toast is 'Error playing episode' alone, no next episode is coming).
 */
export function errorPlayingSuffix(
  type: string,
  action?: AfterErrorAction,
): 'backToList' | 'loadingNext' | 'none' {
  if (action?.kind === 'home') return 'none';
  return type === 'movie' ? 'backToList' : 'loadingNext';
}
