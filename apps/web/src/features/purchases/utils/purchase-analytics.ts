import type { Purchase } from '@marquee/contract';
import { ANALYTICS_CURRENCY, centsToAmount } from '@marquee/domain';

/** One purchase-success event as a tag manager reads it (GA4's `purchase` shape). */
export interface PurchaseSuccessEvent {
  event: 'purchase';
  transaction_id: string;
  value: number;
  currency: typeof ANALYTICS_CURRENCY;
  items: Array<{ item_id: string; item_name: string; price: number }>;
}

/** The event for a completed purchase: amounts in US dollars (§9 "Currency USD for analytics"). */
export function purchaseSuccessEvent(purchase: Purchase, chargedCents: number): PurchaseSuccessEvent {
  return {
    event: 'purchase',
    transaction_id: purchase.id,
    value: centsToAmount(chargedCents),
    currency: ANALYTICS_CURRENCY,
    items: [
      {
        item_id: purchase.bundleId ?? purchase.id,
        item_name: purchase.name,
        price: centsToAmount(purchase.amountCents),
      },
    ],
  };
}

/**
 * §4 Wallet callback "otherwise purchase-success analytics are sent (currency USD)": pushed to the
 * page's `dataLayer`, where an operator's tag manager picks it up (decision 0035). The platform's own
 * analytics kinds (decision 0021) have no purchase event.
 */
export function reportPurchaseSuccess(purchase: Purchase, chargedCents: number) {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(purchaseSuccessEvent(purchase, chargedCents));
}
