import { describe, expect, it, vi } from 'vitest';
import {
  buildHlsConfig,
  buildPlayerOptions,
  chooseEngine,
  clearKeyInitData,
  isHlsUrl,
  playerDrm,
} from './options';
import {
  ASPECT_RATIO,
  CONTROLS_HIDE_MS,
  heightForWidth,
  isLandscape,
  LANDSCAPE_THRESHOLD,
} from './constants';

describe('buildPlayerOptions', () => {
  it('starts muted when autoplay is requested, and unmutes on the first gesture', () => {
    const o = buildPlayerOptions({ src: ' /media/t/a/master.m3u8 ', autoplay: true });
    expect(o).toMatchObject({
      src: '/media/t/a/master.m3u8',
      autoplay: true,
      muted: true,
      unmuteOnGesture: true,
    });
  });

  it('keeps an explicit mute (no unmute on gesture) and does not mute without autoplay', () => {
    expect(buildPlayerOptions({ src: 'a.m3u8', autoplay: true, muted: true }).unmuteOnGesture).toBe(false);
    expect(buildPlayerOptions({ src: 'a.m3u8', autoplay: true, gestureTarget: null }).unmuteOnGesture).toBe(
      false,
    );
    expect(buildPlayerOptions({ src: 'a.m3u8' })).toMatchObject({ autoplay: false, muted: false });
  });

  it('keeps a positive start time for VOD only', () => {
    expect(buildPlayerOptions({ src: 'a.m3u8', startTime: 42 }).startTime).toBe(42);
    expect(buildPlayerOptions({ src: 'a.m3u8', startTime: -3 }).startTime).toBe(0);
    expect(buildPlayerOptions({ src: 'a.m3u8', startTime: Number.NaN }).startTime).toBe(0);
    expect(buildPlayerOptions({ src: 'a.m3u8', startTime: 42, live: true }).startTime).toBe(0);
  });
});

describe('chooseEngine', () => {
  it('uses native HLS when canPlayType answers for application/vnd.apple.mpegurl', () => {
    expect(
      chooseEngine('/media/x/a/master.m3u8', (t) => (t === 'application/vnd.apple.mpegurl' ? 'maybe' : '')),
    ).toBe('native');
  });
  it('uses hls.js otherwise, and plays progressive files directly', () => {
    expect(chooseEngine('/media/x/a/master.m3u8?x=1', () => '')).toBe('hls.js');
    expect(chooseEngine('/files/clip.mp4', () => '')).toBe('progressive');
    expect(isHlsUrl('https://cdn/live/ch1/index.m3u8')).toBe(true);
    expect(isHlsUrl('https://cdn/a.mp4')).toBe(false);
  });
});

describe('buildHlsConfig', () => {
  it('starts VOD at the start time and live at the live edge', () => {
    expect(buildHlsConfig({ live: false, startTime: 30 }).startPosition).toBe(30);
    expect(buildHlsConfig({ live: false, startTime: 0 }).startPosition).toBe(-1);
    expect(buildHlsConfig({ live: true, startTime: 0 })).toMatchObject({
      startPosition: -1,
      backBufferLength: 30,
    });
  });
});

describe('Clear Key (decision 0081)', () => {
  const drm = { type: 'clearkey', licenseUrl: '/media/tok/a1/clearkey-license' } as const;

  it('takes the DRM from play-url only for clearkey with a licence URL', () => {
    expect(playerDrm({ drmType: 'clearkey', licenseUrl: drm.licenseUrl })).toEqual(drm);
    expect(playerDrm({ drmType: null, licenseUrl: null })).toBeNull();
    expect(playerDrm({ drmType: 'widevine', licenseUrl: 'https://x/lic' })).toBeNull();
  });

  it('plays a Clear Key source through hls.js even where HLS is native', () => {
    expect(chooseEngine('/m/master.m3u8', () => 'maybe', drm)).toBe('hls.js');
    expect(chooseEngine('/m/master.m3u8', () => 'maybe')).toBe('native');
  });

  it('turns on EME with our licence URL, posted as JSON under the renewed token', () => {
    const config = buildHlsConfig({ live: false, startTime: 0, drm }, (u) => u.replace('tok', 'tok2'));
    expect(config).toMatchObject({
      emeEnabled: true,
      drmSystems: { 'org.w3.clearkey': { licenseUrl: drm.licenseUrl } },
    });
    const xhr = { open: vi.fn(), setRequestHeader: vi.fn() };
    config.licenseXhrSetup!(xhr as unknown as XMLHttpRequest, drm.licenseUrl);
    expect(xhr.open).toHaveBeenCalledWith('POST', '/media/tok2/a1/clearkey-license', true);
    expect(xhr.setRequestHeader).toHaveBeenCalledWith('Content-Type', 'application/json');
    expect(buildHlsConfig({ live: false, startTime: 0 })).not.toHaveProperty('emeEnabled');
  });

  it('asks for a playlist key by its key id as keyids init data; passes an encrypted event’s through', () => {
    const keyId = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    const mapped = clearKeyInitData('cenc', null, { decryptdata: { keyId } });
    expect(mapped.initDataType).toBe('keyids');
    expect(JSON.parse(new TextDecoder().decode(mapped.initData!))).toEqual({
      kids: [Buffer.from(keyId).toString('base64url')],
    });
    const pssh = new ArrayBuffer(8);
    expect(clearKeyInitData('cenc', pssh, { decryptdata: { keyId } })).toEqual({
      initDataType: 'cenc',
      initData: pssh,
    });
  });
});

describe('spec constants (§4.4, §9)', () => {
  it('has the spec values', () => {
    expect(CONTROLS_HIDE_MS).toBe(2000);
    expect(ASPECT_RATIO).toBe(0.5625);
    expect(LANDSCAPE_THRESHOLD).toBe(1.1);
    expect(heightForWidth(1280)).toBe(720);
    expect(isLandscape(1100, 1000)).toBe(false);
    expect(isLandscape(1200, 1000)).toBe(true);
  });
});
