import { describe, expect, it } from 'vitest';
import { giftHref, pickSeason } from './title-links';

describe('title page helpers', () => {
  it('falls back to the first season when the requested one is missing', () => {
    expect(pickSeason([], 2)).toBeNull();
    expect(pickSeason([{ season: 1 }, { season: 2 }], 7)).toBe(1);
    expect(pickSeason([{ season: 1 }, { season: 2 }], 2)).toBe(2);
    expect(pickSeason([{ season: 3 }], undefined)).toBe(3);
  });

  it('links the gift page with the title and channel', () => {
    expect(giftHref({ videoUid: 'm1', channel: 'cinema' })).toBe('/gift?channel=cinema&videoUid=m1');
    expect(giftHref({ seriesUid: 's1' })).toBe('/gift?seriesUid=s1');
  });
});
