import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeVizio, type FakeVizioOptions } from './fake-vizio';
import { getPlatform, remoteAction } from './index';
import { spyContext } from './test-context';
import type { PlatformDevice } from './types';
import { createVizioPlatform, VIZIO_LIBRARY_WAIT_MS, type VizioEnvironment } from './vizio';

/** A page for the adapter: its window (where the fake puts VIZIO and online/offline arrive) and document. */
function tv(options: FakeVizioOptions = {}) {
  const window = Object.assign(new EventTarget(), {} as VizioEnvironment['window']);
  const document = new EventTarget();
  const fake = installFakeVizio({ window, document }, options);
  const env: VizioEnvironment = { window, document };
  const platform = createVizioPlatform(() => env);
  const { ctx, openContent, notify, tracks } = spyContext(window);
  const start = () => platform.setup!(ctx);
  return { window, fake, platform, openContent, notify, tracks, start };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the VIZIO SmartCast variant', () => {
  it('is /tvn/vizio, with Back 8, Exit 27 and the HTML5 media keys', () => {
    const vizio = getPlatform('vizio');
    expect(vizio.type).toBe('vizio');
    const actions = [8, 27, 415, 19, 413, 412, 417, 13, 37].map((keyCode) =>
      remoteAction(vizio, { keyCode }),
    );
    expect(actions).toEqual([
      'back',
      'exit',
      'play',
      'pause',
      'stop',
      'rewind',
      'fastForward',
      'enter',
      'left',
    ]);
    expect(remoteAction(vizio, { keyCode: 10009 })).toBeNull();
  });

  it('sends the viewer to /activate/vizio to activate this TV', () => {
    const vizio = getPlatform('vizio');
    expect(vizio.activationUrl?.('https://demo.example.com/activate')).toBe(
      'https://demo.example.com/activate/vizio',
    );
    expect(vizio.activationUrl?.('http://tv.test/activate/')).toBe('http://tv.test/activate/vizio');
    expect(getPlatform('generic').activationUrl).toBeUndefined();
  });

  it('waits for the library, then registers its content-change, caption and language handlers and reads the device', async () => {
    const { fake, start, openContent } = tv();
    const stop = start();
    expect(fake.calls).toEqual([]);
    fake.load();
    expect(fake.calls).toEqual([
      'setContentChangeHandler',
      'setClosedCaptionHandler',
      'setDeviceLanguageHandler',
      'setAdvertiserIDListener',
      'getDeviceId',
    ]);
    await vi.runAllTimersAsync();
    expect(openContent).not.toHaveBeenCalled();
    stop();
  });

  it('takes up a library that is already there at start', () => {
    const { fake, start } = tv();
    fake.load();
    const stop = start();
    expect(fake.calls).toContain('setContentChangeHandler');
    stop();
  });

  it('opens the launch deep link at cold start, and every content change while running', async () => {
    const { fake, start, openContent } = tv({ launchUrl: '/tvn/vizio/play-video/newsroom/demo-video-01' });
    const stop = start();
    fake.load();
    await vi.runAllTimersAsync();
    expect(openContent.mock.calls).toEqual([['/tvn/vizio/play-video/newsroom/demo-video-01']]);
    fake.changeContent('https://tv.example.com/tvn/vizio/play-live/news-24');
    fake.changeContent('');
    expect(openContent.mock.calls.slice(1)).toEqual([['https://tv.example.com/tvn/vizio/play-live/news-24']]);
    stop();
    fake.changeContent('/tvn/vizio/play-live/other');
    expect(openContent).toHaveBeenCalledTimes(2);
  });

  it('hands the TV closed-caption setting and language to the player’s caption choice (decision 0070)', async () => {
    const { fake, tracks, start } = tv({ closedCaptions: true, language: { code: 'es', name: 'Spanish' } });
    const stop = start();
    fake.load();
    await vi.runAllTimersAsync();
    expect(tracks.closedCaptions.mock.calls).toEqual([[true]]);
    expect(tracks.language.mock.calls).toEqual([['es']]);
    fake.setClosedCaptions(false);
    fake.setClosedCaptions(true);
    fake.setLanguage({ code: 'fr', name: 'French' });
    expect(tracks.closedCaptions.mock.calls).toEqual([[true], [false], [true]]);
    expect(tracks.language.mock.calls).toEqual([['es'], ['fr']]);
    stop();
  });

  it('reports the device model, id and limit ad tracking for the player payload', async () => {
    const { fake, platform, start } = tv({ deviceId: 'VZ123456789', deviceModel: 'M55Q7-J01', lmt: true });
    const devices: PlatformDevice[] = [];
    platform.onDevice!((d) => devices.push(d));
    const stop = start();
    fake.load();
    await vi.runAllTimersAsync();
    expect(devices.at(-1)).toEqual({ model: 'M55Q7-J01', id: 'VZ123456789', limitAdTracking: true });
    stop();
  });

  it('runs without the library: the browser device after the wait, network toasts, no exit', async () => {
    const { window, platform, start, notify, openContent } = tv();
    const devices: PlatformDevice[] = [];
    platform.onDevice!((d) => devices.push(d));
    const stop = start();
    await vi.advanceTimersByTimeAsync(VIZIO_LIBRARY_WAIT_MS - 1);
    expect(devices).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(devices).toEqual([{ model: null, id: null, limitAdTracking: null }]);
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(notify.mock.calls).toEqual([['networkOffline'], ['networkReconnected']]);
    expect(platform.exitApp!()).toBe(false);
    expect(openContent).not.toHaveBeenCalled();
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('takes up a library that loads after the wait, and exits through it', async () => {
    const { fake, platform, start, openContent } = tv({ launchUrl: '/tvn/vizio/play-video/a/b' });
    const devices: PlatformDevice[] = [];
    platform.onDevice!((d) => devices.push(d));
    const stop = start();
    await vi.advanceTimersByTimeAsync(VIZIO_LIBRARY_WAIT_MS);
    fake.load();
    await vi.runAllTimersAsync();
    expect(openContent.mock.calls).toEqual([['/tvn/vizio/play-video/a/b']]);
    expect(devices[0]).toEqual({ model: null, id: null, limitAdTracking: null });
    expect(devices.at(-1)).toEqual({ model: 'V435-J01', id: 'VZ0000000000FAKE', limitAdTracking: false });
    expect(platform.exitApp!()).toBe(true);
    expect(fake.exited).toBe(true);
    stop();
  });

  it('ignores the library once torn down', async () => {
    const { fake, tracks, start } = tv({ closedCaptions: true });
    const stop = start();
    fake.load();
    await vi.runAllTimersAsync();
    stop();
    tracks.closedCaptions.mockClear();
    fake.setClosedCaptions(false);
    expect(tracks.closedCaptions).not.toHaveBeenCalled();
  });

  it('survives a library missing calls or throwing', async () => {
    const window = new EventTarget() as EventTarget & VizioEnvironment['window'];
    window.VIZIO = {
      setContentChangeHandler() {
        throw new Error('not on this firmware');
      },
      getDeviceId: (cb) => cb('VZ1'),
    };
    const document = new EventTarget();
    const platform = createVizioPlatform(() => ({ window, document }));
    const devices: PlatformDevice[] = [];
    platform.onDevice!((d) => devices.push(d));
    const stop = platform.setup!(spyContext(window).ctx);
    expect(devices).toEqual([{ model: null, id: 'VZ1', limitAdTracking: null }]);
    stop();
  });
});
