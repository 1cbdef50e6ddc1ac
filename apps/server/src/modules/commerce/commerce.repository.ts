import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  BundlesTable,
  CouponsTable,
  GatewayChargesTable,
  IdempotencyKeysTable,
  PaymentMethodsTable,
  PurchasesTable,
} from '../../db/schema';

export type BundleRow = Selectable<BundlesTable>;
export type CouponRow = Selectable<CouponsTable>;
export type PurchaseRow = Selectable<PurchasesTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type ChargeRow = Selectable<GatewayChargesTable>;
export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

/** Statuses that hold access (a suspended purchase keeps its row but not its access). */
export const LIVE_STATUSES = ['active', 'trialing'] as const;

/**
 * Every SQL statement of commerce: offers (bundles, coupons, tax rates; read only), purchases (the
 * table of migration 0010, written only here), saved payment methods, charges and idempotency keys.
 */
export function createCommerceRepository(db: Db) {
  return {
    db,

    // ---------- offers ----------
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

    // ---------- purchases ----------
    purchase: (id: string) => db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A user's purchases on a site, newest first, without those a later purchase replaced. */
    async purchasesPage(
      siteUid: string,
      userId: string,
      opts: { page: number; pageSize: number; gifts?: boolean; types?: string[] },
    ) {
      let q = db
        .selectFrom('purchases as p')
        .where('p.site_uid', '=', siteUid)
        .where('p.user_id', '=', userId)
        .where('p.is_gift', '=', opts.gifts ? 1 : 0)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('purchases as n')
                .select('n.id')
                .whereRef('n.previous_purchase', '=', 'p.id')
                .where('n.site_uid', '=', siteUid),
            ),
          ),
        );
      if (opts.types) q = q.where('p.type', 'in', opts.types);
      const [rows, count] = await Promise.all([
        q
          .selectAll('p')
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id')
          .limit(opts.pageSize)
          .offset(opts.page * opts.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Purchases that currently hold access (active or trialing, window not over). */
    livePurchases: (siteUid: string, userId: string, nowIso: string) =>
      db
        .selectFrom('purchases')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .where('is_gift', '=', 0)
        .where('status', 'in', [...LIVE_STATUSES])
        .where((eb) => eb.or([eb('available_to', 'is', null), eb('available_to', '>', nowIso)]))
        .execute(),

    /** "the user has already used a trial on this site": any purchase of theirs that had a trial. */
    async trialUsed(siteUid: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('purchases')
        .select('id')
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .where('trial_ends_at', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Cancels a live purchase of the user (conditional, so a concurrent cancel writes once). */
    async cancelPurchase(id: string, userId: string, nowIso: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('purchases')
          .select(['status_history', 'status'])
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!row || row.status === 'canceled') return false;
        const history = [
          ...(JSON.parse(row.status_history) as unknown[]),
          { status: 'canceled', timestamp: nowIso },
        ];
        const res = await trx
          .updateTable('purchases')
          .set({
            status: 'canceled',
            canceled_date: nowIso,
            updated_at: nowIso,
            status_history: JSON.stringify(history),
          })
          .where('id', '=', id)
          .where('status', '=', row.status)
          .executeTakeFirst();
        return Number(res.numUpdatedRows) === 1;
      });
    },

    /** Points every not-canceled recurring purchase of the user on a gateway at a method. */
    async setPurchasesMethod(
      userId: string,
      gateway: string,
      methodId: string,
      nowIso: string,
    ): Promise<number> {
      const res = await db
        .updateTable('purchases')
        .set({ payment_method_id: methodId, updated_at: nowIso })
        .where('user_id', '=', userId)
        .where('gateway', '=', gateway)
        .where('is_recurring', '=', 1)
        .where('status', '!=', 'canceled')
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** The user's suspended recurring purchases on a gateway (reactivated when a card is applied to all). */
    suspendedPurchases: (userId: string, gateway: string) =>
      db
        .selectFrom('purchases')
        .select('id')
        .where('user_id', '=', userId)
        .where('gateway', '=', gateway)
        .where('is_recurring', '=', 1)
        .where('status', '=', 'suspended')
        .execute(),

    async setPurchaseMethod(id: string, methodId: string, nowIso: string): Promise<void> {
      await db
        .updateTable('purchases')
        .set({ payment_method_id: methodId, gateway_method: 'existingCard', updated_at: nowIso })
        .where('id', '=', id)
        .execute();
    },

    // ---------- payment methods ----------
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

    // ---------- charges ----------
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
export type CommerceRepository = ReturnType<typeof createCommerceRepository>;
