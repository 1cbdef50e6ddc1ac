import { describe, expect, it } from 'vitest';
import { installFakeWebos, type FakeWebosOptions } from './fake-webos';
import { getPlatform, remoteAction } from './index';
import { spyContext } from './test-context';
import { createWebosPlatform, webosLaunchUrl, type WebosEnvironment } from './webos';

/** An LG TV page: PalmSystem on the window, webOSRelaunch on the document. */
function tv(options: FakeWebosOptions = {}) {
  const window = new EventTarget() as EventTarget & WebosEnvironment['window'];
  const document = new EventTarget();
  const fake = installFakeWebos({ window, document }, options);
  const platform = createWebosPlatform(() => ({ window, document }));
  const { ctx, openContent } = spyContext(window);
  const start = () => platform.setup!(ctx);
  return { window, document, fake, openContent, start };
}

const VIDEO = 'https://tv.example.com/tvn/webos/play-video/newsroom/demo-video-01';

describe('the LG webOS variant', () => {
  it('maps Back 461 and the media keys', () => {
    const webos = getPlatform('webos');
    const actions = [461, 415, 19, 413, 412, 417, 13].map((keyCode) => remoteAction(webos, { keyCode }));
    expect(actions).toEqual(['back', 'play', 'pause', 'stop', 'rewind', 'fastForward', 'enter']);
    expect(remoteAction(webos, { keyCode: 10009 })).toBeNull();
  });

  it("opens the cold start's contentTarget (PalmSystem.launchParams) through the deep-link rule", () => {
    const { start, openContent } = tv({ launch: { contentTarget: VIDEO } });
    const stop = start();
    expect(openContent.mock.calls).toEqual([[VIDEO]]);
    stop();
  });

  it('reads webOSSystem.launchParams on webOS 6 and later', () => {
    const window: WebosEnvironment['window'] = {
      webOSSystem: { launchParams: JSON.stringify({ contentTarget: '/tvn/webos/play-live/a' }) },
    };
    const { ctx, openContent } = spyContext();
    const stop = createWebosPlatform(() => ({ window, document: new EventTarget() })).setup!(ctx);
    expect(openContent.mock.calls).toEqual([['/tvn/webos/play-live/a']]);
    stop();
  });

  it('opens nothing on a plain launch from the icon', () => {
    const { start, openContent } = tv({ newRuntime: true });
    const stop = start();
    expect(openContent).not.toHaveBeenCalled();
    stop();
  });

  it("opens each relaunch's contentTarget (webOSRelaunch), until cleaned up", () => {
    const { start, openContent, fake, document } = tv();
    const stop = start();
    fake.relaunch({ contentTarget: '/tvn/webos/play-live/news-24' });
    fake.relaunch({ contentTarget: '/tvn/webos/menu' });
    // Back from the launcher's icon: no contentTarget, the viewer's screen stays.
    fake.relaunch({});
    // A relaunch event without detail: the runtime's updated launchParams.
    fake.relaunch({ contentTarget: VIDEO });
    document.dispatchEvent(new Event('webOSRelaunch'));
    expect(openContent.mock.calls).toEqual([
      ['/tvn/webos/play-live/news-24'],
      ['/tvn/webos/menu'],
      [VIDEO],
      [VIDEO],
    ]);
    stop();
    fake.relaunch({ contentTarget: VIDEO });
    expect(openContent).toHaveBeenCalledTimes(4);
  });

  it('reads contentTarget from JSON text or an object, and nothing else', () => {
    expect(webosLaunchUrl(JSON.stringify({ contentTarget: ` ${VIDEO} ` }))).toBe(VIDEO);
    expect(webosLaunchUrl({ contentTarget: VIDEO })).toBe(VIDEO);
    for (const raw of ['', '{}', 'not json', '"text"', null, undefined, { contentTarget: 3 }])
      expect(webosLaunchUrl(raw)).toBeNull();
  });

  it('runs without PalmSystem (a browser at /tvn/webos)', () => {
    const bare = createWebosPlatform(() => ({ window: {}, document: new EventTarget() }));
    const bareSpies = spyContext();
    bare.setup!(bareSpies.ctx)();
    expect(bareSpies.openContent).not.toHaveBeenCalled();
  });
});
