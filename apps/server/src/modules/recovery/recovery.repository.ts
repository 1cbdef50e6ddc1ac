import type { Db } from '../../db/database';
import type { OneTimeCodesTable } from '../../db/schema';

export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;

export type CodeKind = 'reset' | 'autologin' | 'passcode';

/** A user's new password state: what a reset, a forced reset or an autologin password sets. */
export type PasswordUpdate = { userId: string; passwordHash: string; at: string };

export function createRecoveryRepository(db: Db) {
  /** Sets the password and clears the lock and the expiry (the service then ends the user's sessions through auth). */
  async function setPassword(trx: Db, { userId, passwordHash, at }: PasswordUpdate) {
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        password_changed_at: at,
        password_expires_at: null,
        locked_at: null,
      })
      .where('id', '=', userId)
      .execute();
  }

  return {
    insertCode: (row: OneTimeCodesTable) => db.insertInto('one_time_codes').values(row).execute(),

    /** A code of `kind` that is neither spent nor expired at `at`. */
    findLiveCode: (kind: CodeKind, codeHash: string, at: string) =>
      db
        .selectFrom('one_time_codes')
        .selectAll()
        .where('code_hash', '=', codeHash)
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst(),

    /** Whether the site has a code of `kind` with this hash whose expiry has passed at `at`. */
    hasExpiredCode: async (kind: CodeKind, codeHash: string, siteUid: string, at: string) =>
      !!(await db
        .selectFrom('one_time_codes')
        .select('code_hash')
        .where('code_hash', '=', codeHash)
        .where('kind', '=', kind)
        .where('site_uid', '=', siteUid)
        .where('expires_at', '<=', at)
        .executeTakeFirst()),

    /** Drops the user's unspent codes of `kind` (a new reset request voids the older links). */
    deleteUnusedCodes: (userId: string, kind: CodeKind) =>
      db
        .deleteFrom('one_time_codes')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .execute(),

    /** Spends a live code once: true only for the one caller that set used_at. */
    async spendCode(id: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('one_time_codes')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    setPassword: (update: PasswordUpdate) => db.transaction().execute((trx) => setPassword(trx, update)),

    /**
     * Spends the code and sets the password in one transaction, so a code resets at most once even
     * under concurrent requests. False (and nothing changed) when the code was already spent or expired.
     */
    spendCodeAndSetPassword: (codeId: string, update: PasswordUpdate) =>
      db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('one_time_codes')
          .set({ used_at: update.at })
          .where('id', '=', codeId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', update.at)
          .executeTakeFirst();
        if (res.numUpdatedRows === 0n) return false;
        await setPassword(trx, update);
        return true;
      }),
  };
}
