import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { createQueryClient } from './query-client';

describe('the query cache of web and TV', () => {
  it('never retries a 4xx, retries a server failure, keeps data fresh 30 s and ignores focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries!;
    const retry = queries.retry as (count: number, error: unknown) => boolean;
    expect(retry(0, new ApiError(404, 'notFound', 'gone'))).toBe(false);
    expect(retry(0, new ApiError(503, 'unavailable', 'later'))).toBe(true);
    expect(queries.staleTime).toBe(30_000);
    expect(queries.refetchOnWindowFocus).toBe(false);
  });
});
