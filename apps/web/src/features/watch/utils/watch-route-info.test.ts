import { describe, expect, it } from 'vitest';
import { WatchRouteError } from '@marquee/domain';
import { itemWatchPath, overlayPath, watchRouteInfo, watchScreenKey } from './watch-route-info';
import { loginHref, playbackTarget, preorderHref, subscribeHref } from './playback-target';

const item = (uid: string, series?: string) => ({
  uid,
  series: series ? { id: series, uid: series, season: 1, episode: 2 } : null,
});

describe('watch route info', () => {
  it('reads the variant, the flags and an embed overlay', () => {
    const info = watchRouteInfo(
      { kind: 'episode', channelId: 'shows', seriesUid: 's1', videoUid: 'e1' },
      '/channel/shows/series/s1/episode/e1/embed/share',
      '?embed=1&queue=1&queueSize=40',
      'share',
    );
    expect(info.variant.variant).toBe('channel-series');
    expect(info.flags).toMatchObject({ embed: true, queue: true, queueSize: 20 });
    expect(info.overlay).toBe('share');
    expect(info.basePath).toBe('/channel/shows/series/s1/episode/e1');
    expect(overlayPath(info, 'info')).toBe('/channel/shows/series/s1/episode/e1/embed/info?embed=1&queue=1');
    expect(overlayPath(info, null)).toBe('/channel/shows/series/s1/episode/e1?embed=1&queue=1');
  });
  it('has no overlay outside embeds; drops /watch from the base path', () => {
    const info = watchRouteInfo(
      { kind: 'video', channelId: 'c', videoUid: 'v' },
      '/watch/channel/c/v',
      '',
      'info',
    );
    expect(info.overlay).toBeNull();
    expect(info.basePath).toBe('/channel/c/v');
  });
  it("rejects a playlist route without its id ('Missing playlist id')", () => {
    expect(() => watchRouteInfo({ kind: 'playlist', videoUid: 'v' }, '/x', '', undefined)).toThrow(
      WatchRouteError,
    );
  });
  it('links queue items in the same variant', () => {
    const ep = watchRouteInfo(
      { kind: 'episode', dynamicType: 'recent', seriesUid: 's1', videoUid: 'e1' },
      '/',
      '',
      undefined,
    );
    expect(itemWatchPath(ep, item('e2', 's1'))).toBe('/recent/series/s1/episode/e2');
    const pl = watchRouteInfo({ kind: 'playlist', playlistUid: 'p', videoUid: 'v1' }, '/', '', undefined);
    expect(itemWatchPath(pl, item('v2'))).toBe('/playlist/p/v2');
    const dyn = watchRouteInfo({ kind: 'video', dynamicType: 'popular', videoUid: 'v1' }, '/', '', undefined);
    expect(itemWatchPath(dyn, item('v2'))).toBe('/popular/v2');
    const ch = watchRouteInfo({ kind: 'video', channelId: 'news', videoUid: 'v1' }, '/', '', undefined);
    expect(itemWatchPath(ch, item('v 2'))).toBe('/channel/news/v%202');
  });
});

describe('play-url outcomes → where the watch screen goes (§4.1)', () => {
  const intent = { channelId: 'news', videoUid: 'v1' };
  it('code 10 → login with odrc=watch and the params kept', () => {
    expect(playbackTarget('login', intent, null)).toEqual({
      kind: 'redirect',
      href: '/login?odrc=watch&videoUid=v1&channel=news',
    });
    expect(loginHref({ ...intent, seriesUid: 's1' })).toBe(
      '/login?odrc=watch&videoUid=v1&channel=news&seriesUid=s1',
    );
  });
  it('code 30 → the passcode login', () => {
    expect(playbackTarget('passcode', intent, null)).toEqual({
      kind: 'redirect',
      href: '/passcode?odrc=watch&videoUid=v1&channel=news',
    });
  });
  it('privateContent or archivedContent (closed) → an error toast, then home; an embed keeps its notice', () => {
    expect(playbackTarget('closed', intent, null)).toEqual({ kind: 'home', href: '/' });
    expect(playbackTarget('closed', intent, null, true)).toEqual({ kind: 'none' });
    expect(playbackTarget('notFound', intent, null)).toEqual({ kind: 'none' });
  });
  it('in an embed, login is a link (a partner page is not navigated away)', () => {
    expect(playbackTarget('login', intent, null, true)).toMatchObject({ kind: 'link', label: 'login' });
  });
  it('no url → subscribe with odrc=watch, purchaseVideo, data and the bundle hints', () => {
    const hints = { bundleIds: ['b1', 'b2'], rentalIds: ['r1'], productIds: [], hybridPaywall: true };
    const target = playbackTarget('purchase', { ...intent, pageUrl: 'home', tabUrl: 'discover' }, hints);
    expect(target.kind).toBe('link');
    const url = new URL((target as { href: string }).href, 'http://x');
    expect(url.pathname).toBe('/subscribe');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      odrc: 'watch',
      purchaseVideo: 'v1',
      channel: 'news',
      pageUrl: 'home',
      tabUrl: 'discover',
      isHybrid: 'true',
    });
    expect(JSON.parse(url.searchParams.get('data')!)).toEqual({
      videoUid: 'v1',
      bundleId: null,
      bundleIds: ['b1', 'b2'],
      rentalId: null,
      rentalIds: ['r1'],
      productIds: [],
    });
    expect(subscribeHref(intent, {})).not.toContain('isHybrid');
  });
  it('isPreorder → /preorder/{bundleId}/{videoUid}', () => {
    expect(playbackTarget('preorder', intent, { isPreorder: true, bundleId: 'pre 1' })).toEqual({
      kind: 'link',
      href: '/preorder/pre%201/v1?odrc=watch&channel=news',
      label: 'preorder',
    });
    expect(preorderHref(intent, {})).toBeNull();
  });
  it('other problems have no target', () => {
    expect(playbackTarget('error', intent, null)).toEqual({ kind: 'none' });
    expect(playbackTarget('notLive', intent, null)).toEqual({ kind: 'none' });
  });
});

describe('watch query parameter reload (§2.2)', () => {
  it('a new ?reload= value opens the same video afresh (a new screen); other parameters keep it', () => {
    const key = (q: string) => watchScreenKey('v1', new URLSearchParams(q));
    expect(key('?reload=1')).not.toBe(key(''));
    expect(key('?reload=2')).not.toBe(key('?reload=1'));
    expect(key('?t=30&tag=m1')).toBe(key(''));
    expect(watchScreenKey('v2', new URLSearchParams(''))).not.toBe(key(''));
  });
});
