import { periodEnd, renewalDecision, validateAddress } from '@marquee/domain';
import type { Db } from '../../db/database';
import { toPurchase } from './commerce.mapper';
import type { PurchaseRow } from './commerce.repository';
import { GatewayValidationError, type GatewayRegistry } from './gateways/gateway';

/** A renewal charge left pending this long belongs to a dead node: another run takes it over. */
export const RENEWAL_LEASE_MS = 2 * 60_000;
/** How often the scheduler looks for purchases due (the reconcile timer runs it). */
export const RENEWAL_BATCH = 200;

export type RenewalOutcome = 'renewed' | 'suspended' | 'ended' | 'skipped' | 'pending';

/** What reactivating a suspended purchase came to (the card update that triggered it reports it). */
export type ReactivationOutcome =
  | { kind: 'reactivated' }
  | { kind: 'declined'; declineCode: string | null }
  | { kind: 'pending' }
  | { kind: 'skipped' };

const chargeIdOf = (purchaseId: string, periodStartMs: number) => `rn_${purchaseId}_${periodStartMs}`;

/** A purchase's stored billing address, complete, as the tax provider takes it. */
export type RenewalAddress = {
  address1: string;
  city: string;
  state: string;
  zip: string;
  countryCode: string;
};

/** What a renewal (or reactivation) charge stores in purchase_plan: billing history reads `name`. */
type RenewalPlan = { name: string; taxCents: number; amountCents: number };

/** The complete billing address stored on a purchase, or null (none, unreadable or incomplete). */
function billingAddressOf(json: string | null): RenewalAddress | null {
  if (!json) return null;
  let address: Partial<Record<keyof RenewalAddress, unknown>>;
  try {
    address = JSON.parse(json) as typeof address;
  } catch {
    return null;
  }
  if (!address || typeof address !== 'object') return null;
  const strings = Object.fromEntries(
    (['address1', 'city', 'state', 'zip', 'countryCode'] as const).map((k) => [
      k,
      typeof address[k] === 'string' ? address[k] : '',
    ]),
  ) as RenewalAddress;
  return Object.keys(validateAddress(strings)).length === 0 ? strings : null;
}

/** The purchase's plan, from its bundle (the bundle's current terms) or the purchase itself. */
export async function planOfPurchase(db: Db, p: PurchaseRow) {
  const bundle = p.bundle_id
    ? await db
        .selectFrom('bundles')
        .select(['plan_type', 'duration', 'period_duration', 'duration_unit', 'name'])
        .where('site_uid', '=', p.site_uid)
        .where('id', '=', p.bundle_id)
        .executeTakeFirst()
    : undefined;
  const planType = bundle?.plan_type ?? p.plan_type ?? 'single';
  return {
    name: bundle?.name ?? p.name,
    plan: {
      planType,
      duration: planType === 'period' ? (bundle?.period_duration ?? null) : (bundle?.duration ?? null),
      durationUnit: bundle?.duration_unit ?? null,
    },
  };
}

/** When billing started: month and year plans renew on this instant's day of month (decision 0032). */
export const anchorOf = (p: PurchaseRow) =>
  Date.parse(p.billing_anchor_at ?? p.trial_ends_at ?? p.available_from ?? p.created_at);

/**
 * Renewals (decision 0032): recurring purchases whose trial or period is over are charged on their
 * saved method. The (purchase, period) is claimed first by inserting a `gateway_charges` row whose
 * id — also the gateway's idempotency key — is derived from both, so two nodes racing, or a crash
 * and a retry, charge once. The purchase is then moved by a conditional UPDATE on its old
 * `available_to`, so only one caller extends it (or suspends it on a decline).
 */
export function createRenewals(deps: {
  db: Db;
  gateways: GatewayRegistry;
  /**
   * The gateway names each site enables (decision 0036): a purchase on a gateway its site has
   * turned off is not charged there (it is suspended, as one without a saved card is).
   */
  siteGateways: (siteUid: string) => Promise<string[]>;
  now: () => number;
  onPurchaseChange: (siteUid: string, userId: string) => void;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /**
   * The tax on a cycle at a billing address, from the provider checkout uses (0 unless the site
   * sets allowAvalara). Without it renewals add no tax.
   */
  taxFor?: (request: { siteUid: string; amountCents: number; address: RenewalAddress }) => Promise<number>;
}) {
  const { db, gateways, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();
  /** We charge saved cards ourselves; `free` renews at zero. */
  const renewableGateways = [
    'free',
    ...Object.values(gateways)
      .filter((g) => g.savesCards)
      .map((g) => g.name),
  ];

  /**
   * The tax on one cycle of a purchase: the provider checkout uses, on the purchase's stored
   * billing address (decision 0032). No address (a wallet purchase, an incomplete one): no tax.
   */
  async function taxOn(p: PurchaseRow, amountCents: number): Promise<number> {
    const address = billingAddressOf(p.billing_address);
    if (!deps.taxFor || !address || amountCents <= 0) return 0;
    return deps.taxFor({ siteUid: p.site_uid, amountCents, address });
  }

  /** What a claimed charge row says it charges: the total and its tax (fixed when it was claimed). */
  const claimed = (row: { amount_cents: number; purchase_plan: string }) => {
    const plan = JSON.parse(row.purchase_plan) as Partial<RenewalPlan>;
    return { totalCents: row.amount_cents, taxCents: plan.taxCents ?? 0 };
  };

  const history = (row: { status_history: string }, status: string, at: string) =>
    JSON.stringify([...(JSON.parse(row.status_history) as unknown[]), { status, timestamp: at }]);

  /** Suspends the purchase (renewal failed) unless another caller already moved it. */
  async function suspend(
    p: PurchaseRow,
    chargeId: string | null,
    set: { decline_code?: string | null; error_message?: string | null; gateway_ref?: string | null },
  ) {
    const at = iso();
    const moved = await db.transaction().execute(async (trx) => {
      if (chargeId)
        await trx
          .updateTable('gateway_charges')
          .set({ status: 'declined', ...set, updated_at: at })
          .where('id', '=', chargeId)
          .where('status', '=', 'pending')
          .execute();
      const res = await trx
        .updateTable('purchases')
        .set({ status: 'suspended', status_history: history(p, 'suspended', at), updated_at: at })
        .where('id', '=', p.id)
        .where('status', '=', p.status)
        .where('available_to', '=', p.available_to)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    });
    if (moved) deps.onPurchaseChange(p.site_uid, p.user_id);
    return moved ? 'suspended' : 'skipped';
  }

  const planOf = (p: PurchaseRow) => planOfPurchase(db, p);

  /** The saved card a purchase renews with, and its gateway (undefined when either is gone). */
  async function methodOf(p: PurchaseRow) {
    const enabled = p.gateway === 'free' || (await deps.siteGateways(p.site_uid)).includes(p.gateway);
    const gateway = enabled ? gateways[p.gateway] : undefined;
    const method = p.payment_method_id
      ? await db
          .selectFrom('payment_methods')
          .selectAll()
          .where('id', '=', p.payment_method_id)
          .executeTakeFirst()
      : undefined;
    return { gateway, method };
  }

  /**
   * Claims one charge before any gateway call: a `gateway_charges` row whose id is also the
   * gateway's idempotency key, with its amount (the cycle plus its tax) fixed now, so a retry
   * charges what the row says. A row already there is read instead: charged (a crash before the
   * purchase moved), declined, or pending — taken over only once its lease has run out.
   */
  async function claim(
    p: PurchaseRow,
    chargeId: string,
    amountCents: number,
    row: { idempotencyKey: string; gateway: string; paymentMethodId: string | null; plan: object },
  ): Promise<
    | { kind: 'charge'; total: { totalCents: number; taxCents: number } }
    | { kind: 'succeeded'; taxCents: number; ref: string | null }
    | { kind: 'declined'; declineCode: string | null }
    | { kind: 'busy' }
    | { kind: 'gone' }
  > {
    const existing = await db
      .selectFrom('gateway_charges')
      .select('id')
      .where('id', '=', chargeId)
      .executeTakeFirst();
    const taxCents = existing ? 0 : await taxOn(p, amountCents);
    const at = iso();
    const inserted = await db
      .insertInto('gateway_charges')
      .values({
        id: chargeId,
        site_uid: p.site_uid,
        user_id: p.user_id,
        idempotency_key: row.idempotencyKey,
        gateway: row.gateway,
        payment_method_id: row.paymentMethodId,
        resource_id: null,
        amount_cents: amountCents + taxCents,
        currency: p.currency,
        status: 'pending',
        purchase_plan: JSON.stringify({ ...row.plan, taxCents, amountCents }),
        // Set from the start: reconcile (purchase_id IS NULL) leaves these charges alone.
        purchase_id: p.id,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1)
      return { kind: 'charge', total: { totalCents: amountCents + taxCents, taxCents } };

    const found = await db
      .selectFrom('gateway_charges')
      .selectAll()
      .where('id', '=', chargeId)
      .executeTakeFirst();
    if (!found) return { kind: 'gone' };
    const total = claimed(found);
    if (found.status === 'declined') return { kind: 'declined', declineCode: found.decline_code };
    if (found.status === 'succeeded')
      return { kind: 'succeeded', taxCents: total.taxCents, ref: found.gateway_ref };
    // Pending: another node holds the lease; after it runs out (a crash), take it over conditionally.
    if (found.updated_at > iso(now() - RENEWAL_LEASE_MS)) return { kind: 'busy' };
    const took = await db
      .updateTable('gateway_charges')
      .set({ updated_at: at })
      .where('id', '=', chargeId)
      .where('status', '=', 'pending')
      .where('updated_at', '=', found.updated_at)
      .executeTakeFirst();
    return Number(took.numUpdatedRows) === 1 ? { kind: 'charge', total } : { kind: 'busy' };
  }

  async function renewOne(p: PurchaseRow): Promise<RenewalOutcome> {
    const { name, plan } = await planOf(p);
    const decision = renewalDecision(
      {
        status: p.status,
        isRecurring: p.is_recurring === 1,
        cancelSubscriptionInProgress: p.cancel_subscription_in_progress === 1,
        periodEndMs: p.available_to ? Date.parse(p.available_to) : null,
        billingAnchorMs: anchorOf(p),
        nextCycleCents: p.next_cycle_cents,
        originalAmountCents: p.original_amount_cents ?? p.amount_cents,
        discountedBillingCycles: p.discounted_billing_cycles,
      },
      plan,
      now(),
    );
    if (decision.kind === 'notDue') return 'skipped';
    if (decision.kind === 'end') {
      const at = iso();
      const res = await db
        .updateTable('purchases')
        .set({
          status: 'canceled',
          canceled_date: at,
          status_history: history(p, 'canceled', at),
          updated_at: at,
        })
        .where('id', '=', p.id)
        .where('status', '=', p.status)
        .where('available_to', '=', p.available_to)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) deps.onPurchaseChange(p.site_uid, p.user_id);
      return 'ended';
    }

    const { gateway, method } = await methodOf(p);
    const free = decision.amountCents === 0;
    if (!free && (!gateway || !gateway.savesCards || !method))
      return suspend(p, null, { error_message: 'noSavedMethod' });

    // One charge per (purchase, period).
    const chargeId = chargeIdOf(p.id, decision.periodStartMs);
    const c = await claim(p, chargeId, decision.amountCents, {
      idempotencyKey: `renewal:${p.id}:${iso(decision.periodStartMs)}`,
      gateway: free ? 'free' : gateway!.name,
      paymentMethodId: method?.id ?? null,
      plan: {
        name,
        renewal: {
          purchaseId: p.id,
          periodStart: iso(decision.periodStartMs),
          periodEnd: iso(decision.periodEndMs),
        },
      },
    });
    if (c.kind === 'gone') return 'skipped';
    if (c.kind === 'busy') return 'pending';
    if (c.kind === 'declined') return suspend(p, null, {});
    // Charged, but the purchase was not moved yet (a crash): apply it now.
    if (c.kind === 'succeeded') return extend(p, { ...decision, taxCents: c.taxCents }, chargeId, c.ref);
    const { total } = c;

    if (free) return extend(p, { ...decision, taxCents: 0 }, chargeId, null);
    let outcome;
    try {
      // The gateway's idempotency key is the charge id: (purchase, period).
      outcome = await gateway!.charge({
        idempotencyKey: chargeId,
        amountCents: total.totalCents,
        currency: p.currency,
        cardToken: method!.gateway_token,
        description: `${name} renewal`,
      });
    } catch (err) {
      if (err instanceof GatewayValidationError) return suspend(p, chargeId, { error_message: err.code });
      // Unknown outcome: the charge stays pending; a run after the lease asks again with the same key.
      deps.log.error({ err, chargeId }, 'renewal charge failed');
      return 'pending';
    }
    if (outcome.status === 'declined')
      return suspend(p, chargeId, { decline_code: outcome.declineCode, gateway_ref: outcome.ref });
    return extend(p, { ...decision, taxCents: total.taxCents }, chargeId, outcome.ref);
  }

  async function extend(
    p: PurchaseRow,
    d: {
      amountCents: number;
      taxCents: number;
      periodStartMs: number;
      periodEndMs: number;
      nextCycleCents: number;
    },
    chargeId: string,
    ref: string | null,
    billingAnchorAt?: string,
  ): Promise<RenewalOutcome> {
    const at = iso();
    const moved = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('gateway_charges')
        .set({ status: 'succeeded', gateway_ref: ref, updated_at: at })
        .where('id', '=', chargeId)
        .execute();
      const res = await trx
        .updateTable('purchases')
        .set({
          status: 'active',
          available_to: iso(d.periodEndMs),
          period_started_at: iso(d.periodStartMs),
          // What the period cost before tax (proration credits it); its tax as checkout records it.
          period_paid_cents: d.amountCents,
          taxes_amount_cents: d.taxCents,
          next_cycle_cents: d.nextCycleCents,
          gateway_id: ref ?? p.gateway_id,
          ...(billingAnchorAt ? { billing_anchor_at: billingAnchorAt } : {}),
          // A trial's end is a status change; a plain renewal keeps "active".
          status_history: p.status === 'active' ? p.status_history : history(p, 'active', at),
          updated_at: at,
        })
        .where('id', '=', p.id)
        .where('status', '=', p.status)
        .where('available_to', '=', p.available_to)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    });
    if (moved) deps.onPurchaseChange(p.site_uid, p.user_id);
    return moved ? 'renewed' : 'skipped';
  }

  /**
   * A suspended purchase whose card was just replaced: billing restarts now, for a whole new period
   * on the new card (the viewer had no access while suspended, so the missed period is not
   * charged). One attempt per (suspension, card): the charge id names the old period's end and the
   * card, so a double submit charges once and a retry after a lost answer reuses the same
   * idempotency key. A decline leaves the purchase suspended.
   */
  async function reactivate(purchaseId: string): Promise<ReactivationOutcome> {
    const p = await db.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirst();
    if (!p || p.status !== 'suspended' || p.is_recurring !== 1) return { kind: 'skipped' };
    const { name, plan } = await planOf(p);
    const start = now();
    const end = periodEnd(start, plan);
    const { gateway, method } = await methodOf(p);
    if (end === null || !gateway?.savesCards || !method) return { kind: 'skipped' };
    const amountCents = p.next_cycle_cents ?? p.original_amount_cents ?? p.amount_cents;
    const period = {
      amountCents,
      periodStartMs: start,
      periodEndMs: end,
      nextCycleCents:
        p.discounted_billing_cycles === 'ALL' ? amountCents : (p.original_amount_cents ?? p.amount_cents),
    };
    const chargeId = `ra_${p.id}_${p.available_to ? Date.parse(p.available_to) : 0}_${method.id}`;
    const c = await claim(p, chargeId, amountCents, {
      idempotencyKey: `reactivation:${chargeId}`,
      gateway: gateway.name,
      paymentMethodId: method.id,
      plan: { name, reactivation: { purchaseId: p.id, periodStart: iso(start), periodEnd: iso(end) } },
    });
    if (c.kind === 'gone') return { kind: 'skipped' };
    if (c.kind === 'busy') return { kind: 'pending' };
    if (c.kind === 'declined') return { kind: 'declined', declineCode: c.declineCode };
    if (c.kind === 'succeeded') {
      await extend(p, { ...period, taxCents: c.taxCents }, chargeId, c.ref, iso(start));
      return { kind: 'reactivated' };
    }
    const { total } = c;
    let outcome;
    try {
      outcome = await gateway.charge({
        idempotencyKey: chargeId,
        amountCents: total.totalCents,
        currency: p.currency,
        cardToken: method.gateway_token,
        description: `${name} reactivation`,
      });
    } catch (err) {
      if (!(err instanceof GatewayValidationError)) {
        deps.log.error({ err, chargeId }, 'reactivation charge failed');
        return { kind: 'pending' };
      }
      outcome = { status: 'declined' as const, declineCode: err.code, ref: null };
    }
    if (outcome.status === 'declined') {
      await db
        .updateTable('gateway_charges')
        .set({
          status: 'declined',
          decline_code: outcome.declineCode,
          gateway_ref: outcome.ref,
          updated_at: iso(),
        })
        .where('id', '=', chargeId)
        .where('status', '=', 'pending')
        .execute();
      return { kind: 'declined', declineCode: outcome.declineCode };
    }
    await extend(p, { ...period, taxCents: total.taxCents }, chargeId, outcome.ref, iso(start));
    return { kind: 'reactivated' };
  }

  return {
    renewOne,
    reactivate,
    /** The user's suspended purchases (the alert after login; §4 "A suspended purchase triggers an alert"). */
    async suspended(siteUid: string, userId: string) {
      const rows = await db
        .selectFrom('purchases')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .where('is_gift', '=', 0)
        .where('status', '=', 'suspended')
        .orderBy('updated_at', 'desc')
        .limit(50)
        .execute();
      return rows.map(toPurchase);
    },
    /** One pass: every purchase due at the clock's instant, oldest end first. */
    async run() {
      const counts: Record<RenewalOutcome, number> = {
        renewed: 0,
        suspended: 0,
        ended: 0,
        skipped: 0,
        pending: 0,
      };
      const due = await db
        .selectFrom('purchases')
        .selectAll()
        .where('is_recurring', '=', 1)
        .where('status', 'in', ['active', 'trialing'])
        // Gateways that renew by themselves (a PayPal subscription) move theirs through webhooks;
        // one canceled there (cancelSubscriptionInProgress) is still ended here at its period's end.
        .where((eb) =>
          eb.or([eb('gateway', 'in', renewableGateways), eb('cancel_subscription_in_progress', '=', 1)]),
        )
        .where('available_to', '<=', iso())
        .orderBy('available_to')
        .limit(RENEWAL_BATCH)
        .execute();
      for (const p of due) {
        try {
          counts[await renewOne(p)]++;
        } catch (err) {
          deps.log.warn({ err, purchaseId: p.id }, 'renewal failed');
          counts.skipped++;
        }
      }
      if (counts.renewed + counts.suspended + counts.ended > 0) deps.log.warn(counts, 'renewals');
      return counts;
    },
  };
}
export type Renewals = ReturnType<typeof createRenewals>;
