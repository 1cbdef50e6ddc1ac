import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { MediaAssetsTable, VideosTable } from '../db/schema';

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

    /** Inserts the asset and, when given, its video in one transaction: both or neither. */
    publish: (asset: Insertable<MediaAssetsTable>, video?: Insertable<VideosTable>) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('media_assets').values(asset).execute();
        if (video) await trx.insertInto('videos').values(video).execute();
      }),
  };
}
