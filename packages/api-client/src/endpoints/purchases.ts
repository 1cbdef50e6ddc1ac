import type {
  AddressesAffected,
  ApprovalResult,
  BillingHistoryItem,
  ChangePurchaseMethodBody,
  CheckoutResult,
  Proration,
  Purchase,
  PurchasePage,
  WalletConfirmBody,
  RedeemGiftResult,
  SavedAddressList,
  UpdateAddressBody,
  UpdateAddressResult,
  SubscriptionRequiresUpgrade,
  UpgradePurchaseBody,
} from '@marquee/contract';
import { apiPath, type ApiClient } from '../client';

// Fetchers of the viewer's purchases (accounts-and-commerce §4 Purchases page, §7 Payments;
// decisions 0029, 0031, 0032, 0033): the lists, one purchase, cancel, proration, upgrade, change of
// card, billing history, suspended purchases, gifts (redeem) and donations. Catalogue and checkout
// calls are in commerce.ts.

export type {
  BillingHistoryItem,
  ChangePurchaseMethodBody,
  Proration,
  PurchasePage,
  WalletConfirmBody,
} from '@marquee/contract';

const page = (p: number | undefined) => ({ page: p ?? 0 });

// ---------- lists ----------

/** GET /api/payment/purchasedbundles?page: the viewer's purchases, newest first, replaced ones hidden. */
export function getPurchasedBundles(api: ApiClient, pageNo?: number, signal?: AbortSignal) {
  return api.get<PurchasePage>(apiPath('api', 'payment', 'purchasedbundles'), {
    query: page(pageNo),
    signal,
  });
}

/** GET /api/payment/giftedbundles?page: gifts the viewer bought (giftRecipientEmail, giftRedeemedAt). */
export function getGiftedBundles(api: ApiClient, pageNo?: number, signal?: AbortSignal) {
  return api.get<PurchasePage>(apiPath('api', 'payment', 'giftedbundles'), { query: page(pageNo), signal });
}

/** GET /v2/me/rentals?page: the viewer's rentals. */
export function getMyRentals(api: ApiClient, pageNo?: number, signal?: AbortSignal) {
  return api.get<PurchasePage>(apiPath('v2', 'me', 'rentals'), { query: page(pageNo), signal });
}

/** GET /api/donation/subscriptions?page: the viewer's donations (one-time and monthly). */
export function getDonationSubscriptions(api: ApiClient, pageNo?: number, signal?: AbortSignal) {
  return api.get<PurchasePage>(apiPath('api', 'donation', 'subscriptions'), { query: page(pageNo), signal });
}

/** GET /api/payment/suspendedPurchases: purchases whose renewal failed (the alert after login). */
export function getSuspendedPurchases(api: ApiClient, signal?: AbortSignal) {
  return api.get<{ items: Purchase[] }>(apiPath('api', 'payment', 'suspendedPurchases'), { signal });
}

/** GET /api/payment/billingHistory: the viewer's charges, newest first. */
export function getBillingHistory(api: ApiClient, signal?: AbortSignal) {
  return api.get<{ items: BillingHistoryItem[] }>(apiPath('api', 'payment', 'billingHistory'), { signal });
}

// ---------- one purchase ----------

/** GET /api/payment/purchases/{id} (404 for anyone else's). */
export function getPurchase(api: ApiClient, id: string, signal?: AbortSignal) {
  return api.get<Purchase>(apiPath('api', 'payment', 'purchases', id), { signal });
}

/** GET /api/payment/purchases/{id}/calculateProration?bundleId&couponCode. */
export function calculateProration(
  api: ApiClient,
  id: string,
  bundleId: string,
  couponCode?: string,
  signal?: AbortSignal,
) {
  return api.get<Proration>(apiPath('api', 'payment', 'purchases', id, 'calculateProration'), {
    query: { bundleId, couponCode },
    signal,
  });
}

/** GET /api/payment/subscriptionRequiresUpgrade/{id}: upgrade bundles of the purchase not yet held. */
export function getSubscriptionRequiresUpgrade(api: ApiClient, id: string, signal?: AbortSignal) {
  return api.get<SubscriptionRequiresUpgrade>(apiPath('api', 'payment', 'subscriptionRequiresUpgrade', id), {
    signal,
  });
}

/** POST /api/payment/unsubscribe {purchaseId}: cancels (status canceled, canceledDate set). */
export function unsubscribe(api: ApiClient, purchaseId: string) {
  return api.request<Purchase>('POST', apiPath('api', 'payment', 'unsubscribe'), { body: { purchaseId } });
}

/** PUT /api/payment/purchases/{id}/method: the saved card a recurring purchase renews with. */
export function changePurchaseMethod(api: ApiClient, id: string, body: ChangePurchaseMethodBody) {
  return api.request<{ purchase: Purchase; message: string }>(
    'PUT',
    apiPath('api', 'payment', 'purchases', id, 'method'),
    { body },
  );
}

/**
 * POST /api/payment/purchases/{id}/upgrade-purchase with the Idempotency-Key header (one key per
 * attempt, reused on retry): the purchase (201) or, for paypal, an approval link (202).
 */
export function upgradePurchase(
  api: ApiClient,
  id: string,
  body: UpgradePurchaseBody,
  idempotencyKey: string,
) {
  return api.request<CheckoutResult | ApprovalResult>(
    'POST',
    apiPath('api', 'payment', 'purchases', id, 'upgrade-purchase'),
    { body, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

// ---------- gifts ----------

/** POST /api/payment/redeem-gift/{id} {code}: the signed-in viewer's purchase of the gifted bundle. */
export function redeemGift(api: ApiClient, purchaseId: string, code: string) {
  return api.request<RedeemGiftResult>('POST', apiPath('api', 'payment', 'redeem-gift', purchaseId), {
    body: { code },
  });
}

// ---------- wallet return (decision 0031) ----------

/** POST /api/payment/{paypal|paypal-sub}/confirm/{cid}: the buyer approved; records the purchase. */
export function confirmWalletCheckout(
  api: ApiClient,
  gateway: 'paypal' | 'paypal-sub',
  checkoutId: string,
  body: WalletConfirmBody = {},
) {
  return api.request<CheckoutResult>('POST', apiPath('api', 'payment', gateway, 'confirm', checkoutId), {
    body,
  });
}

/** POST /api/payment/{paypal|paypal-sub}/cancel/{cid}: the buyer canceled at the wallet. */
export function cancelWalletCheckout(api: ApiClient, gateway: 'paypal' | 'paypal-sub', checkoutId: string) {
  return api.request<{ success: true }>('POST', apiPath('api', 'payment', gateway, 'cancel', checkoutId), {
    body: {},
  });
}

// ---------- saved addresses (decision 0055) ----------

/** GET /v2/me/addresses: the addresses on the viewer's purchases, each once. */
export function getMyAddresses(api: ApiClient, signal?: AbortSignal) {
  return api.get<SavedAddressList>(apiPath('v2', 'me', 'addresses'), { signal });
}

/** GET /v2/me/addresses-affected/{id}: the purchases in force a change of the address touches. */
export function getAddressesAffected(api: ApiClient, id: string, signal?: AbortSignal) {
  return api.get<AddressesAffected>(apiPath('v2', 'me', 'addresses-affected', id), { signal });
}

/** PATCH /v2/me/addresses/update-address {address, purchaseId?, field?}. */
export function updateMyAddress(api: ApiClient, body: UpdateAddressBody) {
  return api.request<UpdateAddressResult>('PATCH', apiPath('v2', 'me', 'addresses', 'update-address'), {
    body,
  });
}
