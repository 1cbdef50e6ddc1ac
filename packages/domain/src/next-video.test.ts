import { describe, expect, it } from 'vitest';
import {
  AFTER_END_NEXT_MS,
  AFTER_ERROR_NEXT_MS,
  PLAY_QUEUE_LIMIT,
  PLAY_QUEUE_STEP,
  STILL_WATCHING_AUTOPLAYS,
  STILL_WATCHING_IDLE_MS,
  afterErrorAction,
  endOfVideoAction,
  errorPlayingSuffix,
  groupBySeason,
  isStillWatchingDue,
  itemsAfterCurrent,
  loadsNextVideo,
  queueWindow,
} from './next-video';

const episodes = [
  { uid: 's2e1', season: 2, episode: 1 },
  { uid: 's1e3', season: 1, episode: 3 },
  { uid: 's1e1', season: 1, episode: 1 },
  { uid: 's1e2', season: 1, episode: 2 },
  { uid: 's2e2', season: 2, episode: 2 },
];
const episode = (season: number, ep: number) => ({
  uid: `s${season}e${ep}`,
  type: 'episode',
  series: { uid: 'orbit', season, episode: ep },
});

describe('constants (§9 "After-end next load 250 ms. After-error next load 3000 ms.")', () => {
  it('are the spec values', () => {
    expect(AFTER_END_NEXT_MS).toBe(250);
    expect(AFTER_ERROR_NEXT_MS).toBe(3000);
  });
  it('play queue "limit 20, +20"', () => {
    expect(PLAY_QUEUE_LIMIT).toBe(20);
    expect(PLAY_QUEUE_STEP).toBe(20);
  });
});

describe('endOfVideoAction (§4.5)', () => {
  it('"If the user\'s autoPlay is false, go back", whatever the video', () => {
    expect(endOfVideoAction(episode(1, 1), { autoPlay: false, episodes })).toEqual({ kind: 'back' });
    expect(endOfVideoAction({ uid: 'm', type: 'movie' }, { autoPlay: false })).toEqual({ kind: 'back' });
  });
  it('"A VOD watch party goes to the watch-party page"', () => {
    expect(endOfVideoAction(episode(1, 1), { autoPlay: true, vodWatchParty: true, episodes }).kind).toBe(
      'watchParty',
    );
  });
  it('"A movie goes to its movie page unless featured is active"', () => {
    expect(
      endOfVideoAction({ uid: 'm1', type: 'movie' }, { autoPlay: true, nextInQueue: { uid: 'v2' } }),
    ).toEqual({
      kind: 'moviePage',
      movieUid: 'm1',
    });
    expect(
      endOfVideoAction(
        { uid: 'm1', type: 'movie' },
        { autoPlay: true, featured: true, nextInQueue: { uid: 'v2' } },
      ),
    ).toEqual({ kind: 'video', uid: 'v2', delayMs: 250 });
  });
  it('"In a series: the next episode in the season" after 250 ms', () => {
    expect(endOfVideoAction(episode(1, 1), { autoPlay: true, episodes })).toEqual({
      kind: 'episode',
      uid: 's1e2',
      seriesUid: 'orbit',
      season: 1,
      episode: 2,
      delayMs: 250,
    });
  });
  it('"else the first episode of the next season"', () => {
    const action = endOfVideoAction(episode(1, 3), { autoPlay: true, episodes });
    expect(action).toMatchObject({ kind: 'episode', uid: 's2e1', season: 2, episode: 1 });
  });
  it('"An episode with no next episode goes to its series"', () => {
    expect(endOfVideoAction(episode(2, 2), { autoPlay: true, episodes })).toEqual({
      kind: 'seriesPage',
      seriesUid: 'orbit',
    });
    // An episode never uses the channel queue, even when it has one.
    expect(
      endOfVideoAction(episode(2, 2), { autoPlay: true, episodes, nextInQueue: { uid: 'x' } }).kind,
    ).toBe('seriesPage');
  });
  it('"Otherwise: the next queue item", and back when the queue is exhausted', () => {
    const v = { uid: 'v1', type: 'video' };
    expect(endOfVideoAction(v, { autoPlay: true, nextInQueue: { uid: 'v2' } })).toEqual({
      kind: 'video',
      uid: 'v2',
      delayMs: 250,
    });
    expect(endOfVideoAction(v, { autoPlay: true, nextInQueue: null })).toEqual({ kind: 'back' });
    expect(endOfVideoAction(v, { autoPlay: true, nextInQueue: { uid: 'v1' } })).toEqual({ kind: 'back' });
  });
  it('loadsNextVideo is true only for a next video or episode', () => {
    expect(loadsNextVideo({ kind: 'video', uid: 'a', delayMs: AFTER_END_NEXT_MS })).toBe(true);
    expect(loadsNextVideo(endOfVideoAction(episode(1, 1), { autoPlay: true, episodes }))).toBe(true);
    expect(loadsNextVideo({ kind: 'back' })).toBe(false);
    expect(loadsNextVideo({ kind: 'moviePage', movieUid: 'm' })).toBe(false);
  });
});

describe('itemsAfterCurrent ("the channel\'s videos after the current one")', () => {
  const items = [{ uid: 'a' }, { uid: 'b' }, { uid: 'c' }];
  it('is the items after the current one', () => {
    expect(itemsAfterCurrent(items, 'a').map((i) => i.uid)).toEqual(['b', 'c']);
    expect(itemsAfterCurrent(items, 'c')).toEqual([]);
  });
  it('is the whole list when the current one is not in it', () => {
    expect(itemsAfterCurrent(items, 'z').map((i) => i.uid)).toEqual(['a', 'b', 'c']);
  });
});

describe('groupBySeason ("episodes by season")', () => {
  it('sorts and groups', () => {
    expect(groupBySeason(episodes).map((g) => [g.season, g.episodes.map((e) => e.uid)])).toEqual([
      [1, ['s1e1', 's1e2', 's1e3']],
      [2, ['s2e1', 's2e2']],
    ]);
  });
  it('is empty for no episodes', () => {
    expect(groupBySeason([])).toEqual([]);
  });
});

describe('queueWindow (limit 20, +20)', () => {
  it('shows at most the limit', () => {
    expect(queueWindow(50, 20, 0)).toBe(20);
    expect(queueWindow(50, 40, 0)).toBe(40);
    expect(queueWindow(12, 20, 0)).toBe(12);
  });
  it('widens by steps of 20 to include the current item', () => {
    expect(queueWindow(50, 20, 19)).toBe(20);
    expect(queueWindow(50, 20, 20)).toBe(40);
    expect(queueWindow(50, 20, 45)).toBe(50);
  });
});

describe('isStillWatchingDue (§4.4 "after inactivity")', () => {
  it(`is due after ${STILL_WATCHING_AUTOPLAYS} autoplays in a row without input`, () => {
    expect(isStillWatchingDue({ autoplaysWithoutInput: STILL_WATCHING_AUTOPLAYS - 1, idleMs: 0 })).toBe(
      false,
    );
    expect(isStillWatchingDue({ autoplaysWithoutInput: STILL_WATCHING_AUTOPLAYS, idleMs: 0 })).toBe(true);
  });
  it('is due after the idle period while playing', () => {
    expect(isStillWatchingDue({ autoplaysWithoutInput: 0, idleMs: STILL_WATCHING_IDLE_MS - 1 })).toBe(false);
    expect(isStillWatchingDue({ autoplaysWithoutInput: 0, idleMs: STILL_WATCHING_IDLE_MS })).toBe(true);
  });
});

describe('afterErrorAction (§4.6, §8)', () => {
  it('loads the next episode 3000 ms after an error', () => {
    expect(afterErrorAction(episode(1, 3), { autoPlay: true, episodes })).toMatchObject({
      kind: 'episode',
      uid: 's2e1',
      delayMs: 3000,
    });
  });
  it('loads the next queue item 3000 ms after an error, even with autoPlay off', () => {
    expect(
      afterErrorAction({ uid: 'v1', type: 'video' }, { autoPlay: false, nextInQueue: { uid: 'v2' } }),
    ).toEqual({
      kind: 'video',
      uid: 'v2',
      delayMs: 3000,
    });
  });
  it('"Back to list..." for movies', () => {
    expect(afterErrorAction({ uid: 'm', type: 'movie' }, { autoPlay: true })).toEqual({ kind: 'back' });
    expect(errorPlayingSuffix('movie')).toBe('backToList');
    expect(errorPlayingSuffix('episode')).toBe('loadingNext');
  });
  it("§8 Series: an episode with no next episode goes home, the toast 'Error playing episode' alone", () => {
    const action = afterErrorAction(episode(2, 2), { autoPlay: true, episodes });
    expect(action).toEqual({ kind: 'home' });
    expect(errorPlayingSuffix('episode', action)).toBe('none');
    // With a next episode, the §8 "Error playing {type}" row holds: '. Loading next episode...'.
    const next = afterErrorAction(episode(1, 1), { autoPlay: true, episodes });
    expect(errorPlayingSuffix('episode', next)).toBe('loadingNext');
  });
  it('stays when the browser cannot play the file', () => {
    expect(afterErrorAction(episode(1, 1), { autoPlay: true, episodes, unsupported: true })).toEqual({
      kind: 'stay',
    });
  });
});
