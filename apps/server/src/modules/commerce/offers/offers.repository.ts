import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { BundlesTable, CouponsTable } from '../../../db/schema';

export type BundleRow = Selectable<BundlesTable>;
export type CouponRow = Selectable<CouponsTable>;

/** The offers' SQL: bundles (rentals too), coupons and the operator's tax table; read only. */
export function createOffersRepository(db: Db) {
  return {
    bundles: (siteUid: string) =>
      db
        .selectFrom('bundles')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    bundle: (siteUid: string, id: string) =>
      db
        .selectFrom('bundles')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('id', '=', id)
        .executeTakeFirst(),
    coupon: (siteUid: string, code: string) =>
      db
        .selectFrom('coupons')
        .selectAll()
        .where('site_uid', '=', siteUid)
        // Codes are matched case-insensitively (stored as the operator typed them).
        .where((eb) => eb(eb.fn('upper', ['code']), '=', code.toUpperCase()))
        .executeTakeFirst(),
    taxRates: async (siteUid: string) =>
      (
        await db
          .selectFrom('tax_rates')
          .select(['country_code', 'state', 'rate_bp'])
          .where('site_uid', '=', siteUid)
          .execute()
      ).map((r) => ({ countryCode: r.country_code, state: r.state, rateBp: r.rate_bp })),
  };
}
export type OffersRepository = ReturnType<typeof createOffersRepository>;
