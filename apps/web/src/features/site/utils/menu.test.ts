import type { LeftMenuItem } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { LEFT_MENU_HIDE_DELAY_MS, menuItemTarget, replaceUserId } from './menu';
import { bottomMenuCount, landingAction, resolveOverlayPage, resolvePageRoute, tabHref } from './pages';

const tab = (id: string, kind: string, url = id) => ({ id, kind, url, title: id });
const config = {
  defaultPage: 'home',
  pages: [
    {
      url: 'home',
      title: 'Home',
      overlayToggle: false,
      tabs: [tab('d', 'discover', 'discover'), tab('dir', 'directory', 'channels')],
    },
    {
      url: 'info',
      title: 'Info',
      overlayToggle: true,
      tabs: [tab('a', 'about', 'us'), tab('f', 'faq', 'faq')],
    },
  ],
};

describe('page routes (discovery-and-site §2.1)', () => {
  it('an unknown page goes home', () => {
    expect(resolvePageRoute(config, 'nope', 'a', 'us')).toEqual({ action: 'home' });
  });
  it('a missing or unknown tab goes to the first tab', () => {
    expect(resolvePageRoute(config, 'info')).toEqual({ action: 'redirect', to: '/pages/info/a/us' });
    expect(resolvePageRoute(config, 'info', 'a', 'nope')).toEqual({
      action: 'redirect',
      to: '/pages/info/a/us',
    });
    // The tab exists but not under this kind's code.
    expect(resolvePageRoute(config, 'info', 'c', 'us')).toEqual({
      action: 'redirect',
      to: '/pages/info/a/us',
    });
  });
  it('shows a tab under its own code', () => {
    expect(resolvePageRoute(config, 'info', 'f', 'faq')).toMatchObject({ action: 'show', tab: { id: 'f' } });
  });
  it('uses the template codes of §2.1', () => {
    expect(tabHref('p', { kind: 'home-movie', url: 't' })).toBe('/pages/p/hm/t');
    expect(tabHref('p', { kind: 'directory', url: 't' })).toBe('/pages/p/dir/t');
    expect(tabHref('p', { kind: 'live', url: 't' })).toBe('/pages/p/l/t');
  });
  it('overlay: unknown page or not an overlay-toggle → null (home); unknown tab → first tab', () => {
    expect(resolveOverlayPage(config, 'nope', null)).toBeNull();
    expect(resolveOverlayPage(config, 'home', null)).toBeNull();
    expect(resolveOverlayPage(config, 'info', 'nope')?.tab.id).toBe('a');
    expect(resolveOverlayPage(config, 'info', 'faq')?.tab.id).toBe('f');
  });
  it('bottom menu: "tab counts one to five, else many"', () => {
    expect([1, 2, 3, 4, 5, 6, 0].map(bottomMenuCount)).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'many',
      'many',
    ]);
  });
});

describe('left menu (§2.9)', () => {
  it('"Link items replace the token [USER_ID] with the logged-in user id"', () => {
    expect(replaceUserId('https://x.test/?u=[USER_ID]&v=[USER_ID]', 'u 1')).toBe(
      'https://x.test/?u=u%201&v=u%201',
    );
    expect(replaceUserId('https://x.test/?u=[USER_ID]', null)).toBe('https://x.test/?u=');
  });
  it('"The menu hides after a 250 ms delay"', () => {
    expect(LEFT_MENU_HIDE_DELAY_MS).toBe(250);
  });
  it('gives every item type a target', () => {
    const items: LeftMenuItem[] = [
      { type: 'channel-group', label: 'g', channelIds: ['News'] },
      { type: 'overlay-toggle', label: 'o', pageUrl: 'info' },
      { type: 'link', label: 'l', url: 'https://x.test/[USER_ID]' },
      { type: 'link', label: 'l2', url: '/pages/home' },
      { type: 'channel', label: 'c', channelId: 'shows' },
      { type: 'subscribe', label: 's' },
      { type: 'gift', label: 'g' },
      { type: 'tip-jar', label: 't', url: 'https://tip.test' },
      { type: 'directory', label: 'd', pageUrl: 'home', tabUrl: 'channels' },
      { type: 'library', label: 'lib', library: 'favorites' },
    ];
    expect(items.map((i) => menuItemTarget(i, config, 'u1'))).toEqual([
      { kind: 'internal', to: '/channels/details/news' },
      { kind: 'internal', to: '/overlay/info' },
      { kind: 'external', href: 'https://x.test/u1' },
      { kind: 'internal', to: '/pages/home' },
      { kind: 'internal', to: '/channels/details/shows' },
      { kind: 'internal', to: '/subscribe' },
      { kind: 'internal', to: '/gift' },
      { kind: 'external', href: 'https://tip.test' },
      { kind: 'internal', to: '/pages/home/dir/channels' },
      { kind: 'internal', to: '/library/favorites' },
    ]);
  });
});

describe('landing (§2.1)', () => {
  const withLanding = (externalUrl: string | null, defaultPage = 'home') => ({
    ...config,
    defaultPage,
    landing: { externalUrl, apps: { ios: null, android: null } },
  });
  it('"The default landing is the configured default page"', () => {
    expect(landingAction(withLanding(null), 'anonymous')).toEqual({ action: 'discover' });
    expect(landingAction(withLanding(null, 'info'), 'signedIn')).toEqual({
      action: 'redirect',
      to: '/pages/info/a/us',
    });
  });
  it('"An optional landing-page setting can send logged-out visitors to an external URL"', () => {
    const c = withLanding('https://brand.test/');
    expect(landingAction(c, 'loading')).toEqual({ action: 'wait' });
    expect(landingAction(c, 'anonymous')).toEqual({ action: 'external', url: 'https://brand.test/' });
    expect(landingAction(c, 'signedIn')).toEqual({ action: 'discover' });
  });
});
