import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/database';
import type { GatewayChargesTable, PurchasesTable } from '../../../db/schema';
import { withStatus, type PurchaseRow } from '../purchases/purchases.repository';

/** What a charge row's outcome is set to when the gateway declined it or refused the card. */
export type DeclineSet = {
  decline_code?: string | null;
  error_message?: string | null;
  gateway_ref?: string | null;
};

/**
 * The renewals' SQL (decision 0032): purchases due, the claim rows in `gateway_charges`, and the
 * conditional moves of a purchase on its old `available_to` (renewed, suspended, ended).
 */
export function createRenewalsRepository(db: Db) {
  /** The conditional part of every move: only the caller that saw this state moves the purchase. */
  const unmoved = (p: PurchaseRow) =>
    db
      .updateTable('purchases')
      .where('id', '=', p.id)
      .where('status', '=', p.status)
      .where('available_to', '=', p.available_to);

  return {
    purchase: (id: string) => db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Recurring purchases due at an instant, oldest end first. */
    due: (renewableGateways: string[], nowIso: string, limit: number) =>
      db
        .selectFrom('purchases')
        .selectAll()
        .where('is_recurring', '=', 1)
        .where('status', 'in', ['active', 'trialing'])
        // Gateways that renew by themselves (a PayPal subscription) move theirs through webhooks;
        // one canceled there (cancelSubscriptionInProgress) is still ended here at its period's end.
        .where((eb) =>
          eb.or([eb('gateway', 'in', renewableGateways), eb('cancel_subscription_in_progress', '=', 1)]),
        )
        .where('available_to', '<=', nowIso)
        .orderBy('available_to')
        .limit(limit)
        .execute(),

    charge: (id: string) =>
      db.selectFrom('gateway_charges').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Inserts a claim row; false when a row with its id was there. */
    async insertClaim(row: Insertable<GatewayChargesTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('gateway_charges')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Takes over a pending claim whose lease ran out; false when another caller did first. */
    async takeOverClaim(id: string, seenUpdatedAt: string, at: string): Promise<boolean> {
      const took = await db
        .updateTable('gateway_charges')
        .set({ updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('updated_at', '=', seenUpdatedAt)
        .executeTakeFirst();
      return Number(took.numUpdatedRows) === 1;
    },

    async declineClaim(id: string, set: DeclineSet, at: string): Promise<void> {
      await db
        .updateTable('gateway_charges')
        .set({ status: 'declined', ...set, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Suspends the purchase (and declines its pending claim) unless another caller moved it. */
    suspend: (p: PurchaseRow, chargeId: string | null, set: DeclineSet, at: string) =>
      db.transaction().execute(async (trx) => {
        if (chargeId)
          await trx
            .updateTable('gateway_charges')
            .set({ status: 'declined', ...set, updated_at: at })
            .where('id', '=', chargeId)
            .where('status', '=', 'pending')
            .execute();
        const res = await trx
          .updateTable('purchases')
          .set({ status: 'suspended', status_history: withStatus(p, 'suspended', at), updated_at: at })
          .where('id', '=', p.id)
          .where('status', '=', p.status)
          .where('available_to', '=', p.available_to)
          .executeTakeFirst();
        return Number(res.numUpdatedRows) === 1;
      }),

    /** Ends the purchase at its period's end (canceled) unless another caller moved it. */
    async end(p: PurchaseRow, at: string): Promise<boolean> {
      const res = await unmoved(p)
        .set({
          status: 'canceled',
          canceled_date: at,
          status_history: withStatus(p, 'canceled', at),
          updated_at: at,
        })
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /**
     * Marks the claim charged and moves the purchase into its new period (active) in one
     * transaction, unless another caller moved it. A trial's end is a status change; a plain
     * renewal keeps "active" without a statusHistory entry.
     */
    extend: (
      p: PurchaseRow,
      chargeId: string,
      ref: string | null,
      period: Updateable<PurchasesTable>,
      at: string,
    ) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('gateway_charges')
          .set({ status: 'succeeded', gateway_ref: ref, updated_at: at })
          .where('id', '=', chargeId)
          .execute();
        const res = await trx
          .updateTable('purchases')
          .set({
            ...period,
            status: 'active',
            status_history: p.status === 'active' ? p.status_history : withStatus(p, 'active', at),
            updated_at: at,
          })
          .where('id', '=', p.id)
          .where('status', '=', p.status)
          .where('available_to', '=', p.available_to)
          .executeTakeFirst();
        return Number(res.numUpdatedRows) === 1;
      }),
  };
}
export type RenewalsRepository = ReturnType<typeof createRenewalsRepository>;
