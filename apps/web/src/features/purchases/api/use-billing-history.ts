import { getBillingHistory } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noClientErrorRetry, purchasesKey } from './keys';

/** GET /api/payment/billingHistory: every charge of the viewer, newest first. */
export function useBillingHistory(enabled: boolean) {
  return useQuery({
    queryKey: purchasesKey('billing-history'),
    queryFn: ({ signal }) => getBillingHistory(api, signal),
    select: (data) => data.items,
    enabled,
    retry: noClientErrorRetry,
  });
}
