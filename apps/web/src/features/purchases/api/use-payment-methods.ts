import {
  commerceQueryKey,
  gatewaysQueryOptions,
  paymentMethodsQueryKey,
  paymentMethodsQueryOptions,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from '@marquee/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The gateway that keeps cards on this server (the `test` gateway by default, or stripe). */
export function useCardGateway() {
  const gateways = useQuery(gatewaysQueryOptions(api));
  const name = gateways.data?.find((g) => g.enabled && g.savesCards)?.name ?? null;
  return { ...gateways, name };
}

/** GET /api/payment/method/get/{gateway}: the saved cards. */
export function usePaymentMethods(gateway: string | null) {
  return useQuery({ ...paymentMethodsQueryOptions(api, gateway ?? ''), enabled: gateway !== null });
}

/** PUT …/method/default/{gateway}/{id} (applyAllPurchases: every recurring purchase moves too). */
export function useSetDefaultMethod(gateway: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, applyAll }: { id: string; applyAll: boolean }) =>
      setDefaultPaymentMethod(api, gateway!, id, applyAll),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commerceQueryKey(api) }),
  });
}

/** DELETE …/method/remove/{gateway}/{id}. */
export function useRemoveMethod(gateway: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removePaymentMethod(api, gateway!, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey(api) }),
  });
}

/** Reads the saved cards again (after the checkout feature's add-card form saved one). */
export function useRefreshPaymentMethods() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey(api) });
}
