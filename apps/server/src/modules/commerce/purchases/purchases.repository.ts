import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { PurchasesTable } from '../../../db/schema';

export type PurchaseRow = Selectable<PurchasesTable>;

/** Statuses that hold access (a suspended purchase keeps its row but not its access). */
export const LIVE_STATUSES = ['active', 'trialing'] as const;

/**
 * The purchases' reads and the viewer's own changes to them (the table of migration 0010; checkout,
 * renewals, gifts and webhooks write theirs through their own repositories).
 */
export function createPurchasesRepository(db: Db) {
  return {
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

    /** The user's own (not gift) purchases of one bundle on a site, newest first. */
    ofBundle: (siteUid: string, userId: string, bundleId: string) =>
      db
        .selectFrom('purchases')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .where('bundle_id', '=', bundleId)
        .where('is_gift', '=', 0)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),

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

    /** The user's suspended purchases, newest change first (at most 50): the alert after login. */
    suspended: (siteUid: string, userId: string) =>
      db
        .selectFrom('purchases')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .where('is_gift', '=', 0)
        .where('status', '=', 'suspended')
        .orderBy('updated_at', 'desc')
        .limit(50)
        .execute(),

    async setPurchaseMethod(id: string, methodId: string, nowIso: string): Promise<void> {
      await db
        .updateTable('purchases')
        .set({ payment_method_id: methodId, gateway_method: 'existingCard', updated_at: nowIso })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type PurchasesRepository = ReturnType<typeof createPurchasesRepository>;

/** A purchase's stored statusHistory with one more entry (every status change appends one). */
export const withStatus = (row: { status_history: string }, status: string, at: string) =>
  JSON.stringify([...(JSON.parse(row.status_history) as unknown[]), { status, timestamp: at }]);
