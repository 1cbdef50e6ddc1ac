import type { Purchase } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { purchaseSuccessEvent } from './purchase-analytics';

describe('purchase-success analytics (§4 Wallet callback, §9 currency USD)', () => {
  it('reports the charge in US dollars', () => {
    const purchase = { id: 'p1', bundleId: 'demo-annual', name: 'Annual', amountCents: 7999 } as Purchase;
    expect(purchaseSuccessEvent(purchase, 7999)).toEqual({
      event: 'purchase',
      transaction_id: 'p1',
      value: 79.99,
      currency: 'USD',
      items: [{ item_id: 'demo-annual', item_name: 'Annual', price: 79.99 }],
    });
  });
});
