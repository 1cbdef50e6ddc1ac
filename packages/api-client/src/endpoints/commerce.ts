import { queryOptions } from '@tanstack/react-query';
import type {
  ApprovalResult,
  Bundle,
  CheckoutResult,
  CountryCodeList,
  CreatePaymentMethodBody,
  DroppedCart,
  DroppedCartsPage,
  DonationOrder,
  GatewayInfo,
  Order,
  PaymentMethod,
  PurchaseLink,
  Rental,
  SetDefaultMethodResult,
  TaxesResult as TaxQuote,
  TipJar,
} from '@marquee/contract';
import { apiPath, sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

// Fetchers of the catalogue and checkout API (accounts-and-commerce §7 Payments, Bundles, Rentals;
// decision 0029). The viewer's purchases (lists, cancel, upgrade, redeem) are in purchases.ts.

type Items<T> = { items: T[] };
type Address = NonNullable<Order['billingAddress']>;

export type { GatewayInfo, SetDefaultMethodResult, TaxesResult as TaxQuote } from '@marquee/contract';

/** What a checkout call answers: the purchase (201) or a wallet approval link (202). */
export type CheckoutAnswer = CheckoutResult | ApprovalResult;

export const isApproval = (answer: CheckoutAnswer): answer is ApprovalResult =>
  'approvalLink' in answer && !('purchase' in answer);

/** Every commerce query of a client starts with this key; a purchase invalidates it whole. */
export function commerceQueryKey(api: ApiClient) {
  return [...queryKeys.all(api), 'commerce'] as const;
}

/** A fresh Idempotency-Key: one per checkout attempt, reused when that attempt is retried. */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random()
    .toString(36)
    .slice(2)}`;
}

/**
 * POST /v2/sites/{site}/platform/{platform}/video/{uid}/getPurchaseLink (accounts-and-commerce §7):
 * the web page where a TV's viewer buys access to the video. The same answer every time, so it is
 * cached like a read.
 */
export function purchaseLinkQueryOptions(api: ApiClient, platform: string, videoUid: string) {
  return queryOptions({
    queryKey: [...commerceQueryKey(api), 'purchase-link', platform, videoUid] as const,
    queryFn: ({ signal }) =>
      api.request<PurchaseLink>(
        'POST',
        sitePath(api.site, 'platform', platform, 'video', videoUid, 'getPurchaseLink'),
        { signal },
      ),
    staleTime: Infinity,
    retry: false,
  });
}

// ---------- catalogue ----------

/** GET /v2/sites/{site}/bundles: listed bundles (activeForUser for a signed-in viewer). */
export function getBundles(api: ApiClient, signal?: AbortSignal) {
  return api.get<Items<Bundle>>(sitePath(api.site, 'bundles'), { signal });
}

/** GET /v2/sites/{site}/giftables. */
export function getGiftables(api: ApiClient, signal?: AbortSignal) {
  return api.get<Items<Bundle>>(sitePath(api.site, 'giftables'), { signal });
}

/** GET /v2/sites/{site}/rentals, or /rentals/coupon/{code} with a coupon applied. */
export function getRentals(api: ApiClient, couponCode?: string | null, signal?: AbortSignal) {
  const path = couponCode
    ? sitePath(api.site, 'rentals', 'coupon', couponCode)
    : sitePath(api.site, 'rentals');
  return api.get<Items<Rental>>(path, { signal });
}

/** GET /api/payment/nonpurchasedbundles (or …/coupon/{code}): the bundles the viewer does not hold. */
export function getNonPurchasedBundles(api: ApiClient, couponCode?: string | null, signal?: AbortSignal) {
  const path = couponCode
    ? apiPath('api', 'payment', 'nonpurchasedbundles', 'coupon', couponCode)
    : apiPath('api', 'payment', 'nonpurchasedbundles');
  return api.get<Items<Bundle>>(path, { signal });
}

/** POST bundles/{id}/apply-coupon → the bundle with its discount and "Promo Code Applied". */
export function applyCoupon(api: ApiClient, bundleId: string, couponCode: string) {
  return api.request<{ bundle: Bundle; message: string }>(
    'POST',
    sitePath(api.site, 'bundles', bundleId, 'apply-coupon'),
    { body: { couponCode } },
  );
}

/**
 * POST /v2/me/sites/{site}/dropped-cart {bundleId, bundleName}: the viewer left checkout without
 * paying (decision 0060); `keepalive` lets it finish while the page goes away.
 */
export function recordDroppedCart(
  api: ApiClient,
  body: { bundleId: string; bundleName: string },
  options: { keepalive?: boolean } = {},
) {
  return api.request<DroppedCart>('POST', apiPath('v2', 'me', 'sites', api.site, 'dropped-cart'), {
    body,
    keepalive: options.keepalive,
  });
}

/** GET /v2/sites/{site}/dropped-carts?page (the site's admins): the latest dropped carts first. */
export function droppedCartsQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...commerceQueryKey(api), 'dropped-carts', page] as const,
    queryFn: ({ signal }) =>
      api.get<DroppedCartsPage>(sitePath(api.site, 'dropped-carts'), { query: { page }, signal }),
  });
}

/** POST bundles/{id}/taxes: the tax on the first payment at an address. */
export function getTaxes(
  api: ApiClient,
  bundleId: string,
  body: { address: Address; couponCode?: string; prorationDiscount?: number },
) {
  return api.request<TaxQuote>('POST', sitePath(api.site, 'bundles', bundleId, 'taxes'), {
    body: { bundleId, ...body },
  });
}

/** GET /api/bundle/get/{id}: one bundle (unlisted too); 404 "Resource is not available…". */
export function getBundle(api: ApiClient, id: string, signal?: AbortSignal) {
  return api.get<Bundle>(apiPath('api', 'bundle', 'get', id), { signal });
}

/** GET /api/payment/gateways. */
export function getGateways(api: ApiClient, signal?: AbortSignal) {
  return api.get<Items<GatewayInfo>>(apiPath('api', 'payment', 'gateways'), { signal });
}

/** GET /v2/country-codes: `{ c, n, f, states }` per country. */
export function getCountryCodes(api: ApiClient, signal?: AbortSignal) {
  return api.get<CountryCodeList>(apiPath('v2', 'country-codes'), { signal });
}

/** GET /v2/sites/{site}/tip-jar. */
export function getTipJar(api: ApiClient, signal?: AbortSignal) {
  return api.get<TipJar>(sitePath(api.site, 'tip-jar'), { signal });
}

// ---------- query options ----------

export function bundlesQueryOptions(api: ApiClient, userId: string | null) {
  return queryOptions({
    queryKey: [...commerceQueryKey(api), 'bundles', userId] as const,
    queryFn: ({ signal }) => getBundles(api, signal),
    select: (data) => data.items,
  });
}

export function giftablesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...commerceQueryKey(api), 'giftables'] as const,
    queryFn: ({ signal }) => getGiftables(api, signal),
    select: (data) => data.items,
  });
}

export function rentalsQueryOptions(api: ApiClient, couponCode?: string | null) {
  return queryOptions({
    queryKey: [...commerceQueryKey(api), 'rentals', couponCode ?? null] as const,
    queryFn: ({ signal }) => getRentals(api, couponCode, signal),
    select: (data) => data.items,
  });
}

export function bundleQueryOptions(api: ApiClient, id: string, userId: string | null) {
  return queryOptions({
    queryKey: [...commerceQueryKey(api), 'bundle', id, userId] as const,
    queryFn: ({ signal }) => getBundle(api, id, signal),
    staleTime: 0,
  });
}

export function gatewaysQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...commerceQueryKey(api), 'gateways'] as const,
    queryFn: ({ signal }) => getGateways(api, signal),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

export function countryCodesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...queryKeys.all(api), 'country-codes'] as const,
    queryFn: ({ signal }) => getCountryCodes(api, signal),
    select: (data) => data.items,
    staleTime: Infinity,
  });
}

export function tipJarQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...commerceQueryKey(api), 'tip-jar'] as const,
    queryFn: ({ signal }) => getTipJar(api, signal),
  });
}

// ---------- payment methods ----------

/** GET /api/payment/method/get/{gateway}: the viewer's saved cards. */
export function getPaymentMethods(api: ApiClient, gateway: string, signal?: AbortSignal) {
  return api.get<Items<PaymentMethod>>(apiPath('api', 'payment', 'method', 'get', gateway), { signal });
}

export function paymentMethodsQueryKey(api: ApiClient, gateway?: string) {
  const base = [...commerceQueryKey(api), 'payment-methods'] as const;
  return gateway === undefined ? base : ([...base, gateway] as const);
}

export function paymentMethodsQueryOptions(api: ApiClient, gateway: string) {
  return queryOptions({
    queryKey: paymentMethodsQueryKey(api, gateway),
    queryFn: ({ signal }) => getPaymentMethods(api, gateway, signal),
    select: (data) => data.items,
    staleTime: 0,
  });
}

/** POST /api/payment/method/create/{gateway} → 201 the saved card (captcha action addCard). */
export function createPaymentMethod(api: ApiClient, gateway: string, body: CreatePaymentMethodBody) {
  return api.request<PaymentMethod>('POST', apiPath('api', 'payment', 'method', 'create', gateway), { body });
}

/** PUT /api/payment/method/default/{gateway}/{id}: applyAllPurchases moves every recurring purchase. */
export function setDefaultPaymentMethod(
  api: ApiClient,
  gateway: string,
  id: string,
  applyAllPurchases = false,
) {
  return api.request<SetDefaultMethodResult>(
    'PUT',
    apiPath('api', 'payment', 'method', 'default', gateway, id),
    { body: { applyAllPurchases } },
  );
}

/** DELETE /api/payment/method/remove/{gateway}/{id} → 204. */
export function removePaymentMethod(api: ApiClient, gateway: string, id: string) {
  return api.request<void>('DELETE', apiPath('api', 'payment', 'method', 'remove', gateway, id));
}

// ---------- checkout ----------

/**
 * POST /api/payment/subscribe with the Idempotency-Key header. Use one key per checkout attempt
 * and send the same key again when retrying that attempt (decision 0029 replays its first answer).
 */
export function subscribe(api: ApiClient, order: Order, idempotencyKey: string) {
  return api.request<CheckoutAnswer>('POST', apiPath('api', 'payment', 'subscribe'), {
    body: order,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/payment/gift: an Order with giftData (same key rule as subscribe). */
export function buyGift(api: ApiClient, order: Order, idempotencyKey: string) {
  return api.request<CheckoutAnswer>('POST', apiPath('api', 'payment', 'gift'), {
    body: { ...order, isGift: true },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/donation/subscribe: a tip or a monthly donation (same key rule as subscribe). */
export function subscribeDonation(api: ApiClient, order: DonationOrder, idempotencyKey: string) {
  return api.request<CheckoutAnswer>('POST', apiPath('api', 'donation', 'subscribe'), {
    body: order,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
