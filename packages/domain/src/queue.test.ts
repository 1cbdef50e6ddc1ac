import { describe, expect, it } from 'vitest';
import {
  QUEUE_TYPES,
  WATCH_LIST_QUEUE_ID,
  queueOfList,
  queuePageSize,
  queueSource,
  toQueue,
  type QueueSourceInput,
} from './queue';

describe('queue loaders (§7; decision 0062)', () => {
  it('"Queue loaders exist for live-event channel, movie extras, series extras, playlist, watch list, movie channel, dynamic movie channel, series episodes, series by dynamic episode, video channel and dynamic video channel"', () => {
    expect(QUEUE_TYPES).toEqual([
      'liveEventChannel',
      'movieExtras',
      'seriesExtras',
      'playlist',
      'watchList',
      'movieChannel',
      'dynamicMovieChannel',
      'seriesEpisodes',
      'seriesByDynamicEpisode',
      'videoChannel',
      'dynamicVideoChannel',
    ]);
  });
  it('"Queue page size is 50 for the dynamic-all and continue-watching lists and 20 otherwise": every loader pages by 20', () => {
    for (const t of QUEUE_TYPES) expect(queuePageSize(t)).toBe(20);
  });
});

describe('the Queue shape (§3 "id, type, items, page, totalPages, hasMore")', () => {
  it('is built from a paginated page; hasMore while a further page exists', () => {
    const first = toQueue('movieExtras', 'm1', { items: ['a', 'b'], current_page: 0, total_pages: 2 });
    expect(first).toEqual({
      id: 'm1',
      type: 'movieExtras',
      items: ['a', 'b'],
      page: 0,
      totalPages: 2,
      hasMore: true,
    });
    expect(toQueue('movieExtras', 'm1', { items: ['c'], current_page: 1, total_pages: 2 }).hasMore).toBe(
      false,
    );
    expect(toQueue('playlist', 'p', { items: [], current_page: 0, total_pages: 0 })).toMatchObject({
      items: [],
      totalPages: 0,
      hasMore: false,
    });
  });
  it('cuts a whole list into pages', () => {
    const all = Array.from({ length: 45 }, (_, i) => i);
    const q = queueOfList('watchList', WATCH_LIST_QUEUE_ID, all, 1, 20);
    expect(q).toMatchObject({ id: 'me', page: 1, totalPages: 3, hasMore: true });
    expect(q.items).toEqual(all.slice(20, 40));
    expect(queueOfList('watchList', 'me', all, 2, 20)).toMatchObject({
      items: all.slice(40),
      hasMore: false,
    });
  });
});

describe('queueSource: which loader a watch screen uses', () => {
  const cases: [string, QueueSourceInput, ReturnType<typeof queueSource>][] = [
    [
      'a movie extra',
      { kind: 'movie-extra', movieVuid: 'm1', videoUid: 'x' },
      { type: 'movieExtras', id: 'm1' },
    ],
    [
      'a series extra',
      { kind: 'series-extra', seriesUid: 's1', videoUid: 'x' },
      { type: 'seriesExtras', id: 's1' },
    ],
    ['the watch list', { kind: 'watch-list', videoUid: 'x' }, { type: 'watchList', id: 'me' }],
    ['a playlist', { kind: 'playlist', playlistUid: 'p1', videoUid: 'x' }, { type: 'playlist', id: 'p1' }],
    [
      'a live event',
      { kind: 'live', channelId: 'c1', videoUid: 'x' },
      { type: 'liveEventChannel', id: 'c1' },
    ],
    [
      'an episode with its series',
      { kind: 'episode', channelId: 'c', seriesUid: 's1', videoUid: 'e' },
      { type: 'seriesEpisodes', id: 's1' },
    ],
    [
      'an episode reached from a dynamic channel, series not in the route',
      { kind: 'video', dynamicType: 'recent', videoUid: 'e', video: { type: 'episode' } },
      { type: 'seriesByDynamicEpisode', id: 'e' },
    ],
    [
      'a channel movie',
      { kind: 'movie', channelId: 'c1', videoUid: 'm' },
      { type: 'movieChannel', id: 'c1' },
    ],
    [
      'a dynamic movie',
      { kind: 'movie', dynamicType: 'popular', videoUid: 'm' },
      { type: 'dynamicMovieChannel', id: 'popular' },
    ],
    [
      'a channel video',
      { kind: 'video', channelId: 'c1', videoUid: 'v' },
      { type: 'videoChannel', id: 'c1' },
    ],
    [
      'a dynamic video',
      { kind: 'video', dynamicType: 'recent', videoUid: 'v' },
      { type: 'dynamicVideoChannel', id: 'recent' },
    ],
    ['a single video (no queue)', { kind: 'one', dynamicType: 'recent', videoUid: 'v' }, null],
    [
      'the featured pseudo-channel (no queue)',
      { kind: 'video', dynamicType: 'featured', videoUid: 'v' },
      null,
    ],
    ['a watch party (no queue)', { kind: 'party', channelId: 'c', videoUid: 'v' }, null],
    ['a movie extra without its movie (no queue)', { kind: 'movie-extra', videoUid: 'v' }, null],
  ];
  it.each(cases)('%s', (_, input, expected) => {
    expect(queueSource(input)).toEqual(expected);
  });
});
