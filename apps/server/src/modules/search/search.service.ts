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
import { createSearchCache, type SearchCache } from './search-cache';
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
 * decision 0013). Types the site's search options switch off are never searched. Answers are the
 * same for every viewer, so they are kept serialized and reused while the site's search version
 * (migration 0038) is unchanged (decision 0084); `cache: null` answers every call from the database.
 */
export function createSearchService(deps: {
  repo: SearchRepository;
  now: () => number;
  cache?: SearchCache | null;
}) {
  const { repo, now } = deps;
  const cache = deps.cache === undefined ? createSearchCache() : deps.cache;

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

  /** Per site: the instant its answers may next change with no write (a scheduled publish time). */
  const horizons = new Map<string, { version: number; from: number; until: number }>();
  async function horizon(siteUid: string, version: number): Promise<number> {
    const at = now();
    const known = horizons.get(siteUid);
    // A clock set back (from) is asked again too.
    if (known && known.version === version && known.from <= at && at < known.until) return known.until;
    const next = await repo.nextPublish(siteUid, new Date(at).toISOString());
    const until = next === null ? Number.MAX_SAFE_INTEGER : Date.parse(next);
    horizons.set(siteUid, { version, from: at, until });
    return until;
  }

  /**
   * The answer as JSON bytes. The key names everything the answer depends on: the site, its search
   * version (read first, so an answer computed across a write is filed under the older version),
   * the next scheduled publish time (past it, "published by now" lets in more), the site's settings
   * that shape a search, and the call's parameters.
   */
  async function answer(site: Site, call: unknown[], compute: () => Promise<unknown>): Promise<Buffer> {
    if (!cache) return Buffer.from(JSON.stringify(await compute()));
    const version = await repo.version(site.uid);
    const until = await horizon(site.uid, version);
    const key = JSON.stringify([
      site.uid,
      version,
      until,
      site.searchOptions,
      site.perms.hideComments,
      ...call,
    ]);
    const hit = cache.get(key, now());
    if (hit) return hit;
    const body = Buffer.from(JSON.stringify(await compute()));
    cache.set(key, body, now());
    return body;
  }

  return {
    /** GET /v2/sites/{site}/videos-search: `{ data, meta: { total } }`. */
    videosSearch(site: Site, query: VideosSearchQuery): Promise<Buffer> {
      const { q, type, page, limit, sort, publishedWithin } = query;
      return answer(site, ['videos-search', q, type, page, limit, sort, publishedWithin], async () => {
        const { hits, total } = await search(site, q, type, query);
        return { data: hits, meta: { total } } satisfies VideosSearchResponse;
      });
    },

    /** GET /v2/sites/{site}/search/{type}: the spec's Search result with hasMore (§7). */
    find(site: Site, type: SearchType, query: SearchQuery): Promise<Buffer> {
      const { search: q, page, limit, sort, publishedWithin } = query;
      return answer(site, ['search', type, q, page, limit, sort, publishedWithin], async () => {
        const { hits, total } = await search(site, q, type, query);
        return {
          q,
          hasMore: searchHasMore(page, limit, total),
          hits,
          page,
          total,
          type,
        } satisfies SearchResult;
      });
    },
  };
}
