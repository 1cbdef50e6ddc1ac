import { describe, expect, it } from 'vitest';
import {
  countsAsNewPlay,
  historySeeds,
  isCountedPlayType,
  itemTerms,
  mergeRankings,
  PLAY_DEDUPE_MS,
  playDay,
  popularWindowStart,
  rankBySharedTerms,
  rankCoWatched,
  rankedPageSlice,
  termProfile,
} from './recommendations';

// Issue 4 item 11: "Popular comes from real play counts, recent from publish dates, and recommended
// from what viewers who watched this also watched, falling back to shared tags/genres."
const MIN = 60_000;

describe('plays', () => {
  it('counts VOD only: videos, movies and episodes', () => {
    expect(['video', 'movie', 'episode'].every(isCountedPlayType)).toBe(true);
    expect(isCountedPlayType('liveEvent')).toBe(false);
    expect(isCountedPlayType('liveChannel')).toBe(false);
  });

  it('counts one play per viewer and video per 30 minutes', () => {
    expect(PLAY_DEDUPE_MS).toBe(30 * MIN);
    expect(countsAsNewPlay(null, 0)).toBe(true);
    expect(countsAsNewPlay(0, 29 * MIN)).toBe(false);
    expect(countsAsNewPlay(0, 30 * MIN)).toBe(true);
  });

  it('"popular comes from real play counts": of the last 30 days, today included', () => {
    const now = Date.parse('2026-03-31T23:00:00Z');
    expect(playDay(now)).toBe('2026-03-31');
    expect(popularWindowStart(now)).toBe('2026-03-02');
    expect(popularWindowStart(now + 2 * 3600_000)).toBe('2026-03-03');
  });
});

describe('"what viewers who watched this also watched"', () => {
  it('seeds from the newest distinct items, decaying with age', () => {
    const seeds = historySeeds(
      [
        { uid: 'a', atMs: 1 },
        { uid: 'b', atMs: 3 },
        { uid: 'a', atMs: 5 },
        { uid: 'c', atMs: 2 },
      ],
      2,
    );
    expect([...seeds.keys()]).toEqual(['a', 'b']);
    expect(seeds.get('a')).toBe(1);
    expect(seeds.get('b')).toBeCloseTo(0.85);
  });

  it('ranks by co-viewers, needs two of them, and leaves out the seeds and exclusions', () => {
    const seeds = new Map([['a', 1]]);
    const ranked = rankCoWatched(seeds, [
      { seeds: ['a'], items: ['a', 'b', 'c'] },
      { seeds: ['a'], items: ['b', 'c', 'd'] },
      { seeds: ['a'], items: ['b', 'x'] },
      { seeds: [], items: ['z', 'y'] }, // shares nothing with us
    ]);
    expect(ranked).toEqual(['b', 'c']); // d, x: one viewer each
    expect(rankCoWatched(seeds, [{ seeds: ['a'], items: ['b'] }], { minViewers: 1 })).toEqual(['b']);
    expect(
      rankCoWatched(
        seeds,
        [
          { seeds: ['a'], items: ['b', 'c'] },
          { seeds: ['a'], items: ['b', 'c'] },
        ],
        { exclude: new Set(['b']) },
      ),
    ).toEqual(['c']);
  });

  it('weighs a viewer sharing more (and newer) seeds higher, and one who watched everything lower', () => {
    const seeds = new Map([
      ['a', 1],
      ['b', 0.5],
    ]);
    const ranked = rankCoWatched(
      seeds,
      [
        { seeds: ['a', 'b'], items: ['p'] },
        { seeds: ['a', 'b'], items: ['p'] },
        { seeds: ['b'], items: ['q', 'r', 's', 't'] },
        { seeds: ['b'], items: ['q', 'r', 's', 't'] },
      ],
      { minViewers: 2 },
    );
    expect(ranked[0]).toBe('p');
    expect(ranked.slice(1)).toEqual(['q', 'r', 's', 't']); // equal scores: by uid
  });
});

describe('"falling back to shared tags/genres"', () => {
  it('normalizes terms', () => {
    expect(itemTerms(['Space', ' space ', 'Docs'], ['Sci-Fi'], null, [3])).toEqual([
      'space',
      'docs',
      'sci-fi',
    ]);
  });

  it('weighs terms shared by several seeds, newest seeds most', () => {
    const profile = termProfile([
      { weight: 1, terms: ['space'] },
      { weight: 0.85, terms: ['space', 'drama'] },
    ]);
    expect([...profile]).toEqual([
      ['space', 1.85],
      ['drama', 0.85],
    ]);
  });

  it('ranks candidates by shared terms, keeping the given order on ties, skipping exclusions', () => {
    const profile = new Map([
      ['space', 2],
      ['drama', 1],
    ]);
    const ranked = rankBySharedTerms(
      profile,
      [
        { uid: 'n1', terms: ['drama'] },
        { uid: 'n2', terms: ['cooking'] },
        { uid: 'n3', terms: ['space', 'drama'] },
        { uid: 'n4', terms: ['drama'] },
        { uid: 'n5', terms: ['space'] },
      ],
      { exclude: new Set(['n5']) },
    );
    expect(ranked).toEqual(['n3', 'n1', 'n4']);
  });
});

describe('merging and paging', () => {
  it('merges rankings in order of trust, each item once, up to a limit', () => {
    expect(
      mergeRankings(
        [
          ['b', 'c'],
          ['c', 'e', 'f'],
        ],
        3,
      ),
    ).toEqual(['b', 'c', 'e']);
  });

  it('pages over the head first, then the global order', () => {
    expect(rankedPageSlice(5, 0, 3)).toEqual({ headFrom: 0, headTo: 3, tailOffset: 0, tailLimit: 0 });
    expect(rankedPageSlice(5, 3, 3)).toEqual({ headFrom: 3, headTo: 5, tailOffset: 0, tailLimit: 1 });
    expect(rankedPageSlice(5, 6, 3)).toEqual({ headFrom: 5, headTo: 5, tailOffset: 1, tailLimit: 3 });
    expect(rankedPageSlice(0, 0, 30)).toEqual({ headFrom: 0, headTo: 0, tailOffset: 0, tailLimit: 30 });
  });
});
