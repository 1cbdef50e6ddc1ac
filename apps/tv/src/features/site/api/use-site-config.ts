import { siteConfigQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';

/** GET /v2/sites/{site}/config. */
export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions(useApi()));
}
