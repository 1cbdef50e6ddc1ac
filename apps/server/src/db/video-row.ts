import type { Insertable } from 'kysely';
import type { VideosTable } from './schema';

/**
 * A new video row with every defaulted column spelled out. Multi-row inserts on SQLite turn a
 * missing column into NULL rather than its default, so rows are always complete.
 */
export function newVideoRow(
  siteUid: string,
  uid: string,
  over: Partial<Insertable<VideosTable>> & Pick<Insertable<VideosTable>, 'title' | 'published_at'>,
): Insertable<VideosTable> {
  return {
    site_uid: siteUid,
    uid,
    type: 'video',
    description: '',
    channel_id: null,
    asset_id: null,
    access_type: 'public',
    status: 'public',
    duration_s: 0,
    tags: '[]',
    view_count: 0,
    like_count: 0,
    favorites_count: 0,
    hybrid_paywall: 0,
    without_ads: 0,
    ...over,
  };
}
