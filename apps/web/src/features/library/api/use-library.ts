import { ApiError, libraryInfiniteQueryOptions } from '@marquee/api-client';
import type { LibraryType } from '@marquee/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const noClientErrorRetry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.isClientError) && count < 1;

/** One tab of the signed-in viewer's library, page by page (10 a page). */
export function useLibrary(userId: string | null, type: LibraryType) {
  return useInfiniteQuery({
    ...libraryInfiniteQueryOptions(api, userId, type),
    enabled: userId !== null,
    retry: noClientErrorRetry,
  });
}
