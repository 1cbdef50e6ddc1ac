import { ApiError, commerceQueryKey } from '@marquee/api-client';
import { api } from '../../../lib/api';

/** Every purchases query sits under the commerce key, so a checkout anywhere refreshes them. */
export const purchasesKey = (...rest: Array<string | number | null>) =>
  [...commerceQueryKey(api), 'purchases', ...rest] as const;

/** Client errors (404, 409…) are answers, not hiccups: not retried. */
export const noClientErrorRetry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.isClientError) && count < 1;
