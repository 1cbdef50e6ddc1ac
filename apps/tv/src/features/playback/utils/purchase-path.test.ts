import { ApiError } from '@marquee/api-client';
import { describe, expect, it } from 'vitest';
import { PURCHASE_POLL_MS, purchasePathView, purchasePollInterval, shortLinkPathOf } from './purchase-path';

const link = 'https://watch.example.test/subscribe/video/demo-premium-01?platform=generic';

describe('the TV purchase path', () => {
  it('polls play-url while the title needs buying, and stops once it plays or fails otherwise', () => {
    expect(purchasePollInterval(null, { url: null, code: null, message: 'Buy it' } as never)).toBe(
      PURCHASE_POLL_MS,
    );
    expect(purchasePollInterval(new ApiError(403, 'notEntitled', 'Not entitled'), undefined)).toBe(
      PURCHASE_POLL_MS,
    );
    expect(purchasePollInterval(null, { url: 'https://cdn.test/v.m3u8' } as never)).toBe(false);
    expect(purchasePollInterval(null, { url: null, code: 10 } as never)).toBe(false);
    expect(purchasePollInterval(null, { url: null, isPreorder: true } as never)).toBe(false);
    expect(purchasePollInterval(new ApiError(404, 'notFound', 'Nope'), undefined)).toBe(false);
    expect(purchasePollInterval(null, undefined)).toBe(false);
  });

  it('shortens the purchase link by its path and query', () => {
    expect(shortLinkPathOf(link)).toBe('/subscribe/video/demo-premium-01?platform=generic');
    expect(shortLinkPathOf('not a url')).toBeNull();
  });

  it('shows the short link on the purchase link’s host, without the scheme to type', () => {
    expect(purchasePathView({ link, linkFailed: false, short: '/s/Ab3dE', shortFailed: false })).toEqual({
      phase: 'ready',
      url: 'https://watch.example.test/s/Ab3dE',
      display: 'watch.example.test/s/Ab3dE',
    });
  });

  it('waits for both answers, falls back on the long link, and fails without a purchase link', () => {
    expect(
      purchasePathView({ link: undefined, linkFailed: false, short: undefined, shortFailed: false }),
    ).toEqual({ phase: 'loading' });
    expect(purchasePathView({ link, linkFailed: false, short: undefined, shortFailed: false })).toEqual({
      phase: 'loading',
    });
    expect(purchasePathView({ link, linkFailed: false, short: undefined, shortFailed: true })).toEqual({
      phase: 'ready',
      url: link,
      display: 'watch.example.test/subscribe/video/demo-premium-01?platform=generic',
    });
    expect(
      purchasePathView({ link: undefined, linkFailed: true, short: undefined, shortFailed: false }),
    ).toEqual({
      phase: 'error',
    });
    expect(purchasePathView({ link: 'nope', linkFailed: false, short: '/s/x', shortFailed: false })).toEqual({
      phase: 'error',
    });
  });
});
