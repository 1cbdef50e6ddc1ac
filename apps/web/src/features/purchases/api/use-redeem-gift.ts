import { commerceQueryKey, redeemGift } from '@marquee/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/payment/redeem-gift/{id} {code}: the gift becomes the viewer's purchase. */
export function useRedeemGift(purchaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => redeemGift(api, purchaseId, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commerceQueryKey(api) }),
  });
}
