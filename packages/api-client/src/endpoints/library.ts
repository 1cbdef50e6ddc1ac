import type { LibraryType, Paginated, Series, Video } from '@marquee/contract';
import { PageSize } from '@marquee/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiPath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

/** A library page: Movie cards for type movies, Series cards for type series (decision 0030). */
export type LibraryPageOf<T extends LibraryType> = Paginated<T extends 'series' ? Series : Video>;

/** Every library query of a client starts with this key; `userId` keeps one viewer's from the next. */
export function libraryQueryKey(api: ApiClient, userId?: string | null, type?: LibraryType) {
  const base = [...queryKeys.all(api), 'library'] as const;
  if (userId === undefined) return base;
  return type === undefined ? ([...base, userId] as const) : ([...base, userId, type] as const);
}

/** GET /v2/me/sites/{site}/library?type&page&pageSize: one zero-based page (10 by default). */
export function getLibraryPage<T extends LibraryType>(
  api: ApiClient,
  type: T,
  page: number,
  signal?: AbortSignal,
) {
  return api.get<LibraryPageOf<T>>(apiPath('v2', 'me', 'sites', api.site, 'library'), {
    query: { type, page, pageSize: PageSize.library },
    signal,
  });
}

/** The library tab's pages, loaded one after the other ("Load more"). */
export function libraryInfiniteQueryOptions<T extends LibraryType>(
  api: ApiClient,
  userId: string | null,
  type: T,
) {
  return infiniteQueryOptions({
    queryKey: libraryQueryKey(api, userId, type),
    queryFn: ({ pageParam, signal }) => getLibraryPage(api, type, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: LibraryPageOf<T>) => last.next_page ?? undefined,
  });
}
