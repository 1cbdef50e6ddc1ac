import { PageSize, QUEUE_TYPES } from '@marquee/domain';
import { z } from 'zod';
import { SiteIdParams, Video } from './catalog';
import { pagingQuery } from './common';

/**
 * The watch screen's queue (playback-and-social §3 Queue, §7 queue loaders; decision 0062):
 * GET /v2/sites/{site}/queues/{type}/{id} for the catalog's ten loaders and
 * GET /v2/me/sites/{site}/queues/watch-list for the viewer's watch list.
 */
export const QueueType = z.enum(QUEUE_TYPES);
export type QueueType = z.infer<typeof QueueType>;

/** The loaders served under /v2/sites/{site}/queues: every one but the watch list (the viewer's own). */
export const CatalogQueueType = z.enum(
  QUEUE_TYPES.filter((t) => t !== 'watchList') as [QueueType, ...QueueType[]],
);
export type CatalogQueueType = z.infer<typeof CatalogQueueType>;

export const QueueParams = SiteIdParams.extend({ type: CatalogQueueType });
export type QueueParams = z.infer<typeof QueueParams>;

/** Zero-based pages of 20 ("Queue page size … 20 otherwise"); up to 100 on request. */
export const QueueQuery = pagingQuery(PageSize.queue);
export type QueueQuery = z.infer<typeof QueueQuery>;

/** §3 "Queue: id, type, items, page, totalPages, hasMore". `page` is zero-based. */
export const Queue = z
  .object({
    id: z.string(),
    type: QueueType,
    items: z.array(Video),
    page: z.number().int(),
    totalPages: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'Queue' });
export type Queue = z.infer<typeof Queue>;
