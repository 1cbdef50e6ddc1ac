import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../client';
import {
  calculateProration,
  cancelWalletCheckout,
  getDonationSubscriptions,
  getGiftedBundles,
  getMyRentals,
  getPurchasedBundles,
  getSubscriptionRequiresUpgrade,
  redeemGift,
  unsubscribe,
  upgradePurchase,
} from './purchases';

function client() {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  const api = createApiClient({ site: 'acme', source: 'web', fetch, getToken: () => 'tok' });
  return { api, fetch };
}

describe('purchases fetchers', () => {
  it('lists page from 0 on the spec’s paths', async () => {
    const { api, fetch } = client();
    await getPurchasedBundles(api);
    await getGiftedBundles(api, 2);
    await getMyRentals(api, 1);
    await getDonationSubscriptions(api);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/payment/purchasedbundles?page=0&__site=acme&__source=web',
      '/api/payment/giftedbundles?page=2&__site=acme&__source=web',
      '/v2/me/rentals?page=1&__site=acme&__source=web',
      '/api/donation/subscriptions?page=0&__site=acme&__source=web',
    ]);
  });

  it('proration and upgrade checks encode the purchase id and the query', async () => {
    const { api, fetch } = client();
    await calculateProration(api, 'p/1', 'annual', 'FIRST20');
    await getSubscriptionRequiresUpgrade(api, 'p1');
    expect(String(fetch.mock.calls[0]![0])).toBe(
      '/api/payment/purchases/p%2F1/calculateProration?bundleId=annual&couponCode=FIRST20&__site=acme&__source=web',
    );
    expect(String(fetch.mock.calls[1]![0])).toBe(
      '/api/payment/subscriptionRequiresUpgrade/p1?__site=acme&__source=web',
    );
  });

  it('upgrade sends the Idempotency-Key; redeem, unsubscribe and wallet cancel POST their bodies', async () => {
    const { api, fetch } = client();
    await upgradePurchase(api, 'p1', { bundleId: 'annual' }, 'key-1');
    await redeemGift(api, 'g1', 'c0de');
    await unsubscribe(api, 'p1');
    await cancelWalletCheckout(api, 'paypal', 'cid-1');
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/payment/purchases/p1/upgrade-purchase?__site=acme&__source=web');
    expect(init).toMatchObject({ method: 'POST', body: '{"bundleId":"annual"}' });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
    expect(fetch.mock.calls[1]![1]).toMatchObject({ method: 'POST', body: '{"code":"c0de"}' });
    expect(String(fetch.mock.calls[1]![0])).toContain('/api/payment/redeem-gift/g1?');
    expect(fetch.mock.calls[2]![1]).toMatchObject({ body: '{"purchaseId":"p1"}' });
    expect(String(fetch.mock.calls[3]![0])).toContain('/api/payment/paypal/cancel/cid-1?');
  });
});
