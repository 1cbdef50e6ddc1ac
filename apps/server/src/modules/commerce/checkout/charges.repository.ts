import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { GatewayChargesTable, IdempotencyKeysTable, PurchasesTable } from '../../../db/schema';

export type ChargeRow = Selectable<GatewayChargesTable>;
export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

/**
 * Checkout's SQL (migration 0011_commerce): charge attempts (`gateway_charges`), the purchase each
 * records, and the idempotency keys of the requests.
 */
export function createChargesRepository(db: Db) {
  return {
    chargeByKey: (key: string) =>
      db.selectFrom('gateway_charges').selectAll().where('idempotency_key', '=', key).executeTakeFirst(),
    charge: (id: string) =>
      db.selectFrom('gateway_charges').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Inserts the charge attempt unless one exists for its key; answers the row that holds the key,
     * or undefined when another pending charge of the user holds the same offer (another key).
     */
    async insertCharge(row: Insertable<GatewayChargesTable>): Promise<ChargeRow | undefined> {
      await db
        .insertInto('gateway_charges')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .execute();
      return db
        .selectFrom('gateway_charges')
        .selectAll()
        .where('idempotency_key', '=', row.idempotency_key)
        .executeTakeFirst();
    },

    async markCharge(
      id: string,
      set: {
        status: string;
        gateway_ref?: string | null;
        decline_code?: string | null;
        error_message?: string | null;
      },
      nowIso: string,
    ): Promise<void> {
      await db
        .updateTable('gateway_charges')
        .set({ ...set, updated_at: nowIso })
        .where('id', '=', id)
        .where('purchase_id', 'is', null)
        .execute();
    },

    /**
     * Marks the charge recorded and inserts its purchase in one transaction: the conditional UPDATE
     * lets exactly one caller (request, retry or reconcile) write the purchase. An upgrade ends the
     * purchase it replaces in the same transaction. Answers the charge's purchase id.
     */
    async recordPurchase(
      chargeId: string,
      gatewayRef: string | null,
      purchase: Insertable<PurchasesTable>,
      replaces: { id: string; nowIso: string } | null,
    ): Promise<{ purchaseId: string; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('gateway_charges')
          .set({
            status: 'succeeded',
            gateway_ref: gatewayRef,
            purchase_id: purchase.id,
            updated_at: purchase.updated_at,
          })
          .where('id', '=', chargeId)
          .where('purchase_id', 'is', null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) {
          const row = await trx
            .selectFrom('gateway_charges')
            .select('purchase_id')
            .where('id', '=', chargeId)
            .executeTakeFirstOrThrow();
          return { purchaseId: row.purchase_id!, created: false };
        }
        await trx.insertInto('purchases').values(purchase).execute();
        if (replaces) {
          const old = await trx
            .selectFrom('purchases')
            .select(['status_history', 'status'])
            .where('id', '=', replaces.id)
            .executeTakeFirst();
          if (old && old.status !== 'canceled') {
            const history = [
              ...(JSON.parse(old.status_history) as unknown[]),
              { status: 'canceled', timestamp: replaces.nowIso },
            ];
            await trx
              .updateTable('purchases')
              .set({
                status: 'canceled',
                canceled_date: replaces.nowIso,
                updated_at: replaces.nowIso,
                status_history: JSON.stringify(history),
              })
              .where('id', '=', replaces.id)
              .execute();
          }
        }
        return { purchaseId: purchase.id, created: true };
      });
    },

    /** Charge attempts without a purchase, older than an instant (reconcile). */
    unrecordedCharges: (beforeIso: string) =>
      db
        .selectFrom('gateway_charges')
        .selectAll()
        .where('purchase_id', 'is', null)
        .where('status', 'in', ['pending', 'succeeded'])
        .where('created_at', '<', beforeIso)
        .orderBy('created_at')
        .limit(500)
        .execute(),

    chargesOfUser: (siteUid: string, userId: string) =>
      db
        .selectFrom('gateway_charges')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(500)
        .execute(),

    // ---------- idempotency keys ----------
    /** Claims a key; false when it exists already. */
    async claimKey(row: Insertable<IdempotencyKeysTable>): Promise<boolean> {
      const res = await db
        .insertInto('idempotency_keys')
        .values(row)
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    idempotencyKey: (key: string) =>
      db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst(),
    /** Takes over a key whose holder's lock ran out (it crashed or failed); false if another did. */
    async takeOverKey(key: string, seenLock: string | null, lockedUntil: string): Promise<boolean> {
      const res = await db
        .updateTable('idempotency_keys')
        .set({ locked_until: lockedUntil })
        .where('key', '=', key)
        .where('status_code', 'is', null)
        .where((eb) =>
          seenLock === null ? eb('locked_until', 'is', null) : eb('locked_until', '=', seenLock),
        )
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async completeKey(key: string, statusCode: number, response: string): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: statusCode, response, locked_until: null })
        .where('key', '=', key)
        .execute();
    },
    async releaseKey(key: string, nowIso: string): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ locked_until: nowIso })
        .where('key', '=', key)
        .where('status_code', 'is', null)
        .execute();
    },
  };
}
export type ChargesRepository = ReturnType<typeof createChargesRepository>;
