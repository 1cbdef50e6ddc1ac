/** Small catalog rules: channel numbers and the next episode of a series. */

/** "Channel number is padded to 3 digits" (discovery-and-site §2.5). */
export const CHANNEL_NUMBER_DIGITS = 3;

export function padChannelNumber(channelNum: number): string {
  return String(channelNum).padStart(CHANNEL_NUMBER_DIGITS, '0');
}

export type EpisodeRef = { season: number; episode: number };

/**
 * The episode after `current`: the next one in its season, else the first of the next season
 * that has episodes, else null. `episodes` may come in any order.
 */
export function nextEpisode<T extends EpisodeRef>(episodes: readonly T[], current: EpisodeRef): T | null {
  const sorted = [...episodes].sort((a, b) => a.season - b.season || a.episode - b.episode);
  const sameSeason = sorted.find((e) => e.season === current.season && e.episode > current.episode);
  if (sameSeason) return sameSeason;
  return sorted.find((e) => e.season > current.season) ?? null;
}

/**
 * Dynamic pseudo-channels with a list of their own (discovery-and-site §2.3): what
 * dynamic-channels/{id}/… serves. The spec's eighth, 'search', has no such list (its list is the
 * search call): see SEARCH_CHANNEL_ID.
 */
export const DYNAMIC_CHANNEL_IDS = [
  'recent',
  'popular',
  'recommended',
  'recent-movies',
  'popular-movies',
  'recommended-movies',
  'recent-episodes',
] as const;
export type DynamicChannelId = (typeof DYNAMIC_CHANNEL_IDS)[number];

/**
 * The 'search' pseudo-channel (discovery-and-site §2.3; playback-and-social §3 "Dynamic
 * pseudo-channels are … and search"): the channel of a video opened from the search results,
 * watched at /search/one/{videoUid}?q={query} with the query kept in the watch state (decision 0069).
 */
export const SEARCH_CHANNEL_ID = 'search';

/** Every pseudo-channel the spec names: the seven listed ones and search. */
export const PSEUDO_CHANNEL_IDS = [...DYNAMIC_CHANNEL_IDS, SEARCH_CHANNEL_ID] as const;
export type PseudoChannelId = (typeof PSEUDO_CHANNEL_IDS)[number];

export function isPseudoChannelId(id: string): id is PseudoChannelId {
  return (PSEUDO_CHANNEL_IDS as readonly string[]).includes(id);
}
export type DynamicOrder = 'recent' | 'popular' | 'recommended';
export type DynamicList = 'videos' | 'movies' | 'episodes' | 'all';

/** The order a dynamic channel uses, and the list it is fixed to when its id names one. */
export function dynamicChannel(id: DynamicChannelId): { order: DynamicOrder; fixedList: DynamicList | null } {
  const [order, list] = id.split('-') as [DynamicOrder, string | undefined];
  return { order, fixedList: list === 'movies' || list === 'episodes' ? list : null };
}

/**
 * The recommended blend: likes plus two per favorite (a favorite is a stronger signal than a like);
 * ties go to more views, then the newest. Deterministic, so pages are stable.
 */
export function recommendationScore(v: { likeCount: number; favoritesCount: number }): number {
  return v.likeCount + 2 * v.favoritesCount;
}
