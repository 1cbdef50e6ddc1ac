import type { PartyTimeline } from '@marquee/contract';
import type { Db } from '../../db/database';
import type { WatchPartiesTable, WatchPartyMembersTable } from '../../db/schema';

export type WatchPartyRepository = ReturnType<typeof createWatchPartyRepository>;

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

/** The `watch_parties` and `watch_party_members` tables (decision 0046). */
export function createWatchPartyRepository(db: Db) {
  return {
    /** Inserts the party and its host as first member; false when the short code is taken (try another). */
    async create(party: WatchPartiesTable, host: WatchPartyMembersTable): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('watch_parties')
          .values(party)
          .onConflict((oc) => oc.columns(['site_uid', 'code']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await trx.insertInto('watch_party_members').values(host).execute();
        return true;
      });
    },

    find: (pid: string): Promise<WatchPartiesTable | undefined> =>
      db.selectFrom('watch_parties').selectAll().where('pid', '=', pid).executeTakeFirst(),

    findByCode: (siteUid: string, code: string): Promise<WatchPartiesTable | undefined> =>
      db
        .selectFrom('watch_parties')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('code', '=', code)
        .executeTakeFirst(),

    members: (pid: string): Promise<WatchPartyMembersTable[]> =>
      db
        .selectFrom('watch_party_members')
        .selectAll()
        .where('pid', '=', pid)
        .orderBy('joined_at')
        .orderBy('user_id')
        .execute(),

    member: (pid: string, userId: string): Promise<WatchPartyMembersTable | undefined> =>
      db
        .selectFrom('watch_party_members')
        .selectAll()
        .where('pid', '=', pid)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** Adds a member unless already there (a repeated `joined` changes nothing). */
    async addMember(row: WatchPartyMembersTable): Promise<void> {
      await db
        .insertInto('watch_party_members')
        .values(row)
        .onConflict((oc) => oc.columns(['pid', 'user_id']).doNothing())
        .execute();
    },

    /** Moves the party from one of `from` to `to`; false when it was in none of them (a race lost). */
    async setState(pid: string, from: string[], to: string, tl?: PartyTimeline): Promise<boolean> {
      const result = await db
        .updateTable('watch_parties')
        .set({
          state: to,
          ...(tl
            ? { tl_seq: tl.seq, tl_at: tl.at, tl_position: tl.position, tl_playing: tl.playing ? 1 : 0 }
            : {}),
        })
        .where('pid', '=', pid)
        .where('state', 'in', from)
        .executeTakeFirst();
      return changed(result);
    },

    /** Hands the party from `fromHost` to `toHost`; false when the host was no longer `fromHost`. */
    async setHost(pid: string, fromHost: string, toHost: string): Promise<boolean> {
      const result = await db
        .updateTable('watch_parties')
        .set({ host_id: toHost, host_dropped_at: null })
        .where('pid', '=', pid)
        .where('host_id', '=', fromHost)
        .where('state', '!=', 'ended')
        .executeTakeFirst();
      return changed(result);
    },

    /**
     * Stores the host's timeline if it is newer than the stored one (by seq, then at) and `hostId`
     * still hosts an active party: late, repeated and out-of-order messages change nothing.
     */
    async writeTimeline(pid: string, hostId: string, tl: PartyTimeline): Promise<boolean> {
      const result = await db
        .updateTable('watch_parties')
        .set({ tl_seq: tl.seq, tl_at: tl.at, tl_position: tl.position, tl_playing: tl.playing ? 1 : 0 })
        .where('pid', '=', pid)
        .where('host_id', '=', hostId)
        .where('state', '=', 'active')
        .where((eb) =>
          eb.or([eb('tl_seq', '<', tl.seq), eb.and([eb('tl_seq', '=', tl.seq), eb('tl_at', '<', tl.at)])]),
        )
        .executeTakeFirst();
      return changed(result);
    },

    async setHostDropped(pid: string, hostId: string, at: number | null): Promise<void> {
      await db
        .updateTable('watch_parties')
        .set({ host_dropped_at: at })
        .where('pid', '=', pid)
        .where('host_id', '=', hostId)
        .execute();
    },

    /** One more (or one fewer) open socket of a member, on any node; answers the new count. */
    async addSocket(pid: string, userId: string, delta: 1 | -1): Promise<number> {
      await db
        .updateTable('watch_party_members')
        .set((eb) => ({
          sockets: delta > 0 ? eb('sockets', '+', 1) : eb('sockets', '-', 1),
          ...(delta > 0 ? { mismatches: 0 } : {}),
        }))
        .where('pid', '=', pid)
        .where('user_id', '=', userId)
        .where('sockets', delta > 0 ? '>=' : '>', 0)
        .execute();
      const row = await db
        .selectFrom('watch_party_members')
        .select('sockets')
        .where('pid', '=', pid)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.sockets ?? 0;
    },

    async setMember(
      pid: string,
      userId: string,
      set: Partial<Pick<WatchPartyMembersTable, 'ready' | 'mismatches'>>,
    ): Promise<void> {
      await db
        .updateTable('watch_party_members')
        .set(set)
        .where('pid', '=', pid)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}
