import type { Db } from '../../db/database';

export type SitesRepository = ReturnType<typeof createSitesRepository>;

export function createSitesRepository(db: Db) {
  return {
    findAll: () => db.selectFrom('sites').selectAll().execute(),
    findByUid: (uid: string) => db.selectFrom('sites').selectAll().where('uid', '=', uid).executeTakeFirst(),
    findPages: (siteUid: string) =>
      db
        .selectFrom('pages')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('enabled', '=', 1)
        .orderBy('position')
        .execute(),
    findTabs: (siteUid: string) =>
      db.selectFrom('tabs').selectAll().where('site_uid', '=', siteUid).orderBy('position').execute(),
    findStructure: (siteUid: string) =>
      db.selectFrom('site_structure').selectAll().where('site_uid', '=', siteUid).executeTakeFirst(),
  };
}
