import { describe, expect, it } from 'vitest';
import { cardChannelId, cardImage, formatDuration, truncateTitle } from './card';

const thumb = (url: string, width: number) => ({ url, width, height: Math.round(width * 0.5625) });

describe('card helpers (discovery-and-site §2.10)', () => {
  it('truncates titles at 50 characters', () => {
    expect(truncateTitle('Short')).toBe('Short');
    const long = 'x'.repeat(60);
    expect(truncateTitle(long)).toHaveLength(50);
    expect(truncateTitle(long).endsWith('…')).toBe(true);
    expect(truncateTitle('y'.repeat(50))).toBe('y'.repeat(50));
  });

  it('prefers maxres and offers every size in srcset', () => {
    const metadata = {
      thumbnails: {
        maxres: thumb('/m.jpg', 1280),
        high: thumb('/h.jpg', 480),
        medium: thumb('/md.jpg', 320),
        standard: thumb('/s.jpg', 640),
        default: thumb('/d.jpg', 160),
      },
      channel: 'news',
      playlist: null,
      publishedDate: '',
      tags: [],
    };
    const img = cardImage({ metadata, thumbnail: null, img: null });
    expect(img?.src).toBe('/m.jpg');
    expect(img?.srcSet).toContain('/md.jpg 320w');
    expect(
      cardImage({ metadata: { ...metadata, thumbnails: null }, thumbnail: '/t.jpg', img: null }),
    ).toEqual({
      src: '/t.jpg',
    });
    expect(cardChannelId({ metadata })).toBe('news');
    expect(
      cardChannelId({ metadata: { ...metadata, channel: null } }, { source: { kind: 'channel', id: 'c1' } }),
    ).toBe('c1');
  });

  it('formats durations', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(0)).toBe('');
  });
});
