import type { Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { UsersTable } from '../../db/schema';

export type ProfileRepository = ReturnType<typeof createProfileRepository>;

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function createProfileRepository(db: Db) {
  return {
    /** The site's users holding any of the roles (roles is a JSON array; the LIKEs only narrow the scan). */
    async findHolders(siteUid: string, roles: string[]): Promise<UsersTable[]> {
      if (roles.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where((eb) => eb.or(roles.map((role) => eb('roles', 'like', `%${JSON.stringify(role)}%`))))
        .execute();
      return rows.filter((r) => (JSON.parse(r.roles) as string[]).some((role) => roles.includes(role)));
    },

    /**
     * Writes the profile fields. With `nameChangedAt` set, the write only happens while the row's
     * name_changed_at is still `nameChangedAt.expected`, so two racing name changes cannot both pass
     * the 60-day rule. False when that guard failed.
     */
    async updateInfo(
      id: string,
      values: Updateable<UsersTable>,
      nameChangedAt?: { expected: string | null },
    ): Promise<boolean> {
      let query = db.updateTable('users').set(values).where('id', '=', id);
      if (nameChangedAt)
        query =
          nameChangedAt.expected === null
            ? query.where('name_changed_at', 'is', null)
            : query.where('name_changed_at', '=', nameChangedAt.expected);
      const res = await query.executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /** False when another account of the site already has the address. */
    async updateEmail(id: string, email: string): Promise<boolean> {
      try {
        await db.updateTable('users').set({ email }).where('id', '=', id).execute();
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    updatePassword: (id: string, passwordHash: string, at: string) =>
      db
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: at, password_expires_at: null })
        .where('id', '=', id)
        .execute(),

    /**
     * Records a deletion request unless one was recorded after `notBefore`; false when one was.
     * ISO-8601 UTC strings of one length compare in time order.
     */
    async claimDeletionRequest(id: string, at: string, notBefore: string): Promise<boolean> {
      const res = await db
        .updateTable('users')
        .set({ deletion_requested_at: at })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('deletion_requested_at', 'is', null), eb('deletion_requested_at', '<=', notBefore)]),
        )
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    setDeletionRequestedAt: (id: string, at: string | null) =>
      db.updateTable('users').set({ deletion_requested_at: at }).where('id', '=', id).execute(),

    /** Deletes the user; sessions, one-time codes, second screens and identities go with it (FK cascade). */
    async deleteUser(id: string): Promise<boolean> {
      const res = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return res.numDeletedRows > 0n;
    },
  };
}
