import type { Db } from '../../../db/database';
import type { PaypalPlanKey, PaypalPlanStore } from './paypal-gateway';

/**
 * PayPal plan ids in `paypal_plans` (decision 0031), keyed by site, bundle, price, trial and
 * currency: a restarted process, or another node, subscribes buyers to the plan made before.
 */
export function createPaypalPlansRepository(db: Db, now: () => number): PaypalPlanStore {
  const find = async (k: PaypalPlanKey) =>
    (
      await db
        .selectFrom('paypal_plans')
        .select('plan_id')
        .where('site_uid', '=', k.siteUid)
        .where('bundle_id', '=', k.bundleId)
        .where('price_cents', '=', k.priceCents)
        .where('trial_days', '=', k.trialDays)
        .where('currency', '=', k.currency)
        .executeTakeFirst()
    )?.plan_id;
  return {
    find,
    async save(k, planId) {
      await db
        .insertInto('paypal_plans')
        .values({
          site_uid: k.siteUid,
          bundle_id: k.bundleId,
          price_cents: k.priceCents,
          trial_days: k.trialDays,
          currency: k.currency,
          plan_id: planId,
          created_at: new Date(now()).toISOString(),
        })
        .onConflict((oc) =>
          oc.columns(['site_uid', 'bundle_id', 'price_cents', 'trial_days', 'currency']).doNothing(),
        )
        .execute();
      // A concurrent node may have saved first: everyone uses the id that was kept.
      return (await find(k)) ?? planId;
    },
  };
}
