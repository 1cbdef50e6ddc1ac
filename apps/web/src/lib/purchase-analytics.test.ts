import type { Purchase } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { purchaseSuccessEvent, reportCheckoutSuccess, reportPurchaseSuccess } from './purchase-analytics';

const purchase = { id: 'p1', bundleId: 'demo-annual', name: 'Annual', amountCents: 7999 } as Purchase;

describe('purchase-success analytics (§4 Wallet callback, §9 currency USD)', () => {
  it('reports the charge in US dollars', () => {
    expect(purchaseSuccessEvent(purchase, 7999)).toEqual({
      event: 'purchase',
      transaction_id: 'p1',
      value: 79.99,
      currency: 'USD',
      items: [{ item_id: 'demo-annual', item_name: 'Annual', price: 79.99 }],
    });
  });

  it('pushes to the dataLayer, creating it when missing', () => {
    const host: { dataLayer?: unknown[] } = {};
    reportPurchaseSuccess(purchase, 0, host);
    expect(host.dataLayer).toHaveLength(1);
    expect(host.dataLayer?.[0]).toMatchObject({ event: 'purchase', value: 0, currency: 'USD' });
  });

  it("reports a checkout's answer (checkout panel, gift, tip jar) with what was charged now", () => {
    const host = { dataLayer: ['earlier'] as unknown[] };
    const donation = { id: 'd1', bundleId: null, name: 'Tip', amountCents: 2500 } as Purchase;
    reportCheckoutSuccess({ purchase: donation, chargedCents: 2500 }, host);
    expect(host.dataLayer).toEqual([
      'earlier',
      {
        event: 'purchase',
        transaction_id: 'd1',
        value: 25,
        currency: 'USD',
        items: [{ item_id: 'd1', item_name: 'Tip', price: 25 }],
      },
    ]);
  });
});
