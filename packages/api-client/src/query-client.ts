import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './errors';

/** The query cache of web and TV: a 4xx is never retried, no refetch on focus, data fresh for 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}
