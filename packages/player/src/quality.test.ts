import { describe, expect, it } from 'vitest';
import { AUTO_QUALITY, qualityOptions } from './quality';

describe('qualityOptions (quality menu: Auto + each rendition)', () => {
  it('lists Auto then the renditions highest first', () => {
    const options = qualityOptions([
      { index: 0, height: 360, bitrate: 800_000 },
      { index: 1, height: 720, bitrate: 2_800_000 },
      { index: 2, height: 480, bitrate: 1_400_000 },
    ]);
    expect(options).toEqual([
      { value: AUTO_QUALITY, label: null },
      { value: 1, label: '720p' },
      { value: 2, label: '480p' },
      { value: 0, label: '360p' },
    ]);
  });
  it('tells two renditions of one height apart by bitrate', () => {
    const labels = qualityOptions([
      { index: 0, height: 720, bitrate: 1_500_000 },
      { index: 1, height: 720, bitrate: 3_000_000 },
    ]).map((o) => o.label);
    expect(labels).toEqual([null, '720p (3000 kbps)', '720p (1500 kbps)']);
  });
  it('is empty (menu hidden) without a choice: native HLS has no levels, one rendition only Auto', () => {
    expect(qualityOptions([])).toEqual([]);
    expect(qualityOptions([{ index: 0, height: 480, bitrate: 1 }])).toEqual([]);
  });
});
