import { getMe, queryKeys, type ApiClient } from '@marquee/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from './api';

export const meQueryKey = (api: ApiClient) => [...queryKeys.all(api), 'me'] as const;

/** GET /v2/me/info: the signed-in viewer (the profile shows the e-mail; the heartbeat names the user). */
export function useMe(enabled = true) {
  const api = useApi();
  return useQuery(
    queryOptions({ queryKey: meQueryKey(api), queryFn: ({ signal }) => getMe(api, signal), enabled }),
  );
}
