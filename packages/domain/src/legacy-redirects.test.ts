import { describe, expect, it } from 'vitest';
import { legacyRedirect, type LegacyRedirectContext } from './legacy-redirects';

// §2.11 Legacy redirects: one test per rule.
const ctx: LegacyRedirectContext = {
  iframeHref: '/pages/help/i/how-to-watch',
  aboutHref: '/pages/help/a/about',
  epgHref: '/pages/home/e/guide',
  signupUrl: 'https://signup.example.com/',
  seriesSlugs: { 'night-shift': { seriesUid: 'night-shift', channelId: 'shows' } },
};
const go = (path: string, search = '', c = ctx) => legacyRedirect(path, search, c);
const to = (path: string) => ({ kind: 'internal', to: path });

describe('legacyRedirect', () => {
  it('leaves paths that are not legacy to the app (null), including the watch route /channel/{c}/{v}', () => {
    expect(go('/pages/home/d/discover')).toBeNull();
    expect(go('/')).toBeNull();
    expect(go('/channel/originals/vid-1')).toBeNull();
  });
  it('"Unknown or empty slugs go home"', () => {
    expect(go('/page/')).toEqual(to('/'));
    expect(go('/page/no-such-page')).toEqual(to('/'));
    expect(go('/secure')).toEqual(to('/'));
    expect(go('/deep-links/unknown/x')).toEqual(to('/'));
    expect(go('/channel-details')).toEqual(to('/'));
  });
  it('/channel-details/{id} goes to channel details (channelId lowercase)', () => {
    expect(go('/channel-details/Originals')).toEqual(to('/channels/details/originals'));
  });
  it('/deep-links/channels/{id} goes to channel details', () => {
    expect(go('/deep-links/channels/newsroom')).toEqual(to('/channels/details/newsroom'));
  });
  it('/deep-links/epg[/{channel}] goes to the EPG page with ?channel', () => {
    expect(go('/deep-links/epg/news-24')).toEqual(to('/pages/home/e/guide?channel=news-24'));
    expect(go('/deep-links/epg')).toEqual(to('/pages/home/e/guide'));
    expect(go('/deep-links/epg', '', { ...ctx, epgHref: null })).toEqual(to('/'));
  });
  it('/recent-details and /recommended-details go to the dynamic channels', () => {
    expect(go('/recent-details')).toEqual(to('/channels/details/recent'));
    expect(go('/recommended-details/x')).toEqual(to('/channels/details/recommended'));
  });
  it('/playlist/{id}, /channel/{id} and /category/{id} go to channel details', () => {
    expect(go('/playlist/staff-picks')).toEqual(to('/channels/details/staff-picks'));
    expect(go('/channel/cinema')).toEqual(to('/channels/details/cinema'));
    expect(go('/category/News')).toEqual(to('/channels/details/news'));
  });
  it('/account/… goes to the account', () => {
    expect(go('/account/settings')).toEqual(to('/profile-info'));
  });
  it('"Offer and packages links go to an external signup site"', () => {
    expect(go('/packages')).toEqual({ kind: 'external', url: 'https://signup.example.com/' });
    expect(go('/page/offer')).toEqual({ kind: 'external', url: 'https://signup.example.com/' });
    expect(go('/packages', '', { ...ctx, signupUrl: null })).toEqual(to('/'));
  });
  it('show and archive slugs go to their series (main.series {seriesUid, channelId})', () => {
    expect(go('/page/show/night-shift')).toEqual(to('/series/night-shift?channel=shows'));
    expect(go('/page/archive/Night-Shift')).toEqual(to('/series/night-shift?channel=shows'));
    expect(go('/page/night-shift')).toEqual(to('/series/night-shift?channel=shows'));
    expect(go('/page/show/unknown')).toEqual(to('/'));
  });
  it('devices (how-to-watch-2) and faq go to the iframe page', () => {
    expect(go('/page/devices')).toEqual(to('/pages/help/i/how-to-watch'));
    expect(go('/page/how-to-watch-2')).toEqual(to('/pages/help/i/how-to-watch'));
    expect(go('/page/faq')).toEqual(to('/pages/help/i/how-to-watch'));
  });
  it('about, terms-of-service and privacy-policy go to the about page', () => {
    for (const slug of ['about', 'terms-of-service', 'privacy-policy'])
      expect(go(`/page/${slug}`)).toEqual(to('/pages/help/a/about'));
  });
  it('subscription links go to main.subscribe', () => {
    expect(go('/page/subscription')).toEqual(to('/subscribe'));
  });
  it('password reset links go to forgot-pw', () => {
    expect(go('/secure/password-reset')).toEqual(to('/forgot-pw'));
  });
  it('login keeps odrc, pid, hostId, videoUid and channel', () => {
    expect(go('/secure/login', '?odrc=watch&pid=p1&hostId=h&videoUid=v&channel=c&x=1')).toEqual(
      to('/login?odrc=watch&pid=p1&hostId=h&videoUid=v&channel=c'),
    );
    expect(go('/page/login')).toEqual(to('/login'));
  });
});
