import type { Db } from '../../db/database';

export type SitesRepository = ReturnType<typeof createSitesRepository>;

/** The gateway names stored in sites.payment_gateways; anything malformed enables none. */
function gatewayNames(json: string | undefined): string[] {
  try {
    const v = JSON.parse(json ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

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
    /** The payment gateways the site has enabled (decision 0036); none for an unknown site. */
    paymentGateways: async (uid: string): Promise<string[]> =>
      gatewayNames(
        (await db.selectFrom('sites').select('payment_gateways').where('uid', '=', uid).executeTakeFirst())
          ?.payment_gateways,
      ),
    /** Uids of the sites that have this gateway enabled. */
    sitesWithGateway: async (gateway: string): Promise<string[]> =>
      (await db.selectFrom('sites').select(['uid', 'payment_gateways']).orderBy('uid').execute())
        .filter((r) => gatewayNames(r.payment_gateways).includes(gateway))
        .map((r) => r.uid),
    findStructure: (siteUid: string) =>
      db.selectFrom('site_structure').selectAll().where('site_uid', '=', siteUid).executeTakeFirst(),
  };
}
