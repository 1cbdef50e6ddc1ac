import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { UserIdentitiesTable, UsersTable } from '../../db/schema';

export type SocialRepository = ReturnType<typeof createSocialRepository>;

export function createSocialRepository(db: Db) {
  return {
    /** The user linked to the provider's subject on the site. */
    findUserByIdentity: (siteUid: string, provider: string, subject: string) =>
      db
        .selectFrom('user_identities')
        .innerJoin('users', 'users.id', 'user_identities.user_id')
        .selectAll('users')
        .where('user_identities.site_uid', '=', siteUid)
        .where('user_identities.provider', '=', provider)
        .where('user_identities.subject', '=', subject)
        .executeTakeFirst(),
    /** Inserts the user unless the site already has one with that e-mail (a concurrent login). */
    insertUserIfNew: (row: Insertable<UsersTable>) =>
      db
        .insertInto('users')
        .values(row)
        .onConflict((oc) => oc.columns(['site_uid', 'email']).doNothing())
        .execute(),
    /** Links the identity; an existing link (a concurrent login) is kept. */
    linkIdentity: (row: UserIdentitiesTable) =>
      db
        .insertInto('user_identities')
        .values(row)
        .onConflict((oc) => oc.columns(['site_uid', 'provider', 'subject']).doNothing())
        .execute(),
  };
}
