/**
 * Plays, popular and recommended (issue 4 item 11, decision 0018): "Popular comes from real play
 * counts, recent from publish dates, and recommended from what viewers who watched this also
 * watched, falling back to shared tags/genres."
 */

/** Item types whose plays are counted and ranked (live events and channels are not VOD). */
export const PLAYABLE_VOD_TYPES = ['video', 'movie', 'episode'] as const;

/** One counted play per viewer and video per 30 minutes: reloads and token refreshes do not inflate. */
export const PLAY_DEDUPE_MS = 30 * 60_000;

/** Popular ranks by plays of the last 30 days (today and the 29 days before), then all-time, then newest. */
export const POPULAR_WINDOW_DAYS = 30;

/** How much of the watch history a ranking reads, so it stays fast on a 50,000-video catalog. */
export const RECOMMENDATION_BOUNDS = {
  /** The viewer's own most recent distinct items that seed the ranking. */
  historyItems: 10,
  /** Most recent other viewers read per seed item. */
  coViewersPerSeed: 50,
  /** Other viewers read in all. */
  coViewers: 200,
  /** Each co-viewer's most recent items considered. */
  itemsPerCoViewer: 50,
  /** An item needs this many co-viewers to count as "also watched" (one viewer is noise). */
  minCoViewers: 2,
  /** Tags and genres of the history used for the fallback. */
  terms: 8,
  /** Candidates scored for the tags/genres fallback (the newest items sharing a term). */
  termCandidates: 5_000,
  /** Ranked items kept ahead of the global order. */
  head: 100,
  /** Finished items left out of a viewer's list (the most recent ones). */
  finishedExcluded: 500,
  /** Items of the popular ranking ahead of the all-time order. */
  popularHead: 500,
} as const;

/** A seed item's weight falls by this factor per step back in the viewer's history. */
export const HISTORY_DECAY = 0.85;

/** True when `type` is VOD whose plays count. */
export function isCountedPlayType(type: string): boolean {
  return (PLAYABLE_VOD_TYPES as readonly string[]).includes(type);
}

/** True when a play at `nowMs` counts, given the viewer's last counted play of the video (or null). */
export function countsAsNewPlay(lastCountedMs: number | null, nowMs: number): boolean {
  return lastCountedMs === null || nowMs - lastCountedMs >= PLAY_DEDUPE_MS;
}

/** The UTC day of an instant, YYYY-MM-DD: plays are counted per day for the popular window. */
export function playDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The first day inside the popular window ending today. */
export function popularWindowStart(nowMs: number): string {
  return playDay(nowMs - (POPULAR_WINDOW_DAYS - 1) * 86_400_000);
}

/**
 * The seeds of a viewer's ranking: their distinct items, most recent first, at most `limit`, each
 * weighted HISTORY_DECAY^rank (the latest counts 1, the tenth about 0.23).
 */
export function historySeeds(
  history: readonly { uid: string; atMs: number }[],
  limit: number = RECOMMENDATION_BOUNDS.historyItems,
): Map<string, number> {
  const latest = new Map<string, number>();
  for (const h of history) latest.set(h.uid, Math.max(latest.get(h.uid) ?? -Infinity, h.atMs));
  const ordered = [...latest].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
  return new Map(ordered.map(([uid], rank) => [uid, HISTORY_DECAY ** rank]));
}

/** Another viewer: the seed items they share with us, and their recent items. */
export type CoViewer = { seeds: readonly string[]; items: readonly string[] };

/**
 * "Viewers who watched this also watched": each co-viewer votes for their other items with the
 * summed weight of the seeds they share, divided by √(how many other items they watched) (a viewer
 * who watched everything says little about any one pairing). Items with fewer than `minViewers`
 * voters, the seeds themselves and `exclude` are left out. Best first; ties go to more voters, then
 * the uid, so pages are stable.
 */
export function rankCoWatched(
  seeds: ReadonlyMap<string, number>,
  coViewers: readonly CoViewer[],
  opts: { exclude?: ReadonlySet<string>; minViewers?: number; limit?: number } = {},
): string[] {
  const minViewers = opts.minViewers ?? RECOMMENDATION_BOUNDS.minCoViewers;
  const score = new Map<string, number>();
  const voters = new Map<string, number>();
  for (const v of coViewers) {
    const shared = new Set([...v.seeds, ...v.items.filter((i) => seeds.has(i))]);
    let weight = 0;
    for (const s of shared) weight += seeds.get(s) ?? 0;
    const others = [...new Set(v.items)].filter((i) => !seeds.has(i));
    if (weight <= 0 || others.length === 0) continue;
    const vote = weight / Math.sqrt(others.length);
    for (const item of others) {
      if (opts.exclude?.has(item)) continue;
      score.set(item, (score.get(item) ?? 0) + vote);
      voters.set(item, (voters.get(item) ?? 0) + 1);
    }
  }
  return [...score.keys()]
    .filter((item) => voters.get(item)! >= minViewers)
    .sort((a, b) => score.get(b)! - score.get(a)! || voters.get(b)! - voters.get(a)! || a.localeCompare(b))
    .slice(0, opts.limit ?? RECOMMENDATION_BOUNDS.head);
}

/** An item's tags and genres as lower-case terms, without duplicates. */
export function itemTerms(...lists: readonly unknown[]): string[] {
  const terms = new Set<string>();
  for (const list of lists)
    if (Array.isArray(list))
      for (const t of list) if (typeof t === 'string' && t.trim()) terms.add(t.trim().toLowerCase());
  return [...terms];
}

/** The weight of each term over the seeds (a term shared by several seeds adds up), heaviest first. */
export function termProfile(
  seeds: readonly { weight: number; terms: readonly string[] }[],
  limit: number = RECOMMENDATION_BOUNDS.terms,
): Map<string, number> {
  const profile = new Map<string, number>();
  for (const s of seeds) for (const t of new Set(s.terms)) profile.set(t, (profile.get(t) ?? 0) + s.weight);
  return new Map([...profile].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit));
}

/**
 * The fallback: candidates sharing tags or genres with the history, by the summed weight of the
 * shared terms. Candidates sharing none, and `exclude`, are left out; ties keep the candidates'
 * order (the caller passes them newest first).
 */
export function rankBySharedTerms(
  profile: ReadonlyMap<string, number>,
  candidates: readonly { uid: string; terms: readonly string[] }[],
  opts: { exclude?: ReadonlySet<string>; limit?: number } = {},
): string[] {
  const scored = candidates
    .filter((c) => !opts.exclude?.has(c.uid))
    .map((c, i) => ({
      uid: c.uid,
      i,
      score: [...new Set(c.terms)].reduce((sum, t) => sum + (profile.get(t) ?? 0), 0),
    }))
    .filter((c) => c.score > 0);
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  return [...new Set(scored.map((c) => c.uid))].slice(0, opts.limit ?? RECOMMENDATION_BOUNDS.head);
}

/** Rankings merged in order of trust, each item once, at most `limit`. */
export function mergeRankings(
  rankings: readonly (readonly string[])[],
  limit: number = RECOMMENDATION_BOUNDS.head,
): string[] {
  const out = new Set<string>();
  for (const r of rankings)
    for (const uid of r) {
      if (out.size >= limit) return [...out];
      out.add(uid);
    }
  return [...out];
}

/**
 * Which slice of a ranked list a page covers: the ranked `head` first, then the global order
 * without the head. Returns the head's uids on the page and the offset and limit to read from the
 * global order (limit 0: the page is all head).
 */
export function rankedPageSlice(
  headLength: number,
  offset: number,
  limit: number,
): { headFrom: number; headTo: number; tailOffset: number; tailLimit: number } {
  const headFrom = Math.min(offset, headLength);
  const headTo = Math.min(offset + limit, headLength);
  return {
    headFrom,
    headTo,
    tailOffset: Math.max(0, offset - headLength),
    tailLimit: limit - (headTo - headFrom),
  };
}
