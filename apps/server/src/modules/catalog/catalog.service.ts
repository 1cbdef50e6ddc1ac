import { createResponseCache, type ResponseCache } from './response-cache';
import type { CatalogRepository, OwnedScope } from './catalog.repository';
import { createCatalogReads, type Paging } from './catalog-reads';
import {
  createChannelReads,
  createChannelRows,
  noRecommender,
  type CatalogViewer,
  type Recommender,
} from './channel-reads';
import { createLiveGuide, createLiveReads, type EpgWindow } from './live-reads';
import { createTabAssets } from './tab-assets';
import { createTitleReads } from './title-reads';

export type { CatalogViewer, EpgWindow, OwnedScope, Paging, Recommender };
export type CatalogService = ReturnType<typeof createCatalogService>;

/** Catalog reads. Every method takes the resolved site uid and returns response objects. */
export function createCatalogService(deps: {
  repo: CatalogRepository;
  /** Wall clock in epoch ms (the context's `now`). */
  now: () => number;
  responseCache?: ResponseCache;
  recommender?: Recommender;
}) {
  const { responseCache = createResponseCache(), recommender = noRecommender } = deps;
  const reads = createCatalogReads(deps);
  const rows = createChannelRows(reads, recommender);
  const guide = createLiveGuide(reads);
  return {
    /** Serialized responses of the read routes; clear it after bulk catalog writes (other processes rely on the TTL). */
    responseCache,
    ...createChannelReads(reads, rows),
    ...createTitleReads(reads, recommender),
    ...createLiveReads(reads, guide),
    ...createTabAssets(reads, rows, guide),
  };
}
