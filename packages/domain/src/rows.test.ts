import { describe, expect, it } from 'vitest';
import {
  AD_BANNER_FREQUENCY,
  AD_BANNER_OFFSET,
  CAROUSEL_INTERVAL_MS,
  DEFAULT_ITEM_WIDTH,
  INITIAL_ROWS,
  MORE_ROWS,
  QUEUE_LIMIT_START,
  ROWS_PAGE,
  SCROLL_INTERVAL_MS,
  SCROLL_STEP_PX,
  extendedQueueLimit,
  measuredQueueLimit,
  nextSlide,
  parseChannelDetails,
  rowDetails,
  DYNAMIC_LIST_BY,
  previousSlide,
  rowsShown,
  scrollSteps,
  scrolledPastExtendPoint,
  shouldLoadMore,
  visibleItemCount,
  withAdSlots,
} from './rows';

describe('thumb rows (discovery-and-site §2.10)', () => {
  it('"Scroll step 10 px every 10 ms; default item width 240"', () => {
    expect(SCROLL_STEP_PX).toBe(10);
    expect(SCROLL_INTERVAL_MS).toBe(10);
    expect(DEFAULT_ITEM_WIDTH).toBe(240);
    expect(scrollSteps(25)).toEqual([10, 10, 5]);
    expect(scrollSteps(-20)).toEqual([-10, -10]);
    expect(scrollSteps(0)).toEqual([]);
  });

  it('"queueLimit starts at 15, then twice the visible item count"', () => {
    expect(QUEUE_LIMIT_START).toBe(15);
    expect(visibleItemCount(1200)).toBe(5);
    expect(visibleItemCount(100)).toBe(1);
    expect(visibleItemCount(1200, 0)).toBe(5);
    expect(measuredQueueLimit(QUEUE_LIMIT_START, 10)).toBe(20);
    // Never shrinks below what already shows.
    expect(measuredQueueLimit(QUEUE_LIMIT_START, 2)).toBe(15);
  });

  it('"extends when scrolled past 70% of the width"', () => {
    expect(scrolledPastExtendPoint(0, 1000, 3000)).toBe(false);
    expect(scrolledPastExtendPoint(1200, 1000, 3000)).toBe(true);
    expect(scrolledPastExtendPoint(1100, 1000, 0)).toBe(false);
    expect(extendedQueueLimit(20, 5)).toBe(30);
  });

  it('"loads more when the limit exceeds 70% of the loaded items and hasMore is true"', () => {
    expect(shouldLoadMore(22, 30, true)).toBe(true);
    expect(shouldLoadMore(21, 30, true)).toBe(false);
    expect(shouldLoadMore(40, 30, false)).toBe(false);
  });
});

describe('discover rows (discovery-and-site §2.2, §9)', () => {
  it('"Initially 3 rows show and 3 more are added on demand; rows are fetched in pages of 30"', () => {
    expect([INITIAL_ROWS, MORE_ROWS, ROWS_PAGE]).toEqual([3, 3, 30]);
    expect(rowsShown(10, 0)).toBe(3);
    expect(rowsShown(10, 2)).toBe(9);
    expect(rowsShown(10, 5)).toBe(10);
    expect(rowsShown(2, 0)).toBe(2);
  });

  it('"The carousel advances every 5000 ms" and wraps', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    expect(nextSlide(2, 3)).toBe(0);
    expect(previousSlide(0, 3)).toBe(2);
    expect(nextSlide(0, 0)).toBe(0);
  });

  it('inserts ad banners every N rows ("frequency defaults to 5 and offsets to 0")', () => {
    expect([AD_BANNER_FREQUENCY, AD_BANNER_OFFSET]).toEqual([5, 0]);
    const rows = Array.from({ length: 11 }, (_, i) => i);
    const slotted = withAdSlots(rows, { frequency: 5, offset: 0 });
    const ads = slotted.flatMap((s, i) => (s.kind === 'ad' ? [i] : []));
    expect(ads).toEqual([5, 11]);
    expect(withAdSlots(rows, null).every((s) => s.kind === 'row')).toBe(true);
    // Offset 2: the first banner comes after 2 + 5 rows; none at the very end.
    const offset = withAdSlots(rows.slice(0, 7), { frequency: 5, offset: 2 });
    expect(offset.some((s) => s.kind === 'ad')).toBe(false);
    expect(withAdSlots([1, 2, 3], { frequency: 1, offset: 0 }).map((s) => s.kind)).toEqual([
      'row',
      'ad',
      'row',
      'ad',
      'row',
    ]);
  });
});

describe('channel details (discovery-and-site §2.3)', () => {
  it('refuses types and lists the spec does not name', () => {
    expect(parseChannelDetails('bogus', 'x')).toBeNull();
    expect(parseChannelDetails('popular', 'cartoons')).toBeNull();
    expect(parseChannelDetails('details', '')).toBeNull();
  });

  it('"channelId lowercase"; popular, recent and recommended by movies, series or videos', () => {
    expect(parseChannelDetails('details', 'Originals')).toEqual({ type: 'details', channelId: 'originals' });
    expect(parseChannelDetails('watch-list', undefined)).toEqual({ type: 'watch-list' });
    expect(parseChannelDetails('recent', 'Series')).toEqual({ type: 'recent', by: 'series' });
    expect(DYNAMIC_LIST_BY.series).toBe('episodes');
    // Dynamic pseudo-channels as details: "recent, recommended, popular, … recent episodes".
    expect(parseChannelDetails('details', 'recent')).toEqual({ type: 'recent', by: 'all' });
    expect(parseChannelDetails('details', 'popular-movies')).toEqual({ type: 'popular', by: 'movies' });
    expect(parseChannelDetails('details', 'recent-episodes')).toEqual({ type: 'recent', by: 'series' });
  });

  it("links a row's 'More' to its channel details", () => {
    expect(rowDetails({ type: 'channel', source: { kind: 'channel', id: 'News' }, href: null })).toEqual({
      type: 'details',
      channelId: 'news',
    });
    expect(
      rowDetails({
        type: 'dynamic',
        source: { kind: 'dynamic', id: 'recent-episodes' },
        href: '/v2/sites/demo/dynamic-channels/recent-episodes/episodes',
      }),
    ).toEqual({ type: 'recent', by: 'series' });
    expect(rowDetails({ type: 'watchList', source: null, href: '/v2/me/x' })).toEqual({ type: 'watch-list' });
    expect(rowDetails({ type: 'playlist', source: { kind: 'playlist', id: 'p' }, href: '/p' })).toBeNull();
  });
});
