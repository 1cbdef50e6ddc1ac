import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  Channel,
  ExternalText,
  ExternalTextType,
  LegalTexts,
  Paginated,
  TabAsset,
  Video,
} from '@marquee/contract';
import { apiPath, sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

/** The tab kinds served by GET /api/assets/{id}/{kind}. */
export type TabAssetKind = 'about' | 'cast' | 'home' | 'home-movie' | 'iframe' | 'faq';

/** GET /api/assets/{id}/{kind}: a tab and its configuration. */
export function getTabAsset(api: ApiClient, id: string, kind: TabAssetKind, signal?: AbortSignal) {
  return api.get<TabAsset>(apiPath('api', 'assets', id, kind), { signal });
}

export function tabAssetQueryOptions(api: ApiClient, id: string, kind: TabAssetKind) {
  return queryOptions({
    queryKey: [...queryKeys.all(api), 'tab-asset', kind, id] as const,
    queryFn: ({ signal }) => getTabAsset(api, id, kind, signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /v2/sites/{site}/legal: terms and privacy texts. */
export function legalQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...queryKeys.all(api), 'legal'] as const,
    queryFn: ({ signal }) => api.get<LegalTexts>(sitePath(api.site, 'legal'), { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /v2/sites/{site}/external-text/{type}: one legal text (terms or privacy), as the legal page shows it. */
export function externalTextQueryOptions(api: ApiClient, type: ExternalTextType) {
  return queryOptions({
    queryKey: [...queryKeys.all(api), 'external-text', type] as const,
    queryFn: ({ signal }) => api.get<ExternalText>(sitePath(api.site, 'external-text', type), { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Directory: the first load is 40 channels, then pages of 20 (discovery-and-site §2.8, §9). */
export const DIRECTORY_PAGE_SIZE = 20;
export const DIRECTORY_INITIAL = 40;

/**
 * GET /v2/sites/{site}/assets/{id}/directory. The first request asks for 40 (page 0 of size 40);
 * each later one for the next 20, expressed as a page of size 20 (page 2, 3, …: items 40-59, 60-79…).
 */
export function directoryInfiniteQueryOptions(api: ApiClient, tabId: string) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.all(api), 'directory', tabId] as const,
    initialPageParam: { page: 0, pageSize: DIRECTORY_INITIAL },
    queryFn: ({ pageParam, signal }) =>
      api.get<Paginated<Channel>>(sitePath(api.site, 'assets', tabId, 'directory'), {
        query: pageParam,
        signal,
      }),
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.items.length, 0);
      if (loaded >= last.total_items || last.items.length === 0) return undefined;
      return { page: loaded / DIRECTORY_PAGE_SIZE, pageSize: DIRECTORY_PAGE_SIZE };
    },
    staleTime: 5 * 60_000,
  });
}

/** GET /v2/sites/{site}/assets/{id}/live: a live-events tab's listed events (all pages of 20). */
export async function getLiveEventsAsset(api: ApiClient, tabId: string, signal?: AbortSignal) {
  const items: Video[] = [];
  for (let page = 0; ; page++) {
    const res = await api.get<Paginated<Video>>(sitePath(api.site, 'assets', tabId, 'live'), {
      query: { page, pageSize: 20 },
      signal,
    });
    items.push(...res.items);
    if (res.next_page === null || res.items.length === 0 || page >= 50) return items;
  }
}

export function liveEventsAssetQueryOptions(api: ApiClient, tabId: string) {
  return queryOptions({
    queryKey: [...queryKeys.all(api), 'live-events-asset', tabId] as const,
    queryFn: ({ signal }) => getLiveEventsAsset(api, tabId, signal),
    // A new event or a flag set on the server shows within a minute; states tick on the client.
    refetchInterval: 60_000,
  });
}
