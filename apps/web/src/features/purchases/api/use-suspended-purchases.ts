import { getSuspendedPurchases } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noClientErrorRetry, purchasesKey } from './keys';

/** GET /api/payment/suspendedPurchases: purchases whose renewal failed (§4 alert after login). */
export function useSuspendedPurchases(userId: string | null) {
  return useQuery({
    queryKey: purchasesKey('suspended', userId),
    queryFn: ({ signal }) => getSuspendedPurchases(api, signal),
    select: (data) => data.items,
    enabled: userId !== null,
    retry: noClientErrorRetry,
    staleTime: Infinity,
  });
}
