import { queryOptions } from '@tanstack/react-query';
import type { Channel, Paginated } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';
import { PAGE_SIZE, type PageQuery } from '../types';

/** GET /v2/sites/{site}/channels (paginated). */
export function getChannels(
  api: ApiClient,
  { page = 0, pageSize = PAGE_SIZE.channels }: PageQuery = {},
  signal?: AbortSignal,
) {
  return api.get<Paginated<Channel>>(sitePath(api.site, 'channels'), { query: { page, pageSize }, signal });
}

export function channelsQueryOptions(
  api: ApiClient,
  { page = 0, pageSize = PAGE_SIZE.channels }: PageQuery = {},
) {
  return queryOptions({
    queryKey: queryKeys.channels(api, page, pageSize),
    queryFn: ({ signal }) => getChannels(api, { page, pageSize }, signal),
    staleTime: 5 * 60_000,
  });
}
