import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { RefreshTokensTable, UsersTable } from '../../db/schema';

export type AuthRepository = ReturnType<typeof createAuthRepository>;

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
    insertUser: (row: Insertable<UsersTable>) => db.insertInto('users').values(row).execute(),

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
  };
}
