import { changePurchaseMethod, commerceQueryKey } from '@marquee/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** PUT /api/payment/purchases/{id}/method {gateway, gatewayData.paymentMethod}. */
export function useChangePurchaseMethod(purchaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gateway, paymentMethod }: { gateway: string; paymentMethod: string }) =>
      changePurchaseMethod(api, purchaseId, {
        gateway: gateway as never,
        gatewayData: { paymentMethod },
        domain: window.location.host,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commerceQueryKey(api) }),
  });
}
