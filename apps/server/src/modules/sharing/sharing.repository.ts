import type { Db } from '../../db/database';

export type SharingRepository = ReturnType<typeof createSharingRepository>;

export function createSharingRepository(db: Db) {
  return {
    /** The codes the site's path already has, by target. */
    codesOf: (siteUid: string, path: string) =>
      db
        .selectFrom('short_links')
        .select(['code', 'target'])
        .where('site_uid', '=', siteUid)
        .where('path', '=', path)
        .execute(),

    /** Adds a link; one already there for the target (a concurrent request) is kept. */
    insert: (row: { code: string; site_uid: string; path: string; target: string; created_at: string }) =>
      db
        .insertInto('short_links')
        .values(row)
        .onConflict((oc) => oc.columns(['site_uid', 'path', 'target']).doNothing())
        .execute(),

    find: (code: string) =>
      db.selectFrom('short_links').selectAll().where('code', '=', code).executeTakeFirst(),

    /** Counts one follow of the link. */
    hit: (code: string) =>
      db
        .updateTable('short_links')
        .set((eb) => ({ hits: eb('hits', '+', 1) }))
        .where('code', '=', code)
        .execute(),
  };
}
