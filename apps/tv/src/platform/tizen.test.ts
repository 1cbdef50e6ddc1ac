import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeTizen, smartHubPayload, type FakeTizenOptions } from './fake-tizen';
import { getPlatform, remoteAction } from './index';
import { createTizenPlatform, TIZEN_MEDIA_KEYS, tizenLaunchUrl, type TizenEnvironment } from './tizen';
import { spyContext } from './test-context';

/** A Samsung TV page: its window carries `tizen`, appcontrol and online/offline. */
function tv(options: FakeTizenOptions = {}) {
  const window = new EventTarget() as TizenEnvironment['window'] & EventTarget;
  const fake = installFakeTizen(window, options);
  const platform = createTizenPlatform(() => ({ window }));
  const { ctx, openContent } = spyContext(window);
  const start = () => platform.setup!(ctx);
  return { window, fake, platform, openContent, start };
}

const VIDEO = 'https://tv.example.com/tvn/tizen/play-video/newsroom/demo-video-01';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the Samsung Tizen variant', () => {
  it('maps Return 10009 to Back, the media keys and Exit', () => {
    const tizen = getPlatform('tizen');
    const actions = [10009, 10252, 415, 19, 413, 412, 417, 10182, 13].map((keyCode) =>
      remoteAction(tizen, { keyCode }),
    );
    expect(actions).toEqual([
      'back',
      'playPause',
      'play',
      'pause',
      'stop',
      'rewind',
      'fastForward',
      'exit',
      'enter',
    ]);
    expect(remoteAction(tizen, { keyCode: 461 })).toBeNull();
  });

  it('registers the media keys through tvinputdevice in one batch', async () => {
    const { fake, start } = tv();
    const stop = start();
    await vi.runAllTimersAsync();
    expect(fake.calls.filter((c) => c.startsWith('register'))).toEqual(['registerKeyBatch']);
    expect([...fake.registered].sort()).toEqual([...TIZEN_MEDIA_KEYS].sort());
    stop();
  });

  it('registers each key alone where the set refuses the batch (a key it lacks)', async () => {
    const { fake, start } = tv({ missingKeys: ['MediaPlayPause'] });
    const stop = start();
    await vi.runAllTimersAsync();
    expect(fake.calls).toContain('registerKey:MediaPlay');
    expect(fake.registered.has('MediaPlayPause')).toBe(false);
    expect([...fake.registered].sort()).toEqual(
      TIZEN_MEDIA_KEYS.filter((k) => k !== 'MediaPlayPause').sort(),
    );
    stop();
  });

  it('opens the Smart Hub PAYLOAD of the cold start through the deep-link rule', () => {
    const { start, openContent } = tv({ launch: smartHubPayload(JSON.stringify({ url: VIDEO })) });
    const stop = start();
    expect(openContent.mock.calls).toEqual([[VIDEO]]);
    stop();
  });

  it('opens nothing on a plain launch from the launcher', () => {
    const { start, openContent, fake } = tv();
    const stop = start();
    expect(fake.calls).toContain('getRequestedAppControl');
    expect(openContent).not.toHaveBeenCalled();
    stop();
  });

  it('opens the app control of each relaunch (appcontrol), until cleaned up', () => {
    const { start, openContent, fake } = tv();
    const stop = start();
    fake.relaunch(smartHubPayload('/tvn/tizen/play-live/news-24'));
    fake.relaunch({ operation: 'http://tizen.org/appcontrol/operation/view', uri: '/tvn/tizen/menu' });
    // A relaunch from the launcher (no content) keeps the screen the viewer is on.
    fake.relaunch({ operation: 'http://tizen.org/appcontrol/operation/default', data: [] });
    expect(openContent.mock.calls).toEqual([['/tvn/tizen/play-live/news-24'], ['/tvn/tizen/menu']]);
    stop();
    fake.relaunch(smartHubPayload(VIDEO));
    expect(openContent).toHaveBeenCalledTimes(2);
  });

  it('reads the content URL from PAYLOAD values (the URL, or JSON with url), else the uri', () => {
    expect(tizenLaunchUrl(smartHubPayload(VIDEO))).toBe(VIDEO);
    expect(tizenLaunchUrl(smartHubPayload(JSON.stringify({ url: '/tvn/tizen/play-live/a' })))).toBe(
      '/tvn/tizen/play-live/a',
    );
    expect(
      tizenLaunchUrl({ operation: 'x', uri: VIDEO, data: [{ key: 'PAYLOAD', value: ['not json'] }] }),
    ).toBe(VIDEO);
    expect(tizenLaunchUrl(smartHubPayload(JSON.stringify({ videoIdx: 3 })))).toBeNull();
    expect(tizenLaunchUrl({ operation: 'x', uri: 'file:///opt/usr/x' })).toBeNull();
    expect(tizenLaunchUrl(null)).toBeNull();
  });

  it('runs without the tizen object (a browser), and exits through the Application API on a TV', () => {
    const bare = createTizenPlatform(() => ({ window: new EventTarget() }));
    bare.setup!(spyContext().ctx)();
    expect(bare.exitApp?.()).toBe(false);
    const { platform, fake } = tv();
    expect(platform.exitApp?.()).toBe(true);
    expect(fake.exited).toBe(true);
  });
});
