import { calculateProration, getPurchase, getSubscriptionRequiresUpgrade } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noClientErrorRetry, purchasesKey } from './keys';

/** GET /api/payment/purchases/{id}: one of the viewer's purchases (404 for anyone else's). */
export function usePurchase(id: string) {
  return useQuery({
    queryKey: purchasesKey('one', id),
    queryFn: ({ signal }) => getPurchase(api, id, signal),
    retry: noClientErrorRetry,
  });
}

/** GET /api/payment/subscriptionRequiresUpgrade/{id}: the upgrade bundles not yet held. */
export function useUpgradeOptions(id: string, enabled = true) {
  return useQuery({
    queryKey: purchasesKey('upgrade-options', id),
    queryFn: ({ signal }) => getSubscriptionRequiresUpgrade(api, id, signal),
    enabled,
    retry: noClientErrorRetry,
  });
}

/** GET …/calculateProration?bundleId&couponCode: the unused time credited to the first payment. */
export function useProration(id: string, bundleId: string | null, couponCode?: string | null) {
  return useQuery({
    queryKey: purchasesKey('proration', id, bundleId, couponCode ?? null),
    queryFn: ({ signal }) => calculateProration(api, id, bundleId!, couponCode ?? undefined, signal),
    enabled: bundleId !== null,
    retry: noClientErrorRetry,
  });
}
