import type { DiscoverRow, ProgressList, Video, WatchList } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { progressByVideo } from '../../../lib/progress';
import { continueWatchingCards, tvRows, watchListCards } from './my-rows';

const video = (uid: string, duration = 1000, type = 'movie') =>
  ({ uid, type, title: uid, contentDetails: { duration } }) as unknown as Video;

const row = (id: string, type: DiscoverRow['type'], items: Video[] = []): DiscoverRow => ({
  id,
  type,
  title: id,
  layout: 'thumbs',
  source: type === 'channel' ? { kind: 'channel', id: 'news' } : null,
  perUser: type === 'continueWatching' || type === 'watchList',
  href: null,
  items,
  total_items: items.length,
  next_page: null,
});

const progressItem = (uid: string, progress: number, duration: number, finished = false) => ({
  type: 'movie',
  id: uid,
  progress,
  duration,
  finished,
  seriesId: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  video: video(uid, duration),
});

const history = (items: ReturnType<typeof progressItem>[]) =>
  ({ items, totalItems: items.length }) as unknown as ProgressList;

describe('TV per-user rows', () => {
  it('continue watching keeps unfinished items with the percent watched', () => {
    const cards = continueWatchingCards(
      history([progressItem('a', 250, 1000), progressItem('b', 990, 1000, true)]),
    );
    expect(cards.map((c) => [c.video.uid, c.progress])).toEqual([['a', 25]]);
  });

  it("the watch list shows each item's video, with a bar only where it has a position", () => {
    const list = {
      items: [
        { contentId: 'a', video: video('a', 200), progress: 50 },
        { contentId: 's', video: video('s-e1', 100, 'episode'), progress: null },
      ],
      totalItems: 2,
    } as unknown as WatchList;
    expect(watchListCards(list).map((c) => [c.video.uid, c.progress])).toEqual([
      ['a', 25],
      ['s-e1', null],
    ]);
  });

  it('maps each video with a position to its percent, falling back to the video duration', () => {
    const map = progressByVideo(history([progressItem('a', 30, 120), progressItem('b', 0, 100)]));
    expect([...map]).toEqual([['a', 25]]);
    const noDuration = history([{ ...progressItem('c', 50, 0), video: video('c', 200) }]);
    expect(progressByVideo(noDuration).get('c')).toBe(25);
    expect(progressByVideo(undefined).size).toBe(0);
  });

  it('drops banners and empty rows, waits for a pending per-user row, and fills the others', () => {
    const rows = [
      row('cw', 'continueWatching'),
      row('wl', 'watchList'),
      row('ad', 'adBanner', [video('x')]),
      row('news', 'channel', [video('n1'), video('n2')]),
      row('empty', 'channel'),
    ];
    const cw = [{ video: video('a'), progress: 40 }];
    expect(tvRows(rows, new Map([['continueWatching', 'pending']]), new Map())).toBeNull();

    const shown = tvRows(
      rows,
      new Map([
        ['continueWatching', cw],
        ['watchList', []],
      ]),
      new Map([['n2', 60]]),
    )!;
    expect(shown.map((r) => r.id)).toEqual(['cw', 'news']);
    expect(shown[0]).toMatchObject({ resume: true, channelId: null, cards: cw });
    expect(shown[1]!.resume).toBe(false);
    expect(shown[1]!.channelId).toBe('news');
    expect(shown[1]!.cards.map((c) => c.progress)).toEqual([null, 60]);
  });

  it('hides the per-user rows when there is nothing for them (signed out)', () => {
    const rows = [row('cw', 'continueWatching'), row('wl', 'watchList'), row('n', 'channel', [video('n1')])];
    expect(tvRows(rows, new Map(), new Map())!.map((r) => r.id)).toEqual(['n']);
  });
});
