// Watch list rules (playback-and-social §3 Watch-list item, §4.11; discovery-and-site §3, §9).

/** "Watch list page 1000": the one page a client asks for; the list holds at most this many items. */
export const WATCH_LIST_MAX_ITEMS = 1000;

/** The client-side event that resets every watch-list button (§4.11 "resets when watchListChanged fires"). */
export const WATCH_LIST_CHANGED_EVENT = 'watchListChanged';

export type EpisodeOrderRef = { uid: string; season: number; episode: number };

/**
 * "For a series, the next unfinished episode is used" (playback-and-social §3). In season and
 * episode order: the first unfinished episode after the furthest finished one (a viewer who
 * jumped ahead continues from there); when nothing unfinished follows it, the first unfinished
 * episode from the start; when every episode is finished, the first episode (watch again).
 * Null only for a series without episodes. `finished` is the server's finished rule per episode
 * uid (`isFinished`); an episode never played is unfinished.
 */
export function nextUnfinishedEpisode<T extends EpisodeOrderRef>(
  episodes: readonly T[],
  finished: (uid: string) => boolean,
): T | null {
  const sorted = [...episodes].sort(
    (a, b) => a.season - b.season || a.episode - b.episode || a.uid.localeCompare(b.uid),
  );
  if (sorted.length === 0) return null;
  let furthest = -1;
  sorted.forEach((e, i) => {
    if (finished(e.uid)) furthest = i;
  });
  const after = sorted.slice(furthest + 1).find((e) => !finished(e.uid));
  return after ?? sorted.find((e) => !finished(e.uid)) ?? sorted[0]!;
}
