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

describe('per-user row state (D§8 "some list fetches swallow errors and return empty")', () => {
  const items = perUserCards([video('a')]);
  const done = (data: typeof items) => ({ isPending: false, isError: false, data });

  it('a failed call hides its row instead of showing an error', () => {
    for (const type of ['watchList', 'continueWatching'])
      expect(perUserRowState(type, { isPending: false, isError: true })).toEqual({ state: 'hidden' });
  });

  it('waits while pending; shows what came back', () => {
    expect(perUserRowState('watchList', { isPending: true, isError: false })).toEqual({ state: 'pending' });
    expect(perUserRowState('watchList', done(items))).toEqual({ state: 'shown', items });
  });

  it('an empty continue-watching row hides; an empty watch list stays to say how it fills', () => {
    expect(perUserRowState('continueWatching', done([]))).toEqual({ state: 'hidden' });
    expect(perUserRowState('watchList', done([]))).toEqual({ state: 'shown', items: [] });
  });
});
