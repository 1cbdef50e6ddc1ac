import { queryOptions } from '@tanstack/react-query';
import type { ShortLinks } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

/**
 * POST /v2/sites/{site}/short-links {path}: one `/s/{code}` per share target, the same ones every
 * time (decision 0049), so asking is safe to cache like a read.
 */
export function shortLinksQueryOptions(api: ApiClient, path: string) {
  return queryOptions({
    queryKey: [...queryKeys.all(api), 'short-links', path] as const,
    queryFn: () => api.request<ShortLinks>('POST', sitePath(api.site, 'short-links'), { body: { path } }),
    staleTime: Infinity,
    retry: false,
  });
}
