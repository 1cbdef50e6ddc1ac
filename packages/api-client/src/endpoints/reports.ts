import { queryOptions } from '@tanstack/react-query';
import type { CreateReportBody, ModerationResult, Report, ReportedItemPage } from '@marquee/contract';
import type { ReportKind } from '@marquee/domain';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

// Reports of viewers' moments and gifs, and staff moderation (decision 0054).

/** What staff do to a reported item. */
export type ModerationAction = 'hide' | 'unhide' | 'dismiss';

export const reportedItemsQueryKey = (api: ApiClient) => [...queryKeys.all(api), 'reported-items'] as const;

/** POST /v2/sites/{site}/reports (login; 409 alreadyReported for a second report of the item). */
export function reportItem(api: ApiClient, body: CreateReportBody) {
  return api.request<Report>('POST', sitePath(api.site, 'reports'), { body });
}

/** GET moderation/reports?page: the reported items, the most recently reported first (staff). */
export function reportedItemsQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...reportedItemsQueryKey(api), page] as const,
    queryFn: ({ signal }) =>
      api.get<ReportedItemPage>(sitePath(api.site, 'moderation', 'reports'), { query: { page }, signal }),
  });
}

/** POST moderation/{kind}/{itemId}/{hide|unhide|dismiss} (staff). */
export function moderateItem(api: ApiClient, kind: ReportKind, itemId: string, action: ModerationAction) {
  return api.request<ModerationResult>('POST', sitePath(api.site, 'moderation', kind, itemId, action));
}
