import type { Db } from '../../../db/database';

export type AddressField = 'billingAddress' | 'shippingAddress';
const COLUMN = { billingAddress: 'billing_address', shippingAddress: 'shipping_address' } as const;

/** The address columns of a user's purchases (decision 0055: saved addresses live on purchases). */
export function createAddressesRepository(db: Db) {
  return {
    /** The user's own (not gift) purchases on a site that carry an address, newest first. */
    withAddresses: (siteUid: string, userId: string) =>
      db
        .selectFrom('purchases')
        .select([
          'id',
          'name',
          'status',
          'is_recurring',
          'available_to',
          'billing_address',
          'shipping_address',
        ])
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .where('is_gift', '=', 0)
        .where((eb) => eb.or([eb('billing_address', 'is not', null), eb('shipping_address', 'is not', null)]))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),

    /**
     * Replaces one purchase's copy of an address, only if it still holds the text read (a
     * concurrent update of the same address writes once; the loser sees 0 and answers 409).
     */
    async replace(id: string, userId: string, field: AddressField, from: string, to: string) {
      const column = COLUMN[field];
      const res = await db
        .updateTable('purchases')
        .set({ [column]: to })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where(column, '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
