import { describe, expect, it } from 'vitest';
import { nextUnfinishedEpisode, WATCH_LIST_MAX_ITEMS } from './watch-list';

const ep = (season: number, episode: number) => ({ uid: `s${season}e${episode}`, season, episode });
// Out of order on purpose: the rule sorts by season and episode.
const episodes = [ep(2, 1), ep(1, 2), ep(1, 1), ep(1, 3), ep(2, 2)];
const done =
  (...uids: string[]) =>
  (uid: string) =>
    uids.includes(uid);

describe('nextUnfinishedEpisode ("the series variant uses the next unfinished episode")', () => {
  it('is the first episode when nothing is finished', () => {
    expect(nextUnfinishedEpisode(episodes, done())?.uid).toBe('s1e1');
  });

  it('follows the finished ones, across seasons', () => {
    expect(nextUnfinishedEpisode(episodes, done('s1e1', 's1e2'))?.uid).toBe('s1e3');
    expect(nextUnfinishedEpisode(episodes, done('s1e1', 's1e2', 's1e3'))?.uid).toBe('s2e1');
  });

  it('continues after the furthest finished episode when the viewer jumped ahead', () => {
    expect(nextUnfinishedEpisode(episodes, done('s2e1'))?.uid).toBe('s2e2');
  });

  it('goes back to the first unfinished one when nothing unfinished follows', () => {
    expect(nextUnfinishedEpisode(episodes, done('s1e1', 's2e2'))?.uid).toBe('s1e2');
  });

  it('starts over when every episode is finished, and is null without episodes', () => {
    expect(nextUnfinishedEpisode(episodes, () => true)?.uid).toBe('s1e1');
    expect(nextUnfinishedEpisode([], () => false)).toBeNull();
  });

  it('"Watch list page 1000"', () => {
    expect(WATCH_LIST_MAX_ITEMS).toBe(1000);
  });
});
