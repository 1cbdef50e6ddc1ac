import { describe, expect, it } from 'vitest';
import {
  THUMBNAIL_PREFERENCE,
  assetThumbnails,
  bestThumbnail,
  normalizeThumbnails,
  posterOrFallback,
  thumbnailUrl,
} from './thumbnails';

describe('thumbnails', () => {
  it('follows the spec preference "maxres, high, medium, standard, default"', () => {
    expect(THUMBNAIL_PREFERENCE).toEqual(['maxres', 'high', 'medium', 'standard', 'default']);
  });

  it('returns nothing for an asset without thumbnails', () => {
    expect(assetThumbnails('a1', null)).toEqual({});
    expect(bestThumbnail({})).toBeNull();
    expect(normalizeThumbnails({})).toBeNull();
  });

  it('builds public URLs and ignores unknown sizes', () => {
    const thumbs = assetThumbnails('a1', { high: 'thumb-high.jpg', huge: 'x.jpg', medium: '' });
    expect(Object.keys(thumbs)).toEqual(['high']);
    expect(thumbs.high).toEqual({ url: '/media/thumbs/a1/thumb-high.jpg', width: 480, height: 360 });
    expect(thumbnailUrl('a b', 'default')).toBe('/media/thumbs/a%20b/thumb-default.jpg');
  });

  it('keeps stored dimensions when the asset records them', () => {
    expect(assetThumbnails('a1', { maxres: { width: 854, height: 480 } }).maxres).toEqual({
      url: '/media/thumbs/a1/thumb-maxres.jpg',
      width: 854,
      height: 480,
    });
  });

  it('picks by preference: high beats medium, standard and default', () => {
    const thumbs = assetThumbnails('a1', { default: 'd', standard: 's', medium: 'm', high: 'h' });
    expect(bestThumbnail(thumbs)?.url).toBe('/media/thumbs/a1/thumb-high.jpg');
  });

  it('fills every missing size from the best available one', () => {
    const thumbs = normalizeThumbnails(assetThumbnails('a1', { medium: 'm', default: 'd' }))!;
    expect(thumbs.maxres.url).toBe('/media/thumbs/a1/thumb-medium.jpg');
    expect(thumbs.high.url).toBe('/media/thumbs/a1/thumb-medium.jpg');
    expect(thumbs.standard.url).toBe('/media/thumbs/a1/thumb-medium.jpg');
    expect(thumbs.default.url).toBe('/media/thumbs/a1/thumb-default.jpg');
  });

  it('gives movies and series a poster fallback', () => {
    const thumbs = assetThumbnails('a1', { maxres: 'x' });
    expect(posterOrFallback('/posters/p.jpg', thumbs)).toBe('/posters/p.jpg');
    expect(posterOrFallback(null, thumbs)).toBe('/media/thumbs/a1/thumb-maxres.jpg');
    expect(posterOrFallback(undefined, {})).toBeNull();
  });
});
