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

  it("hears the app's content-change event, until cleaned up", () => {
    const win = new EventTarget();
    const open = vi.fn();
    const stop = watchContentChanges(open, { window: win });
    win.dispatchEvent(new CustomEvent(CONTENT_CHANGE_EVENT, { detail: { url: '/tvn/generic/play-live/a' } }));
    win.dispatchEvent(new CustomEvent(CONTENT_CHANGE_EVENT, { detail: {} }));
    expect(open.mock.calls).toEqual([['/tvn/generic/play-live/a'], ['']]);
    stop();
    win.dispatchEvent(new CustomEvent(CONTENT_CHANGE_EVENT, { detail: { url: 'x' } }));
    expect(open).toHaveBeenCalledTimes(2);
  });
});
