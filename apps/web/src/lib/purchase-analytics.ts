import type { CheckoutResult, Purchase } from '@marquee/contract';
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

/** Where the events go: the page's `dataLayer` (created when missing). */
type DataLayerHost = { dataLayer?: unknown[] };

/**
 * §4 Wallet callback "otherwise purchase-success analytics are sent (currency USD)": pushed to the
 * page's `dataLayer`, where an operator's tag manager picks it up (decisions 0034, 0035). Shared by
 * every place a purchase completes: the wallet return, the checkout panel (subscribe, rental, gift,
 * upgrade) and the tip jar. The platform's own analytics kinds (decision 0021) have no purchase event.
 */
export function reportPurchaseSuccess(
  purchase: Purchase,
  chargedCents: number,
  host: DataLayerHost = window as unknown as DataLayerHost,
) {
  host.dataLayer = host.dataLayer ?? [];
  host.dataLayer.push(purchaseSuccessEvent(purchase, chargedCents));
}

/** A checkout's answer (POST /api/payment/subscribe, /gift, /api/donation/subscribe) as a purchase event. */
export function reportCheckoutSuccess(
  result: Pick<CheckoutResult, 'purchase' | 'chargedCents'>,
  host?: DataLayerHost,
) {
  reportPurchaseSuccess(result.purchase, result.chargedCents, host);
}
