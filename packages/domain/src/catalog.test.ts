import { describe, expect, it } from 'vitest';
import {
  DYNAMIC_CHANNEL_IDS,
  PSEUDO_CHANNEL_IDS,
  SEARCH_CHANNEL_ID,
  dynamicChannel,
  isPseudoChannelId,
  nextEpisode,
  padChannelNumber,
  recommendationScore,
} from './catalog';

describe('padChannelNumber', () => {
  it('pads to 3 digits', () => {
    expect(padChannelNumber(7)).toBe('007');
    expect(padChannelNumber(42)).toBe('042');
    expect(padChannelNumber(1234)).toBe('1234');
  });
});

describe('nextEpisode', () => {
  const eps = [
    { season: 2, episode: 1, id: 'b1' },
    { season: 1, episode: 2, id: 'a2' },
    { season: 1, episode: 1, id: 'a1' },
    { season: 4, episode: 1, id: 'd1' },
  ];
  it('is the next in the same season', () => {
    expect(nextEpisode(eps, { season: 1, episode: 1 })?.id).toBe('a2');
  });
  it('is the first of the next season after the last of a season, skipping empty seasons', () => {
    expect(nextEpisode(eps, { season: 1, episode: 2 })?.id).toBe('b1');
    expect(nextEpisode(eps, { season: 2, episode: 1 })?.id).toBe('d1');
  });
  it('is null after the last episode', () => {
    expect(nextEpisode(eps, { season: 4, episode: 1 })).toBeNull();
  });
});

describe('dynamic channels', () => {
  it('splits the id into order and fixed list', () => {
    expect(dynamicChannel('recent')).toEqual({ order: 'recent', fixedList: null });
    expect(dynamicChannel('popular-movies')).toEqual({ order: 'popular', fixedList: 'movies' });
    expect(dynamicChannel('recent-episodes')).toEqual({ order: 'recent', fixedList: 'episodes' });
  });
  it('names the eight pseudo-channels of §2.3, search among them but with no list of its own', () => {
    expect(PSEUDO_CHANNEL_IDS).toEqual([
      'recent',
      'popular',
      'recommended',
      'recent-movies',
      'popular-movies',
      'recommended-movies',
      'recent-episodes',
      'search',
    ]);
    expect(SEARCH_CHANNEL_ID).toBe('search');
    expect(isPseudoChannelId('search')).toBe(true);
    expect(isPseudoChannelId('recent-movies')).toBe(true);
    expect(isPseudoChannelId('news')).toBe(false);
    expect(DYNAMIC_CHANNEL_IDS as readonly string[]).not.toContain('search');
  });
  it('weighs a favorite twice a like', () => {
    expect(recommendationScore({ likeCount: 3, favoritesCount: 2 })).toBe(7);
  });
});
