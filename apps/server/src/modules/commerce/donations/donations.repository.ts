import type { Db } from '../../../db/database';

/** The purchase type of a donation (§3 Purchase: "type (Donation, PRODUCT and others)"). */
export const DONATION_TYPE = 'Donation';

/** The donations' SQL: the user's donation purchases (checkout writes them). */
export function createDonationsRepository(db: Db) {
  return {
    /** One page of the user's donations on a site, newest first, and how many there are. */
    async page(siteUid: string, userId: string, q: { page: number; pageSize: number }) {
      const base = db
        .selectFrom('purchases')
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .where('type', '=', DONATION_TYPE);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(q.pageSize)
          .offset(q.page * q.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
export type DonationsRepository = ReturnType<typeof createDonationsRepository>;
