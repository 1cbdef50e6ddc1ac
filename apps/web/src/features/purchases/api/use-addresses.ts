import { getAddressesAffected, getMyAddresses, updateMyAddress } from '@marquee/api-client';
import type { UpdateAddressBody } from '@marquee/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noClientErrorRetry, purchasesKey } from './keys';

/** GET /v2/me/addresses: the saved addresses (those on the viewer's purchases; decision 0055). */
export function useSavedAddresses() {
  return useQuery({
    queryKey: purchasesKey('addresses'),
    queryFn: ({ signal }) => getMyAddresses(api, signal),
    select: (data) => data.items,
    retry: noClientErrorRetry,
  });
}

/** GET /v2/me/addresses-affected/{id}: the purchases a change would touch (the edit form warns). */
export function useAddressAffected(id: string | null) {
  return useQuery({
    queryKey: purchasesKey('addresses-affected', id),
    queryFn: ({ signal }) => getAddressesAffected(api, id!, signal),
    select: (data) => data.items,
    enabled: id !== null,
    retry: noClientErrorRetry,
  });
}

/** PATCH /v2/me/addresses/update-address, then the purchases and addresses are read again. */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAddressBody) => updateMyAddress(api, body),
    // Not awaited: the re-read gives the edited address a new id, which unmounts the editor, and a
    // caller's onSuccess (its toast) only runs while the editor is mounted.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: purchasesKey() });
    },
  });
}
