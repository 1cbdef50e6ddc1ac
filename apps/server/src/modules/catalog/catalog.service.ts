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
import {
  applyEngagement,
  engagementOf,
  noEngagement,
  videoUidsIn,
  type EngagementSource,
} from './viewer-engagement';

export type { CatalogViewer, EngagementSource, EpgWindow, OwnedScope, Paging, Recommender };
export type CatalogService = ReturnType<typeof createCatalogService>;

/** Catalog reads. Every method takes the resolved site uid and returns response objects. */
export function createCatalogService(deps: {
  repo: CatalogRepository;
  /** Wall clock in epoch ms (the context's `now`). */
  now: () => number;
  responseCache?: ResponseCache;
  recommender?: Recommender;
  /** The viewer's favorites and saved positions (context.ts wires the watch-list and progress stores). */
  engagement?: EngagementSource;
}) {
  const {
    responseCache = createResponseCache(),
    recommender = noRecommender,
    engagement = noEngagement,
  } = deps;
  const reads = createCatalogReads(deps);
  const rows = createChannelRows(reads, recommender);
  const guide = createLiveGuide(reads);
  const viewerEngagement = (viewer: CatalogViewer, site: string, videoUids: string[]) =>
    viewer.siteUid === site
      ? engagementOf(engagement, viewer.id, site, videoUids)
      : Promise.resolve(new Map<string, never>());
  return {
    /** Serialized responses of the read routes; clear it after bulk catalog writes (other processes rely on the TTL). */
    responseCache,
    /**
     * A signed-in viewer's engagement with these videos (only those they have any with), read in
     * one batch per response; none for a viewer of another site (decision 0076).
     */
    viewerEngagement,
    /** Puts the viewer's own fields on every Video of a fresh response value (other modules' reads). */
    async personalize<T>(value: T, viewer: CatalogViewer | null, site: string): Promise<T> {
      if (viewer) applyEngagement(value, await viewerEngagement(viewer, site, videoUidsIn(value)));
      return value;
    },
    ...createChannelReads(reads, rows),
    ...createTitleReads(reads, recommender),
    ...createLiveReads(reads, guide),
    ...createTabAssets(reads, rows, guide),
  };
}
