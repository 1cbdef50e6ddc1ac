import { discoverQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';

/** GET /api/assets/{tabId}/discover. */
export function useDiscover(tabId: string | undefined) {
  return useQuery({ ...discoverQueryOptions(useApi(), tabId ?? ''), enabled: !!tabId });
}
