import { discoverQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The discover rows of a tab (GET /api/assets/{tabId}/discover). */
export function useDiscover(tabId: string | undefined) {
  return useQuery({ ...discoverQueryOptions(api, tabId ?? ''), enabled: !!tabId });
}
