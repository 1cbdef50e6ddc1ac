import {
  ApiError,
  bundlesQueryOptions,
  commerceQueryKey,
  getNonPurchasedBundles,
  getPurchasedBundles,
  giftablesQueryOptions,
  rentalsQueryOptions,
  videoPlayUrlQueryOptions,
  getBundle,
} from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';

/** GET bundles (with activeForUser for the signed-in viewer). */
export function useBundles() {
  const { user } = useSession();
  return useQuery(bundlesQueryOptions(api, user?.id ?? null));
}

/** GET rentals (or rentals/coupon/{code}). */
export function useRentals(couponCode?: string | null) {
  return useQuery(rentalsQueryOptions(api, couponCode));
}

/** GET giftables. */
export function useGiftables() {
  return useQuery(giftablesQueryOptions(api));
}

/** The play-url of a title: its purchase hints say which offers unlock it. */
export function useTitleHints(videoUid: string) {
  return useQuery(videoPlayUrlQueryOptions(api, videoUid));
}

/** One bundle (the pre-order overlay's price and date). */
export function useOffer(bundleId: string) {
  return useQuery({
    queryKey: ['marquee', api.site, api.source, 'commerce', 'offer', bundleId],
    queryFn: ({ signal }) => getBundle(api, bundleId, signal),
  });
}

const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.isClientError) && count < 2;

/**
 * A list's prices with a coupon (?couponCode): the bundles the viewer does not hold with the coupon
 * applied (GET /api/payment/nonpurchasedbundles/coupon/{code}) and the rentals likewise
 * (GET rentals/coupon/{code}). Off without a code; a refused coupon is the query's error.
 */
export function useCouponOffers(couponCode: string | null | undefined) {
  const code = couponCode?.trim() || null;
  const bundles = useQuery({
    queryKey: [...commerceQueryKey(api), 'nonpurchased', code],
    queryFn: ({ signal }) => getNonPurchasedBundles(api, code, signal),
    select: (data) => data.items,
    enabled: !!code,
    retry: noRetryOn4xx,
  });
  const rentals = useQuery({ ...rentalsQueryOptions(api, code), enabled: !!code, retry: noRetryOn4xx });
  return { code, bundles, rentals };
}

/**
 * The viewer's purchases (GET /api/payment/purchasedbundles, first page, newest first): the Upgrade
 * To offers link to the upgrade of the purchase they upgrade. Off while `enabled` is false.
 */
export function useViewerPurchases(enabled: boolean) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...commerceQueryKey(api), 'purchasedbundles', user?.id ?? null, 0],
    queryFn: ({ signal }) => getPurchasedBundles(api, 0, signal),
    select: (data) => data.items,
    enabled: enabled && !!user,
    retry: noRetryOn4xx,
  });
}
