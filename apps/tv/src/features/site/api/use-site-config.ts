import { useApi } from '@marquee/api-client/react';
import { siteConfigQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';

/** GET /v2/sites/{site}/config. */
export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions(useApi()));
}
