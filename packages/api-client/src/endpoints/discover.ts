import { queryOptions } from '@tanstack/react-query';
import type { DiscoverAsset } from '@marquee/contract';
import { apiPath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

/** GET /api/assets/{tabId}/discover: the tab's ordered rows, each with its first page of items. */
export function getDiscover(api: ApiClient, tabId: string, signal?: AbortSignal) {
  return api.get<DiscoverAsset>(apiPath('api', 'assets', tabId, 'discover'), {
    query: { onlyEnabledChannels: true },
    signal,
  });
}

export function discoverQueryOptions(api: ApiClient, tabId: string) {
  return queryOptions({
    queryKey: queryKeys.discover(api, tabId),
    queryFn: ({ signal }) => getDiscover(api, tabId, signal),
    staleTime: 60_000,
  });
}
