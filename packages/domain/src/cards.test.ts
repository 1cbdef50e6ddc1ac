import { describe, expect, it } from 'vitest';
import {
  CARD_KINDS,
  CARD_SIZES,
  CARD_TITLE_MAX,
  POSTER_FOOTER_TITLE_MAX,
  cardChannelId,
  cardImage,
  cardKind,
  cardLinks,
  cardShape,
  cardTitleMax,
  formatDuration,
  NO_VIEWER_ENGAGEMENT,
  progressPercent,
  seriesAsCard,
  truncateTitle,
  type CardItem,
} from './cards';

const thumb = (url: string, width: number) => ({ url, width, height: Math.round(width * 0.5625) });
const thumbnails = {
  maxres: thumb('/m.jpg', 1280),
  high: thumb('/h.jpg', 480),
  medium: thumb('/md.jpg', 320),
  standard: thumb('/s.jpg', 640),
  default: thumb('/d.jpg', 120),
};
const item = (over: Partial<CardItem> = {}): CardItem => ({
  uid: 'v1',
  type: 'video',
  title: 'A video',
  metadata: { channel: 'news', thumbnails },
  ...over,
});

describe('cards (discovery-and-site §2.10)', () => {
  it('has the ten kinds: all/mixed, episode, featured channel, featured video, generic, live event, movie, series, video, watch-list', () => {
    expect(CARD_KINDS).toHaveLength(10);
  });

  it('sizes: poster 240x360, landscape 320x180, thumbs 480x270, featured channel 180x180', () => {
    expect(CARD_SIZES.poster).toEqual({ width: 240, height: 360 });
    expect(CARD_SIZES.landscape).toEqual({ width: 320, height: 180 });
    expect(CARD_SIZES.thumbs).toEqual({ width: 480, height: 270 });
    expect(CARD_SIZES.featuredChannel).toEqual({ width: 180, height: 180 });
  });

  it('"Titles truncate at 50 characters (35 in poster footers)"', () => {
    expect(CARD_TITLE_MAX).toBe(50);
    expect(POSTER_FOOTER_TITLE_MAX).toBe(35);
    expect(truncateTitle('y'.repeat(50))).toBe('y'.repeat(50));
    const cut = truncateTitle('x'.repeat(60));
    expect(cut).toHaveLength(50);
    expect(cut.endsWith('…')).toBe(true);
    expect(truncateTitle('p'.repeat(40), cardTitleMax('poster'))).toHaveLength(35);
    expect(cardTitleMax('landscape')).toBe(50);
    expect(truncateTitle('  Short  ')).toBe('Short');
  });

  it('picks the kind from the row first, then the item type', () => {
    expect(cardKind({ type: 'movie' }, { row: 'featured' })).toBe('featuredVideo');
    expect(cardKind({ type: 'episode' }, { row: 'watchList' })).toBe('watchList');
    expect(cardKind({ type: 'movie' }, { mixed: true })).toBe('all');
    expect(cardKind({ type: 'liveEvent' })).toBe('liveEvent');
    expect(cardKind({ type: 'liveChannel' })).toBe('generic');
    expect(cardKind({ type: 'series' })).toBe('series');
  });

  it('uses posters for movies and series in poster rows, thumbs for featured, else landscape', () => {
    expect(cardShape('movie', 'movie', 'posters')).toBe('poster');
    expect(cardShape('video', 'video', 'posters')).toBe('landscape');
    expect(cardShape('featuredVideo', 'movie', 'carousel')).toBe('thumbs');
    expect(cardShape('featuredChannel', 'video')).toBe('featuredChannel');
    expect(cardShape('series', 'series')).toBe('landscape');
  });

  it('"Thumbnail preference: maxres, high, medium, standard, default", with every size in srcset', () => {
    const img = cardImage(item());
    expect(img?.src).toBe('/m.jpg');
    expect(img?.srcSet).toContain('/md.jpg 320w');
    const { maxres: _m, ...rest } = thumbnails;
    const partial = { ...rest, maxres: { url: '', width: 0, height: 0 } };
    expect(cardImage(item({ metadata: { channel: null, thumbnails: partial } }))?.src).toBe('/h.jpg');
    expect(cardImage(item({ metadata: { channel: null, thumbnails: null }, thumbnail: '/t.jpg' }))).toEqual({
      src: '/t.jpg',
    });
    expect(cardImage(item({ metadata: null }))).toBeNull();
    expect(cardImage(item({ type: 'movie', movieData: { poster: '/p.jpg' } }), 'poster')).toEqual({
      src: '/p.jpg',
    });
  });

  it('gives every card play and details links', () => {
    expect(cardLinks(item())).toEqual({
      play: { screen: 'watch', channelId: 'news', videoUid: 'v1' },
      details: { screen: 'watch', channelId: 'news', videoUid: 'v1' },
    });
    expect(cardLinks(item({ type: 'movie', uid: 'm1' })).details).toEqual({
      screen: 'movie',
      uid: 'm1',
      channel: 'news',
    });
    expect(cardLinks(item({ type: 'series', uid: 's1' })).play).toEqual({
      screen: 'series',
      uid: 's1',
      channel: 'news',
    });
    const ep = cardLinks(item({ type: 'episode', uid: 'e1', series: { uid: 's1', season: 2, episode: 3 } }));
    expect(ep.play).toEqual({ screen: 'watch', channelId: 'news', videoUid: 'e1' });
    expect(ep.details).toEqual({
      screen: 'episode',
      seriesUid: 's1',
      season: 2,
      episode: 3,
      episodeUid: 'e1',
      channel: 'news',
    });
  });

  it('opens a video in its own channel, else the row channel, else featured', () => {
    expect(cardChannelId(item())).toBe('news');
    expect(cardChannelId(item({ metadata: { channel: null, thumbnails: null } }), 'c1')).toBe('c1');
    expect(cardChannelId(item({ metadata: null }))).toBe('featured');
  });

  it('shows durations as h/m/s and progress as a percentage', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(0)).toBe('');
    expect(progressPercent(30, 120)).toBe(25);
    expect(progressPercent(500, 120)).toBe(100);
    expect(progressPercent(0, 120)).toBeNull();
    expect(progressPercent(10, 0)).toBeNull();
  });

  it('a series card has the Video fields of P§3: no ads settings of its own, its default channel, no viewer fields', () => {
    const series = {
      uid: 's1',
      title: 'A series',
      description: '',
      poster: null,
      thumbnails,
      ageGate: null,
      defaultChannel: 'shows',
      publishedDate: '2026-01-01T00:00:00.000Z',
      genres: [],
      mpaa: null,
    };
    const card = seriesAsCard(series);
    expect(card).toMatchObject({
      noAds: false,
      unreel: { ingested: false },
      dai: false,
      external: { id: null },
      channels: ['shows'],
      ...NO_VIEWER_ENGAGEMENT,
      moment: null,
      badge: null,
    });
    expect(seriesAsCard({ ...series, defaultChannel: null }).channels).toEqual([]);
  });
});
