import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { PaymentMethodsTable } from '../../../db/schema';

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

/** Saved payment methods (migration 0011_commerce): one default per user and gateway. */
export function createPaymentMethodsRepository(db: Db) {
  return {
    methods: (userId: string, gateway: string) =>
      db
        .selectFrom('payment_methods')
        .selectAll()
        .where('user_id', '=', userId)
        .where('gateway', '=', gateway)
        // The default first, then oldest first.
        .orderBy('is_default', 'desc')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    method: (id: string) =>
      db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Saves a method; it becomes the default when asked or when it is the user's first on the gateway. */
    async insertMethod(row: Insertable<PaymentMethodsTable>, makeDefault: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const has = await trx
          .selectFrom('payment_methods')
          .select('id')
          .where('user_id', '=', row.user_id)
          .where('gateway', '=', row.gateway)
          .where('is_default', '=', 1)
          .executeTakeFirst();
        const isDefault = makeDefault || !has;
        if (isDefault && has)
          await trx.updateTable('payment_methods').set({ is_default: 0 }).where('id', '=', has.id).execute();
        await trx
          .insertInto('payment_methods')
          .values({ ...row, is_default: isDefault ? 1 : 0 })
          .execute();
      });
    },

    async setDefaultMethod(userId: string, gateway: string, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('payment_methods')
          .set({ is_default: 0 })
          .where('user_id', '=', userId)
          .where('gateway', '=', gateway)
          .where('is_default', '=', 1)
          .execute();
        await trx.updateTable('payment_methods').set({ is_default: 1 }).where('id', '=', id).execute();
      });
    },

    /** A live recurring purchase renews with this method. */
    async methodInUse(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('purchases')
        .select('id')
        .where('payment_method_id', '=', id)
        .where('is_recurring', '=', 1)
        .where('status', 'in', ['active', 'trialing', 'suspended'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes a method; when it was the default, the newest remaining one becomes the default. */
    async deleteMethod(method: PaymentMethodRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('payment_methods').where('id', '=', method.id).execute();
        if (!method.is_default) return;
        const next = await trx
          .selectFrom('payment_methods')
          .select('id')
          .where('user_id', '=', method.user_id)
          .where('gateway', '=', method.gateway)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (next)
          await trx.updateTable('payment_methods').set({ is_default: 1 }).where('id', '=', next.id).execute();
      });
    },
  };
}
export type PaymentMethodsRepository = ReturnType<typeof createPaymentMethodsRepository>;
