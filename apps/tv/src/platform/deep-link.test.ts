import { describe, expect, it, vi } from 'vitest';
import { en } from '../locales/common';
import { CONTENT_CHANGE_EVENT, deepLinkTarget, watchContentChanges } from './deep-link';

describe('the TV deep-link handler (playback-and-social §2.1)', () => {
  it('opens play-live and play-video, the 4th path segment, as a route under the /tvn basename', () => {
    expect(deepLinkTarget('https://tv.example.com/tvn/webos/play-video/newsroom/demo-video-01')).toBe(
      '/webos/play-video/newsroom/demo-video-01',
    );
    expect(deepLinkTarget('/tvn/generic/play-live/news-24?category=news')).toBe(
      '/generic/play-live/news-24?category=news',
    );
  });

  it('refuses anything else, with the spec message', () => {
    for (const url of [
      '',
      '/tvn/generic/discover',
      '/tvn/generic/play-video',
      '/play-video/a/b',
      'http://[bad',
    ])
      expect(deepLinkTarget(url)).toBeNull();
    expect(en.deepLinkError).toBe('There was an error processing your request. . .');
  });

  it("hears the app's content-change event and webOS's relaunch, until cleaned up", () => {
    const win = new EventTarget();
    const doc = new EventTarget();
    const open = vi.fn();
    const stop = watchContentChanges(open, { window: win, document: doc });
    win.dispatchEvent(new CustomEvent(CONTENT_CHANGE_EVENT, { detail: { url: '/tvn/generic/play-live/a' } }));
    doc.dispatchEvent(
      new CustomEvent('webOSRelaunch', { detail: { contentTarget: '/tvn/webos/play-video/c/v' } }),
    );
    doc.dispatchEvent(new CustomEvent('webOSRelaunch', { detail: {} }));
    expect(open.mock.calls).toEqual([['/tvn/generic/play-live/a'], ['/tvn/webos/play-video/c/v'], ['']]);
    stop();
    win.dispatchEvent(new CustomEvent(CONTENT_CHANGE_EVENT, { detail: { url: 'x' } }));
    expect(open).toHaveBeenCalledTimes(3);
  });
});
