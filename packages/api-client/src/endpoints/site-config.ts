import { queryOptions } from '@tanstack/react-query';
import type { SiteConfig } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

/** GET /v2/sites/{site}/config: branding, flags, pages and tabs. */
export function getSiteConfig(api: ApiClient, signal?: AbortSignal) {
  return api.get<SiteConfig>(sitePath(api.site, 'config'), { signal });
}

export function siteConfigQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.siteConfig(api),
    queryFn: ({ signal }) => getSiteConfig(api, signal),
    staleTime: 5 * 60_000,
  });
}
