import { periodEnd, renewalDecision } from '@marquee/domain';
import type { EventEmitter } from '../../../infra/event-bus';
import { GatewayValidationError, type GatewayRegistry } from '../gateways/gateway';
import type { OffersRepository } from '../offers/offers.repository';
import type { PaymentMethodsRepository } from '../payment-methods/payment-methods.repository';
import type { PurchaseRow } from '../purchases/purchases.repository';
import { createRenewalClaims, type RenewalTax } from './renewal-claims';
import type { DeclineSet, RenewalsRepository } from './renewals.repository';

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

/** The purchase's plan, from its bundle (the bundle's current terms) or the purchase itself. */
export async function planOfPurchase(offers: Pick<OffersRepository, 'bundle'>, p: PurchaseRow) {
  const bundle = p.bundle_id ? await offers.bundle(p.site_uid, p.bundle_id) : undefined;
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
  repo: RenewalsRepository;
  offers: Pick<OffersRepository, 'bundle'>;
  methods: Pick<PaymentMethodsRepository, 'method'>;
  gateways: GatewayRegistry;
  /**
   * The gateway names each site enables (decision 0036): a purchase on a gateway its site has
   * turned off is not charged there (it is suspended, as one without a saved card is).
   */
  siteGateways: (siteUid: string) => Promise<string[]>;
  now: () => number;
  events: EventEmitter;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /**
   * The tax on a cycle at a billing address, from the provider checkout uses (0 unless the site
   * sets allowAvalara). Without it renewals add no tax.
   */
  taxFor?: RenewalTax;
}) {
  const { repo, gateways, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();
  const claim = createRenewalClaims({ repo, taxFor: deps.taxFor, now });
  /** We charge saved cards ourselves; `free` renews at zero. */
  const renewableGateways = [
    'free',
    ...Object.values(gateways)
      .filter((g) => g.savesCards)
      .map((g) => g.name),
  ];

  const changed = (p: PurchaseRow) =>
    deps.events.emit('purchaseChanged', { siteUid: p.site_uid, userId: p.user_id });

  /** Suspends the purchase (renewal failed) unless another caller already moved it. */
  async function suspend(p: PurchaseRow, chargeId: string | null, set: DeclineSet) {
    const moved = await repo.suspend(p, chargeId, set, iso());
    if (moved) changed(p);
    return moved ? 'suspended' : 'skipped';
  }

  const planOf = (p: PurchaseRow) => planOfPurchase(deps.offers, p);

  /** The saved card a purchase renews with, and its gateway (undefined when either is gone). */
  async function methodOf(p: PurchaseRow) {
    const enabled = p.gateway === 'free' || (await deps.siteGateways(p.site_uid)).includes(p.gateway);
    const gateway = enabled ? gateways[p.gateway] : undefined;
    const method = p.payment_method_id ? await deps.methods.method(p.payment_method_id) : undefined;
    return { gateway, method };
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
      if (await repo.end(p, iso())) changed(p);
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
    const moved = await repo.extend(
      p,
      chargeId,
      ref,
      {
        available_to: iso(d.periodEndMs),
        period_started_at: iso(d.periodStartMs),
        // What the period cost before tax (proration credits it); its tax as checkout records it.
        period_paid_cents: d.amountCents,
        taxes_amount_cents: d.taxCents,
        next_cycle_cents: d.nextCycleCents,
        gateway_id: ref ?? p.gateway_id,
        ...(billingAnchorAt ? { billing_anchor_at: billingAnchorAt } : {}),
      },
      iso(),
    );
    if (moved) changed(p);
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
    const p = await repo.purchase(purchaseId);
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
      await repo.declineClaim(
        chargeId,
        { decline_code: outcome.declineCode, gateway_ref: outcome.ref },
        iso(),
      );
      return { kind: 'declined', declineCode: outcome.declineCode };
    }
    await extend(p, { ...period, taxCents: total.taxCents }, chargeId, outcome.ref, iso(start));
    return { kind: 'reactivated' };
  }

  return {
    renewOne,
    reactivate,
    /** One pass: every purchase due at the clock's instant, oldest end first. */
    async run() {
      const counts: Record<RenewalOutcome, number> = {
        renewed: 0,
        suspended: 0,
        ended: 0,
        skipped: 0,
        pending: 0,
      };
      const due = await repo.due(renewableGateways, iso(), RENEWAL_BATCH);
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
