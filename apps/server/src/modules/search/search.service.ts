import type {
  SearchHit,
  SearchQuery,
  SearchResult,
  SearchType,
  VideosSearchQuery,
  VideosSearchResponse,
} from '@marquee/contract';
import {
  assetThumbnails,
  bestThumbnail,
  parseSearchSort,
  publishedSince,
  searchedTypes,
  searchHasMore,
  searchTerms,
  searchTypeOfVideo,
  VIDEO_TYPE_OF,
} from '@marquee/domain';
import type { Site } from '../sites';
import type { SearchRepository, SearchRow } from './search.repository';

export type SearchService = ReturnType<typeof createSearchService>;

type Paging = Pick<VideosSearchQuery, 'page' | 'limit' | 'sort' | 'publishedWithin'>;

function json<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function toHit(row: SearchRow): SearchHit {
  const available = row.asset_id ? assetThumbnails(row.asset_id, json(row.asset_thumbnails, {})) : {};
  const le = json<{ start?: unknown; ended?: unknown; sourceType?: unknown } | null>(row.live_event, null);
  return {
    id: row.uid,
    uid: row.uid,
    title: row.title,
    description: row.description,
    thumbnail: bestThumbnail(available)?.url ?? row.poster ?? null,
    start: le && typeof le.start === 'string' ? le.start : null,
    ended: le ? le.ended === true : null,
    sourceType: le && typeof le.sourceType === 'string' ? le.sourceType : null,
    searchType:
      row.kind === 'moment'
        ? 'moments'
        : row.kind === 'series'
          ? 'series'
          : (searchTypeOfVideo(row.type) ?? 'videos'),
    publishedDate: row.published_at,
    channel: row.channel_id,
    seriesUid: row.series_uid,
    moment: row.moment ? { _id: row.moment.id, timemarker: row.moment.timemarker } : null,
  };
}

/**
 * Site-scoped full-text search over published, public content (discovery-and-site §2.4, §7;
 * decision 0013). Types the site's search options switch off are never searched.
 */
export function createSearchService(deps: { repo: SearchRepository; now: () => number }) {
  const { repo, now } = deps;

  async function search(site: Site, q: string, type: SearchType, p: Paging) {
    const types = searchedTypes(type, site.searchOptions);
    const at = new Date(now());
    const filter = {
      siteUid: site.uid,
      terms: searchTerms(q),
      videoTypes: types.flatMap((t) => (t === 'series' || t === 'moments' ? [] : [VIDEO_TYPE_OF[t]])),
      includeSeries: types.includes('series'),
      // Comments a site hides are not found either.
      includeMoments: types.includes('moments') && !site.perms.hideComments,
      now: at.toISOString(),
      since: p.publishedWithin ? publishedSince(p.publishedWithin, at).toISOString() : null,
    };
    const order = p.sort ? parseSearchSort(p.sort) : null;
    const { rows, total } = await repo.search(filter, order, p.page * p.limit, p.limit);
    return { hits: rows.map(toHit), total };
  }

  return {
    /** GET /v2/sites/{site}/videos-search: `{ data, meta: { total } }`. */
    async videosSearch(site: Site, query: VideosSearchQuery): Promise<VideosSearchResponse> {
      const { hits, total } = await search(site, query.q, query.type, query);
      return { data: hits, meta: { total } };
    },

    /** GET /v2/sites/{site}/search/{type}: the spec's Search result with hasMore (§7). */
    async find(site: Site, type: SearchType, query: SearchQuery): Promise<SearchResult> {
      const { hits, total } = await search(site, query.search, type, query);
      return {
        q: query.search,
        hasMore: searchHasMore(query.page, query.limit, total),
        hits,
        page: query.page,
        total,
        type,
      };
    },
  };
}
