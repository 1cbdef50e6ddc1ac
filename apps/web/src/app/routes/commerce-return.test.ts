import { describe, expect, it } from 'vitest';
import { accountPaths } from '../../config/account-paths';
import { commerceLoginParams } from '../../config/commerce-paths';
import { returnPath } from '../../features/auth/utils/return-intent';
import { loginHref } from '../../lib/session';
import { afterPurchaseHref } from './commerce-route';

// §2 Return after login: a commerce screen sends an anonymous viewer to login with its intent and
// parameters; after signing in the viewer lands on the same screen with the same parameters.

/** The login URL a commerce screen builds, then where login sends the viewer after signing in. */
function roundTrip(intent: string, screen: string, extra: Record<string, string> = {}) {
  const query = new URL(screen, 'https://site.test').searchParams;
  const login = new URL(loginHref(intent, commerceLoginParams(query, extra)), 'https://site.test');
  expect(login.pathname).toBe('/login');
  return returnPath(login.searchParams);
}

/** Path and query as a comparable pair (query order does not matter). */
function parts(href: string) {
  const url = new URL(href, 'https://site.test');
  return { path: url.pathname, query: Object.fromEntries([...url.searchParams].sort()) };
}

const data = JSON.stringify({ videoUid: 'v1', bundleId: 'b1', bundleIds: ['b1'], rentalIds: ['r1'] });

describe('commerce intents survive login (accounts-and-commerce §2)', () => {
  it('subscribe keeps odrc=watch (as resume), purchaseVideo, data, channel and the rest', () => {
    const screen = `/subscribe?${new URLSearchParams({
      odrc: 'watch',
      purchaseVideo: 'v1',
      data,
      pageUrl: 'home',
      tabUrl: 'films',
      channel: 'c1',
      isHybrid: 'true',
      platform: 'web',
      couponCode: 'SAVE10',
    })}`;
    expect(parts(roundTrip('subscribe', screen))).toEqual(parts(screen));
  });

  it('subscribe without a title returns to the plain list', () => {
    expect(roundTrip('subscribe', '/subscribe')).toBe('/subscribe');
  });

  it('subscribe-one keeps the bundle, couponCode, upgradesPurchase and the subscribe parameters', () => {
    const screen =
      '/subscribe/demo-annual?couponCode=SAVE10&upgradesPurchase=p1&odrc=watch&purchaseVideo=v1&channel=c1';
    const back = roundTrip('subscribe-one', screen, { bundle: 'demo-annual', upgradesPurchase: 'p1' });
    expect(parts(back)).toEqual(parts(screen));
  });

  it('subscribe-item keeps the title and the subscribe parameters', () => {
    const screen = '/subscribe/movie/m1?odrc=watch&channel=c1';
    const back = roundTrip('subscribe-item', screen, {
      contentType: 'movie',
      contentUid: 'm1',
      videoUid: 'm1',
    });
    expect(parts(back)).toEqual(parts(screen));
  });

  it('a pre-order returns to its bundle checkout for the same title', () => {
    const back = roundTrip('subscribe-one', '/preorder/b1/v1?odrc=watch&channel=c1', {
      bundle: 'b1',
      purchaseVideo: 'v1',
    });
    expect(parts(back)).toEqual(parts('/subscribe/b1?odrc=watch&purchaseVideo=v1&channel=c1'));
  });

  it('gift keeps the bundle and coupon, or the title the gift came from', () => {
    expect(roundTrip('gift', '/gift/b1?couponCode=X', { bundle: 'b1' })).toBe('/gift/b1?couponCode=X');
    const login = new URLSearchParams(
      loginHref('gift', { pageUrl: 'p', channel: 'c', videoUid: 'v', seriesUid: 's' }).split('?')[1],
    );
    expect(parts(returnPath(login))).toEqual(parts('/gift?pageUrl=p&channel=c&videoUid=v&seriesUid=s'));
  });

  it('contribute and redeem-gift return to their screens', () => {
    expect(returnPath(new URLSearchParams(loginHref('contribute').split('?')[1]))).toBe('/contribute');
    const redeem = loginHref('redeem-gift', { purchase: 'p1', loginAs: 'a@b.c', code: 'K9' });
    expect(parts(returnPath(new URLSearchParams(redeem.split('?')[1])))).toEqual(
      parts('/redeem-gift/p1?loginAs=a%40b.c&code=K9'),
    );
  });
});

describe('Upgrade To links', () => {
  it("lead to the upgrade of the viewer's purchase with the offer's plan chosen", () => {
    expect(accountPaths.upgradePurchase.getHref('p 1')).toBe('/upgrade-purchase/p%201');
    expect(accountPaths.upgradePurchase.getHref('p1', 'X')).toBe('/upgrade-purchase/p1?couponCode=X');
    expect(accountPaths.upgradePurchase.getHref('p1', null, 'demo-annual')).toBe(
      '/upgrade-purchase/p1?bundleId=demo-annual',
    );
  });
});

describe('afterPurchaseHref', () => {
  it('goes back to the title the viewer came from, else to an unlisted bundle’s redirect (decision 0068), else to purchases', () => {
    const fromTitle = new URLSearchParams('odrc=watch&purchaseVideo=v1&channel=films');
    expect(afterPurchaseHref(fromTitle, null, '/pages/members')).toBe('/channel/films/v1');
    expect(afterPurchaseHref(new URLSearchParams(), null, '/pages/members')).toBe('/pages/members');
    expect(afterPurchaseHref(new URLSearchParams(), null, null)).toBe('/purchases');
  });
});
