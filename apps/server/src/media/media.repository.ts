import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { MediaAssetKeysTable, MediaAssetsTable, VideosTable } from '../db/schema';

export type MediaRepository = ReturnType<typeof createMediaRepository>;

/** Reads and writes of media_assets, plus the lookups ingest checks before it spends CPU. */
export function createMediaRepository(db: Db) {
  return {
    siteExists: async (siteUid: string) =>
      !!(await db.selectFrom('sites').select('uid').where('uid', '=', siteUid).executeTakeFirst()),
    channelExists: async (siteUid: string, channelId: string) =>
      !!(await db
        .selectFrom('channels')
        .select('id')
        .where('site_uid', '=', siteUid)
        .where('id', '=', channelId)
        .executeTakeFirst()),
    videoExists: async (siteUid: string, uid: string) =>
      !!(await db
        .selectFrom('videos')
        .select('uid')
        .where('site_uid', '=', siteUid)
        .where('uid', '=', uid)
        .executeTakeFirst()),
    findAsset: (id: string) =>
      db.selectFrom('media_assets').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Inserts the asset and, when given, its video and content key in one transaction: all or none. */
    publish: (
      asset: Insertable<MediaAssetsTable>,
      video?: Insertable<VideosTable>,
      key?: Insertable<MediaAssetKeysTable>,
    ) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('media_assets').values(asset).execute();
        if (key) await trx.insertInto('media_asset_keys').values(key).execute();
        if (video) await trx.insertInto('videos').values(video).execute();
      }),
    /** Whether the asset has a content key (an encrypted asset whose key is gone cannot play). */
    hasKey: async (assetId: string) =>
      !!(await db
        .selectFrom('media_asset_keys')
        .select('asset_id')
        .where('asset_id', '=', assetId)
        .executeTakeFirst()),
  };
}
