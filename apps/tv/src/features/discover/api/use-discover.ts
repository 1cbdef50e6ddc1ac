import { useApi } from '@marquee/api-client/react';
import { discoverQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';

/** GET /api/assets/{tabId}/discover. */
export function useDiscover(tabId: string | undefined) {
  return useQuery({ ...discoverQueryOptions(useApi(), tabId ?? ''), enabled: !!tabId });
}
