import { describe, expect, it } from 'vitest';
import { captionTracks } from './captions';

const subs = [
  { language: 'en', label: 'English', url: '/media/subs/asset-1/subs-en.vtt' },
  { language: 'es', label: '', url: '/media/subs/asset-1/subs-es.vtt' },
];

describe('captionTracks (WebVTT beside the signed playlist)', () => {
  it('resolves each .vtt against the play URL, behind its token', () => {
    expect(captionTracks(subs, '/media/tok123/asset-1/master.m3u8')).toEqual([
      { language: 'en', label: 'English', src: '/media/tok123/asset-1/subs-en.vtt' },
      { language: 'es', label: 'es', src: '/media/tok123/asset-1/subs-es.vtt' },
    ]);
    expect(captionTracks(subs.slice(0, 1), 'http://h:1/media/t/a/master.m3u8?x=1')[0]?.src).toBe(
      'http://h:1/media/t/a/subs-en.vtt',
    );
  });
  it('drops anything that is not a plain .vtt file name', () => {
    expect(
      captionTracks([{ language: 'en', label: 'x', url: '/media/subs/a/../../etc' }], '/m/t/a/master.m3u8'),
    ).toEqual([]);
  });
  it('is empty without an HLS play URL', () => {
    expect(captionTracks(subs, null)).toEqual([]);
    expect(captionTracks(subs, '/media/clip.mp4')).toEqual([]);
  });
});
