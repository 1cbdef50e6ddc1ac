import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database';
import type { PurchasesTable } from '../../../db/schema';

/** The gifts' SQL (decision 0033): the code hash on the giver's purchase, the mail's data, redeeming. */
export function createGiftsRepository(db: Db) {
  return {
    purchase: (id: string) => db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Stores the code's hash on a recorded gift that has none yet; false when one was there. */
    async setCodeHash(purchaseId: string, hash: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('purchases')
        .set({ gift_code_hash: hash, updated_at: at })
        .where('id', '=', purchaseId)
        .where('is_gift', '=', 1)
        .where('gift_code_hash', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** What the recipient's mail says: the gift, its giver and the site. */
    mailData: (purchaseId: string) =>
      db
        .selectFrom('purchases as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .innerJoin('sites as s', 's.uid', 'p.site_uid')
        .select([
          'p.gifted_to_email',
          'p.gift_name',
          'p.gift_message',
          'p.name',
          'u.first_name',
          'u.last_name',
          'u.email',
          's.name as site_name',
        ])
        .where('p.id', '=', purchaseId)
        .executeTakeFirstOrThrow(),

    /**
     * Marks the gift redeemed and writes the recipient's purchase in one transaction. Conditional:
     * of two redeemers racing, one marks the gift; the other writes nothing (false).
     */
    redeem: (giftId: string, userId: string, at: string, purchase: Insertable<PurchasesTable>) =>
      db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('purchases')
          .set({ redeemed_by_user_id: userId, redeemed_at: at, updated_at: at })
          .where('id', '=', giftId)
          .where('redeemed_at', 'is', null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        await trx.insertInto('purchases').values(purchase).execute();
        return true;
      }),
  };
}
export type GiftsRepository = ReturnType<typeof createGiftsRepository>;
