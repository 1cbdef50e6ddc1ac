import { describe, expect, it } from 'vitest';
import { PLAYER_SOURCES, playerSource, providerSource, providerVideoId } from './source-map';

describe('source map (discovery-and-site §9: liveEvent vjs, jw, Youtube yt, Dailymotion dm)', () => {
  it('maps the spec names and the codes, anything else to our own player', () => {
    expect(PLAYER_SOURCES).toEqual(['vjs', 'jw', 'yt', 'dm']);
    expect(playerSource('liveEvent')).toBe('vjs');
    expect(playerSource('vjs')).toBe('vjs');
    expect(playerSource('jw')).toBe('jw');
    expect(playerSource('Youtube')).toBe('yt');
    expect(playerSource('yt')).toBe('yt');
    expect(playerSource('Dailymotion')).toBe('dm');
    expect(playerSource('dm')).toBe('dm');
    expect(playerSource(null)).toBe('vjs');
    expect(playerSource('vimeo')).toBe('vjs');
    expect(providerSource('vjs')).toBeNull();
    expect(providerSource(' YouTube ')).toBe('yt');
  });

  it('finds the YouTube id in its links', () => {
    for (const link of [
      'aqz-KE-bpKQ',
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10',
      'https://youtu.be/aqz-KE-bpKQ',
      'https://www.youtube.com/embed/aqz-KE-bpKQ',
      'https://www.youtube.com/live/aqz-KE-bpKQ',
      'https://m.youtube.com/watch?v=aqz-KE-bpKQ',
    ])
      expect(providerVideoId('yt', link)).toBe('aqz-KE-bpKQ');
    expect(providerVideoId('yt', 'https://www.youtube.com/watch')).toBeNull();
    expect(providerVideoId('yt', 'https://example.com/watch?v=aqz-KE-bpKQ')).toBeNull();
    expect(providerVideoId('yt', '')).toBeNull();
  });

  it('finds the Dailymotion and JW Player ids in theirs', () => {
    expect(providerVideoId('dm', 'https://www.dailymotion.com/video/x8abc12')).toBe('x8abc12');
    expect(providerVideoId('dm', 'https://www.dailymotion.com/video/x8abc12_some-title')).toBe('x8abc12');
    expect(providerVideoId('dm', 'https://dai.ly/x8abc12')).toBe('x8abc12');
    expect(providerVideoId('dm', 'x8abc12')).toBe('x8abc12');
    expect(providerVideoId('dm', 'https://example.com/video/x8abc12')).toBeNull();
    expect(providerVideoId('jw', 'https://cdn.jwplayer.com/v2/media/AbCd1234')).toBe('AbCd1234');
    expect(providerVideoId('jw', 'https://cdn.jwplayer.com/manifests/AbCd1234.m3u8')).toBe('AbCd1234');
    expect(providerVideoId('jw', 'AbCd1234')).toBe('AbCd1234');
    expect(providerVideoId('jw', 'not an id')).toBeNull();
  });
});
