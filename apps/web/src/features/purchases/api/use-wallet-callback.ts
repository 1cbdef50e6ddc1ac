import { cancelWalletCheckout, commerceQueryKey, confirmWalletCheckout } from '@marquee/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type WalletGateway = 'paypal' | 'paypal-sub';
export interface WalletReturn {
  token?: string;
  PayerID?: string;
  paymentId?: string;
  subscription_id?: string;
}

/** POST /api/payment/{paypal|paypal-sub}/{confirm|cancel}/{cid} with what the wallet sent back. */
export function useWalletCallback(gateway: WalletGateway) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ op, cid, body }: { op: 'confirm' | 'cancel'; cid: string; body: WalletReturn }) =>
      op === 'confirm'
        ? confirmWalletCheckout(api, gateway, cid, body)
        : cancelWalletCheckout(api, gateway, cid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commerceQueryKey(api) }),
  });
}
