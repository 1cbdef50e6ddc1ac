import { liveEventsAssetQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A live-events tab's listed events (GET /v2/sites/{site}/assets/{id}/live, every page). */
export function useLiveEvents(tabId: string) {
  return useQuery(liveEventsAssetQueryOptions(api, tabId));
}
