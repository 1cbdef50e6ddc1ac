import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Channels, live channels with their EPG, and tabs: the site's structure, as plain rows. */
export function createChannelQueries(db: Db) {
  return {
    findChannel: (siteUid: string, id: string) =>
      db
        .selectFrom('channels')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('id', '=', id)
        .executeTakeFirst(),

    listChannels: (siteUid: string, ids: string[] | null, offset: number, limit: number) => {
      let q = db.selectFrom('channels').selectAll().where('site_uid', '=', siteUid);
      if (ids) q = ids.length ? q.where('id', 'in', ids) : q.where(sql<boolean>`1 = 0`);
      return q.orderBy('position').orderBy('id').offset(offset).limit(limit).execute();
    },

    async countChannels(siteUid: string, ids: string[] | null): Promise<number> {
      let q = db.selectFrom('channels').where('site_uid', '=', siteUid);
      if (ids) q = ids.length ? q.where('id', 'in', ids) : q.where(sql<boolean>`1 = 0`);
      const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    listLiveChannels: (siteUid: string, ids: string[] | null) => {
      let q = db.selectFrom('live_channels').selectAll().where('site_uid', '=', siteUid);
      if (ids) q = ids.length ? q.where('id', 'in', ids) : q.where(sql<boolean>`1 = 0`);
      return q.orderBy('channel_num').orderBy('id').execute();
    },

    findLiveChannel: (siteUid: string, id: string) =>
      db
        .selectFrom('live_channels')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** EPG entries of the given live channels overlapping [from, to), by channel and start. */
    epgEntries: (siteUid: string, channelIds: string[], from: string, to: string) =>
      channelIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('epg_entries')
            .selectAll()
            .where('site_uid', '=', siteUid)
            .where('live_channel_id', 'in', channelIds)
            .where('start', '<', to)
            .where('stop', '>', from)
            .orderBy('live_channel_id')
            .orderBy('start')
            .execute(),

    /** The whole written EPG of one live channel, by start (a repeating guide's cycle is in it). */
    epgSchedule: (siteUid: string, channelId: string) =>
      db
        .selectFrom('epg_entries')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('live_channel_id', '=', channelId)
        .orderBy('start')
        .execute(),

    findTab: (siteUid: string, id: string) =>
      db
        .selectFrom('tabs')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}
