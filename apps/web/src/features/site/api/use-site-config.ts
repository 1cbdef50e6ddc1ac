import { siteConfigQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The site's configuration: theme, pages and tabs, flags (GET /v2/sites/{site}/config). */
export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions(api));
}
