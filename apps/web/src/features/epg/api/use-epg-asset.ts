import { queryKeys, sitePath, type ApiClient } from '@marquee/api-client';
import type { EpgAsset } from '@marquee/contract';
import { EPG_PROGRAMME_TIMER_MS, type Milliseconds } from '@marquee/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

type Range = { from: Milliseconds; to: Milliseconds };

/** GET /v2/sites/{site}/assets/{id}/epg?from&to: the tab's categories and channels with their programmes. */
export function getEpgAsset(client: ApiClient, tabId: string, range: Range, signal?: AbortSignal) {
  return client.get<EpgAsset>(sitePath(client.site, 'assets', tabId, 'epg'), {
    query: { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() },
    signal,
  });
}

export function epgAssetQueryOptions(client: ApiClient, tabId: string, range: Range) {
  return queryOptions({
    queryKey: [...queryKeys.all(client), 'epg-asset', tabId, range.from, range.to] as const,
    queryFn: ({ signal }) => getEpgAsset(client, tabId, range, signal),
    // The programme timer (discovery-and-site §2.5: "defaults to 60 s").
    staleTime: EPG_PROGRAMME_TIMER_MS,
    refetchInterval: EPG_PROGRAMME_TIMER_MS,
    // A new slot changes the range: keep showing the old programmes until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** The EPG tab's programmes for every window the offset control can reach. */
export function useEpgAsset(tabId: string, range: Range) {
  return useQuery(epgAssetQueryOptions(api, tabId, range));
}
