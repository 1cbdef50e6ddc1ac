import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { RefreshTokensTable, UsersTable } from '../../db/schema';

export type AuthRepository = ReturnType<typeof createAuthRepository>;

/** Per refresh-token family (a session): when it last refreshed, and whether a usable token is left. */
export type FamilyState = { familyId: string; lastSeenAt: string; live: boolean };

export function createAuthRepository(db: Db) {
  return {
    findUserByEmail: (siteUid: string, email: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('email', '=', email)
        .executeTakeFirst(),
    findUserById: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    /** An operator's lock or a compromise signal (never wrong passwords, decision 0006). */
    lockUser: (id: string, at: string) =>
      db
        .updateTable('users')
        .set({ locked_at: at })
        .where('id', '=', id)
        .where('locked_at', 'is', null)
        .execute(),
    insertUser: (row: Insertable<UsersTable>) => db.insertInto('users').values(row).execute(),
    acceptTerms: (id: string, at: string) =>
      db.updateTable('users').set({ terms_accepted_at: at }).where('id', '=', id).execute(),

    insertRefreshToken: (row: Insertable<RefreshTokensTable>) =>
      db.insertInto('refresh_tokens').values(row).execute(),
    findRefreshToken: (tokenHash: string) =>
      db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),
    /** Spends a token once: true only for the caller that set used_at. */
    async markUsed(id: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('refresh_tokens')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },
    setReplacedBy: (id: string, replacedBy: string) =>
      db.updateTable('refresh_tokens').set({ replaced_by: replacedBy }).where('id', '=', id).execute(),
    revokeFamily: (familyId: string, at: string) =>
      db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute(),
    /** Revokes every live family of the user, but `exceptFamily` when given; answers their ids. */
    async revokeUserFamilies(userId: string, at: string, exceptFamily?: string): Promise<string[]> {
      let query = db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptFamily) query = query.where('family_id', '!=', exceptFamily);
      const rows = await query.returning('family_id').execute();
      return [...new Set(rows.map((r) => r.family_id))];
    },
    setRoles: (id: string, roles: string[]) =>
      db
        .updateTable('users')
        .set({ roles: JSON.stringify(roles) })
        .where('id', '=', id)
        .execute(),

    /** Per family: when it last got a token, and whether a token is neither revoked nor expired at `now`. */
    async familyStates(familyIds: string[], now: string): Promise<FamilyState[]> {
      if (familyIds.length === 0) return [];
      const rows = await db
        .selectFrom('refresh_tokens')
        .select((eb) => [
          'family_id',
          eb.fn.max('created_at').as('last_seen'),
          eb.fn
            .sum<number | string>(
              eb
                .case()
                .when(eb.and([eb('revoked_at', 'is', null), eb('expires_at', '>', now)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('live'),
        ])
        .where('family_id', 'in', familyIds)
        .groupBy('family_id')
        .execute();
      return rows.map((r) => ({
        familyId: r.family_id,
        lastSeenAt: String(r.last_seen),
        live: Number(r.live) > 0,
      }));
    },
  };
}
