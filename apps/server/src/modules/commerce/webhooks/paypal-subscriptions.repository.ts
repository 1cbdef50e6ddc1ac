import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/database';
import type { GatewayChargesTable, PurchasesTable } from '../../../db/schema';
import { withStatus, type PurchaseRow } from '../purchases/purchases.repository';

/**
 * The SQL of `paypal-sub` purchases (decisions 0031, 0032): the purchase of a PayPal subscription,
 * its sales in `gateway_charges`, and its conditional moves (each appends to statusHistory).
 */
export function createPaypalSubscriptionsRepository(db: Db) {
  /** Moves the purchase unless another caller changed what `where` checks; true when it moved. */
  async function move(
    p: PurchaseRow,
    set: Updateable<PurchasesTable>,
    unchanged: ('status' | 'available_to' | 'cancel_subscription_in_progress')[],
  ): Promise<boolean> {
    let q = db.updateTable('purchases').set(set).where('id', '=', p.id);
    for (const column of unchanged) q = q.where(column, '=', p[column]);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  return {
    /** The purchase a PayPal subscription (I-…) pays, the newest when several name it. */
    bySubscription: (agreementId: string) =>
      db
        .selectFrom('purchases')
        .selectAll()
        .where('gateway', '=', 'paypal-sub')
        .where('gateway_id', '=', agreementId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),

    /** Writes a sale to gateway_charges once; false when its row was there. */
    async insertSale(row: Insertable<GatewayChargesTable>): Promise<boolean> {
      const res = await db
        .insertInto('gateway_charges')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Moves the purchase to a status (statusHistory appended) unless its status changed. */
    setStatus: (p: PurchaseRow, status: 'active' | 'suspended', at: string) =>
      move(p, { status, status_history: withStatus(p, status, at), updated_at: at }, ['status']),

    /**
     * One more period paid: active until `availableTo`, unless another sale moved it first. A
     * trialing or suspended purchase gets an "active" statusHistory entry.
     */
    extend: (p: PurchaseRow, period: { availableTo: string; paidCents: number }, at: string) =>
      move(
        p,
        {
          status: 'active',
          available_to: period.availableTo,
          period_started_at: p.available_to,
          period_paid_cents: period.paidCents,
          status_history: p.status === 'active' ? p.status_history : withStatus(p, 'active', at),
          updated_at: at,
        },
        ['status', 'available_to'],
      ),

    /** Canceled at PayPal: a suspended purchase ends now, a paying one at its period's end. */
    cancel: (p: PurchaseRow, at: string) =>
      move(
        p,
        p.status === 'suspended'
          ? {
              status: 'canceled',
              canceled_date: at,
              status_history: withStatus(p, 'canceled', at),
              updated_at: at,
            }
          : { cancel_subscription_in_progress: 1, updated_at: at },
        ['status', 'cancel_subscription_in_progress'],
      ),
  };
}
export type PaypalSubscriptionsRepository = ReturnType<typeof createPaypalSubscriptionsRepository>;
