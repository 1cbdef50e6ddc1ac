import type { Db } from '../../db/database';

export type PlaybackRepository = ReturnType<typeof createPlaybackRepository>;

/**
 * The rows playback reads: videos, their assets and content keys, live channels with their EPG, and
 * the bundles that sell them. What a user holds comes from the entitlements service.
 */
export function createPlaybackRepository(db: Db) {
  return {
    findVideo: (siteUid: string, uid: string) =>
      db
        .selectFrom('videos')
        .select([
          'site_uid',
          'uid',
          'type',
          'channel_id',
          'asset_id',
          'access_type',
          'status',
          'live_event',
          'owner_user_id',
          'without_ads',
          'series_uid',
        ])
        .where('site_uid', '=', siteUid)
        .where('uid', '=', uid)
        .executeTakeFirst(),

    /** The distinct `sourceType`s of a site's live events (the source map; decision 0059). */
    async findLiveSourceTypes(siteUid: string): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('live_event')
        .where('site_uid', '=', siteUid)
        .where('type', '=', 'liveEvent')
        .where('live_event', 'like', '%sourceType%')
        .execute();
      const types = new Set<string>();
      for (const { live_event } of rows) {
        try {
          const parsed = JSON.parse(live_event ?? 'null') as { sourceType?: unknown } | null;
          if (typeof parsed?.sourceType === 'string') types.add(parsed.sourceType);
        } catch {
          // A malformed row plays nothing from a provider.
        }
      }
      return [...types];
    },

    findAsset: (id: string) =>
      db
        .selectFrom('media_assets')
        .select(['id', 'site_uid', 'status', 'duration_s', 'renditions', 'segment_seconds'])
        .where('id', '=', id)
        .executeTakeFirst(),

    findLiveChannel: (siteUid: string, id: string) =>
      db
        .selectFrom('live_channels')
        .select(['site_uid', 'id', 'access_type', 'preview_minutes', 'epg_repeat_hours'])
        .where('site_uid', '=', siteUid)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The channel's whole EPG with each entry's asset, by start. */
    findSchedule: (siteUid: string, channelId: string) =>
      db
        .selectFrom('epg_entries as e')
        .innerJoin('media_assets as a', 'a.id', 'e.asset_id')
        .select(['e.start', 'e.stop', 'e.asset_id', 'a.duration_s', 'a.renditions', 'a.status'])
        .where('e.site_uid', '=', siteUid)
        .where('e.live_channel_id', '=', channelId)
        .orderBy('e.start')
        .execute(),

    /** Enabled, not deleted bundles of the site; the service picks the ones that unlock an item. */
    findBundles: (siteUid: string) =>
      db
        .selectFrom('bundles')
        .select([
          'id',
          'type',
          'plan_type',
          'preorder_date',
          'channels',
          'live_channels',
          'video_uids',
          'passcode',
        ])
        .where('site_uid', '=', siteUid)
        .where('enabled', '=', 1)
        .where('is_deleted', '=', 0)
        .execute(),

    /** The AES-128 key and IV of an encrypted asset (decision 0024); undefined when it is not encrypted. */
    /** An asset with its renditions parsed (the gif job cuts from one). */
    async findAssetSource(id: string) {
      const row = await db
        .selectFrom('media_assets')
        .select(['id', 'status', 'duration_s', 'renditions'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const renditions = (JSON.parse(row.renditions) as { width: number; playlist: string }[]).map(
        ({ width, playlist }) => ({ width, playlist }),
      );
      return { id: row.id, status: row.status, duration_s: row.duration_s, renditions };
    },

    findAssetKey: (assetId: string) =>
      db
        .selectFrom('media_asset_keys')
        .select(['key_hex', 'iv_hex', 'kid_hex'])
        .where('asset_id', '=', assetId)
        .executeTakeFirst(),
  };
}
