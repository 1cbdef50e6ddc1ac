import { commerceQueryKey, unsubscribe } from '@marquee/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/payment/unsubscribe {purchaseId}, then every purchases list is read again. */
export function useCancelPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: string) => unsubscribe(api, purchaseId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commerceQueryKey(api) }),
  });
}
