import { accountDevicesQueryKey, accountDevicesQueryOptions, logoutAccountDevice } from '@marquee/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /v2/sites/{site}/second-screens: the user's signed-in devices. */
export function useAccountDevices() {
  return useQuery(accountDevicesQueryOptions(api));
}

/** POST /v2/sites/{site}/second-screens/{id}/logout, then re-reads the list. */
export function useDisconnectDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => logoutAccountDevice(api, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountDevicesQueryKey(api) }),
  });
}
