import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import type { SecondScreensTable } from '../../db/schema';

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;

export function createDevicesRepository(db: Db) {
  const pg = isPostgres(db);
  /** A device's rows on a site, newest first. */
  const deviceRows = (siteUid: string, deviceId: string) =>
    db
      .selectFrom('second_screens')
      .selectAll()
      .where('site_uid', '=', siteUid)
      .where('device_id', '=', deviceId)
      .orderBy('created_at', 'desc');

  return {
    /** The device's newest row. */
    findByDevice: (siteUid: string, deviceId: string) => deviceRows(siteUid, deviceId).executeTakeFirst(),

    /** Every row of the device (normally one: registering replaces the earlier ones). */
    listByDevice: (siteUid: string, deviceId: string) => deviceRows(siteUid, deviceId).execute(),

    findByCode: (siteUid: string, userCode: string) =>
      db
        .selectFrom('second_screens')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('user_code', '=', userCode)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),

    /** True when some row of any site still holds this code unexpired. */
    async codeInUse(userCode: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('second_screens')
        .select('id')
        .where('user_code', '=', userCode)
        .where('code_expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    findById: (siteUid: string, id: string) =>
      db
        .selectFrom('second_screens')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * Registers a device afresh: its earlier rows go. Returns the sessions (refresh-token families)
     * they handed out, for the caller to revoke (the device asks for a new sign-in), or null, with
     * nothing written, when the device's rows are no longer `expectedIds` (the ones the caller
     * authorized the replacement against: another registration came in between).
     */
    replaceDevice: (row: Insertable<SecondScreensTable>, expectedIds: readonly string[]) =>
      db.transaction().execute(async (trx) => {
        // Registrations of one device take turns (SQLite runs one writer at a time anyway), so the
        // read below sees what an earlier one committed.
        if (pg)
          await sql`select pg_advisory_xact_lock(hashtext(${`second-screen:${row.site_uid}:${row.device_id}`}))`.execute(
            trx,
          );
        const old = await trx
          .selectFrom('second_screens')
          .select(['id', 'family_id'])
          .where('site_uid', '=', row.site_uid)
          .where('device_id', '=', row.device_id)
          .execute();
        const expected = new Set(expectedIds);
        if (old.length !== expected.size || old.some((r) => !expected.has(r.id))) return null;
        if (old.length > 0)
          await trx
            .deleteFrom('second_screens')
            .where(
              'id',
              'in',
              old.map((r) => r.id),
            )
            .execute();
        await trx.insertInto('second_screens').values(row).execute();
        return old.flatMap((r) => (r.family_id ? [r.family_id] : []));
      }),

    recordPoll: (id: string, at: string, intervalS: number) =>
      db
        .updateTable('second_screens')
        .set({ last_polled_at: at, poll_interval_s: intervalS })
        .where('id', '=', id)
        .execute(),

    /** Marks an unactivated row activated by `userId`: true only for the caller that did it. */
    async activate(id: string, userId: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('second_screens')
        .set({ user_id: userId, activated_at: at })
        .where('id', '=', id)
        .where('activated_at', 'is', null)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /** Claims the one delivery of an activated row's session: true only for the caller that did it. */
    async claimDelivery(id: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('second_screens')
        .set({ delivered_at: at })
        .where('id', '=', id)
        .where('activated_at', 'is not', null)
        .where('delivered_at', 'is', null)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    setFamily: (id: string, familyId: string) =>
      db.updateTable('second_screens').set({ family_id: familyId }).where('id', '=', id).execute(),

    listActivated: (siteUid: string, userId: string) =>
      db
        .selectFrom('second_screens')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .where('activated_at', 'is not', null)
        .orderBy('activated_at', 'desc')
        .execute(),

    /**
     * Forgets the user's other activations of the same set (same hardware id on the site) and
     * returns the sessions they handed out, for the caller to revoke.
     */
    forgetOtherActivations: (
      row: Pick<SecondScreensTable, 'id' | 'site_uid' | 'hardware_id'>,
      userId: string,
    ) =>
      db.transaction().execute(async (trx) => {
        if (row.hardware_id === null) return [];
        const others = await trx
          .selectFrom('second_screens')
          .select(['id', 'family_id'])
          .where('site_uid', '=', row.site_uid)
          .where('user_id', '=', userId)
          .where('hardware_id', '=', row.hardware_id)
          .where('id', '!=', row.id)
          .execute();
        if (others.length > 0)
          await trx
            .deleteFrom('second_screens')
            .where(
              'id',
              'in',
              others.map((r) => r.id),
            )
            .execute();
        return others.flatMap((r) => (r.family_id ? [r.family_id] : []));
      }),

    /** Takes back an activation the device has not picked up yet. */
    deactivate: (id: string) =>
      db
        .updateTable('second_screens')
        .set({ user_id: null, activated_at: null })
        .where('id', '=', id)
        .where('delivered_at', 'is', null)
        .execute(),

    deleteDevice: (id: string) => db.deleteFrom('second_screens').where('id', '=', id).execute(),
  };
}
