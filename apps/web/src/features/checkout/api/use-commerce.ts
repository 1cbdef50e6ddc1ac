import {
  ApiError,
  applyCoupon,
  bundleQueryOptions,
  calculateProration,
  commerceQueryKey,
  countryCodesQueryOptions,
  createPaymentMethod,
  gatewaysQueryOptions,
  getCaptchaConfig,
  getTaxes,
  paymentMethodsQueryKey,
  paymentMethodsQueryOptions,
  queryKeys,
} from '@marquee/api-client';
import type { CreatePaymentMethodBody, Order } from '@marquee/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';

/** One bundle for checkout (GET /api/bundle/get/{id}); 404 is "not available", never retried. */
export function useBundle(id: string) {
  const { user } = useSession();
  return useQuery({
    ...bundleQueryOptions(api, id, user?.id ?? null),
    retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 2,
  });
}

/** The gateways this server runs; the card gateway is the first enabled one that saves cards. */
export function useGateways() {
  const query = useQuery(gatewaysQueryOptions(api));
  const list = query.data ?? [];
  const card = list.find((g) => g.enabled && g.savesCards)?.name ?? null;
  const has = (name: string) => list.some((g) => g.enabled && g.name === name);
  return { ...query, cardGateway: card, hasPaypal: has('paypal'), hasPaypalSub: has('paypal-sub') };
}

/** The viewer's saved cards on a gateway (none before the gateway is known). */
export function usePaymentMethods(gateway: string | null) {
  return useQuery({ ...paymentMethodsQueryOptions(api, gateway ?? ''), enabled: !!gateway });
}

/** GET /v2/country-codes (cached for the page's life). */
export function useCountryCodes() {
  return useQuery(countryCodesQueryOptions(api));
}

/** Which captcha the card forms show (the signup one: ALTCHA, or a hosted provider). */
export function useCaptchaConfig() {
  return useQuery({
    queryKey: [...queryKeys.all(api), 'captcha'],
    queryFn: ({ signal }) => getCaptchaConfig(api, signal),
    staleTime: 5 * 60_000,
  });
}

/** POST bundles/{id}/apply-coupon. */
export function useApplyCoupon(bundleId: string) {
  return useMutation({ mutationFn: (couponCode: string) => applyCoupon(api, bundleId, couponCode) });
}

type Address = NonNullable<Order['billingAddress']>;

/** POST bundles/{id}/taxes. */
export function useTaxes(bundleId: string) {
  return useMutation({
    mutationFn: (body: { address: Address; couponCode?: string; prorationDiscount?: number }) =>
      getTaxes(api, bundleId, body),
  });
}

/**
 * Saves a card (POST /api/payment/method/create/{gateway}, captcha action addCard) and refreshes
 * the saved-card lists. Used by the purchases screens' "add card" and "update payment method".
 */
export function useAddCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ gateway, body }: { gateway: string; body: CreatePaymentMethodBody }) =>
      createPaymentMethod(api, gateway, body),
    onSuccess: () => client.invalidateQueries({ queryKey: paymentMethodsQueryKey(api) }),
  });
}

/** After a purchase: every commerce list (bundles, purchases, cards) and play-urls are stale. */
export function useInvalidateAfterPurchase() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: commerceQueryKey(api) });
    void client.invalidateQueries({ queryKey: queryKeys.all(api) });
  };
}

/**
 * The upgrade checkout's credit (/subscribe/{bundle}?upgradesPurchase): GET
 * /api/payment/purchases/{id}/calculateProration?bundleId — the unused time of the purchase being
 * upgraded, credited to the first payment only. Off without a purchase; a 4xx is never retried.
 */
export function useUpgradeProration(purchaseId: string | null, bundleId: string, couponCode?: string | null) {
  return useQuery({
    queryKey: [...commerceQueryKey(api), 'proration', purchaseId, bundleId, couponCode ?? null],
    queryFn: ({ signal }) => calculateProration(api, purchaseId!, bundleId, couponCode ?? undefined, signal),
    enabled: !!purchaseId,
    retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 2,
  });
}
