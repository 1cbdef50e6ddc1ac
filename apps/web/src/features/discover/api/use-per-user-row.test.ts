import { describe, expect, it } from 'vitest';
import type { Video } from '@marquee/contract';
import { perUserCards, perUserRowState } from './use-per-user-row';

const video = (uid: string) => ({ uid, type: 'video', title: uid }) as unknown as Video;

describe('per-user rows', () => {
  it('drops finished items ("Continue watching removes finished items") and keeps progress', () => {
    const cards = perUserCards([
      { video: video('a'), progress: 30, finished: false },
      { video: video('b'), progress: 90, finished: true },
      { video: null },
    ]);
    expect(cards.map((c) => c.uid)).toEqual(['a']);
    expect(cards[0]?.progress).toBe(30);
  });

  it('unwraps watch-list items and keeps plain videos', () => {
    expect(perUserCards([{ video: video('w') }, video('v')]).map((c) => c.uid)).toEqual(['w', 'v']);
  });

  it('keeps what a watch-list item holds: a series item shows its next episode', () => {
    const [card] = perUserCards([
      { video: video('s1e2'), progress: 12, contentId: 's1', contentType: 'series' },
    ]);
    expect(card).toMatchObject({ uid: 's1e2', progress: 12, listContent: { id: 's1', type: 'series' } });
  });
});

describe('per-user row state (playback-and-social §8 "Some list fetches swallow errors and return empty")', () => {
  const failed = { isPending: false, isError: true, data: undefined };
  it('a failed fetch hides its row, with no error shown, whichever list it is', () => {
    expect(perUserRowState('continueWatching', failed)).toEqual({ state: 'hidden' });
    expect(perUserRowState('watchList', failed)).toEqual({ state: 'hidden' });
  });
  it('an empty continue-watching list hides; an empty watch list stays; pending waits', () => {
    const empty = { isPending: false, isError: false, data: [] };
    expect(perUserRowState('continueWatching', empty)).toEqual({ state: 'hidden' });
    expect(perUserRowState('watchList', empty)).toEqual({ state: 'shown', items: [] });
    expect(perUserRowState('watchList', { isPending: true, isError: false })).toEqual({ state: 'pending' });
    const items = [video('v1')];
    expect(perUserRowState('continueWatching', { isPending: false, isError: false, data: items })).toEqual({
      state: 'shown',
      items,
    });
  });
});
