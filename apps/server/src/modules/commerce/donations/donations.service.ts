import { randomUUID } from 'node:crypto';
import type { DonationOrder } from '@marquee/contract';
import { COMMERCE_MESSAGES, periodEnd } from '@marquee/domain';
import type { Insertable } from 'kysely';
import type { PurchasesTable } from '../../../db/schema';
import type { AuthUser } from '../../../plugins/auth';
import { AppError, badRequest } from '../../../plugins/errors';
import type { SitesService } from '../../sites';
import type { Checkout } from '../checkout/checkout.service';
import type { Replay } from '../checkout/idempotency';
import type { PlannedCharge } from '../checkout/order-plan';
import { toPurchase } from '../commerce.mapper';
import { DONATION_TYPE, type DonationsRepository } from './donations.repository';

type DonationIn = DonationOrder & { gatewayData: NonNullable<DonationOrder['gatewayData']> };

/**
 * The tip jar (decision 0033): one-time and monthly donations, charged through checkout's pipeline
 * (idempotency key, charge first, reconcile) as purchases of type Donation with no bundle. A monthly
 * one is recurring (plan month) and renews like any subscription (decision 0032); it is canceled
 * with POST /api/payment/unsubscribe.
 */
export function createDonations(deps: {
  repo: DonationsRepository;
  /** The donor's site (their token's), whose tip jar they give through. */
  sites: Pick<SitesService, 'byUid'>;
  checkout: Checkout;
  now: () => number;
}) {
  const { repo, sites, checkout, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();

  async function plan(user: AuthUser, order: DonationIn, ip: string | undefined): Promise<PlannedCharge> {
    const jar = (await sites.byUid(user.siteUid)).tipJar;
    if (!jar.enabled) throw new AppError(404, 'notFound', 'This site has no tip jar');
    if (!jar.plans.includes(order.planType))
      throw badRequest('planType', 'This plan is not offered by the tip jar');
    // §5: "survey answer required when a survey is shown".
    const answers = order.survey ?? [];
    const answered = jar.survey.map((s) => ({
      q: s.q,
      a: (answers.find((a) => a.q === s.q)?.a ?? '').trim(),
    }));
    if (answered.some((a) => !a.a)) throw badRequest('survey', COMMERCE_MESSAGES.requiredInformation);

    const pay = await checkout.cardPayment(user, order, order.amountCents, ip);
    const nowMs = now();
    const at = iso(nowMs);
    const monthly = order.planType === 'month';
    const end = monthly ? periodEnd(nowMs, { planType: 'month', duration: null, durationUnit: null }) : null;
    const name = monthly ? 'Monthly donation' : 'One-time donation';
    const purchase: Insertable<PurchasesTable> = {
      id: randomUUID(),
      site_uid: user.siteUid,
      user_id: user.id,
      bundle_id: null,
      rental_id: null,
      name,
      type: DONATION_TYPE,
      status: 'active',
      currency: 'USD',
      amount_cents: order.amountCents,
      original_amount_cents: order.amountCents,
      taxes_amount_cents: pay.taxCents,
      is_recurring: monthly ? 1 : 0,
      discounted_billing_cycles: null,
      gateway: pay.gateway,
      gateway_id: null,
      gateway_method: pay.gatewayMethod,
      plan_type: order.planType,
      coupon_code: null,
      available_from: at,
      // A one-time donation is over when made; a monthly one runs to its renewal.
      available_to: end === null ? at : iso(end),
      previous_purchase: null,
      access_info: null,
      bundle_type: null,
      billing_address: JSON.stringify(pay.billing),
      shipping_address: null,
      shipping_full_name: null,
      description: name,
      status_history: JSON.stringify([{ status: 'active', timestamp: at }]),
      created_at: at,
      updated_at: at,
      trial_ends_at: null,
      period_started_at: at,
      period_paid_cents: order.amountCents,
      next_cycle_cents: monthly ? order.amountCents : null,
      payment_method_id: pay.methodId,
      cancel_subscription_in_progress: 0,
      is_gift: 0,
      gifted_to_email: null,
      redeemed_by_user_id: null,
      redeemed_at: null,
      survey: answered.length > 0 ? JSON.stringify(answered) : null,
    };
    return {
      planned: {
        purchase,
        cardToken: pay.cardToken,
        taxCents: pay.taxCents,
        prorationCents: 0,
        replaces: null,
        name,
      },
      amountCents: order.amountCents + pay.taxCents,
      gateway: pay.gateway,
      methodId: pay.methodId,
    };
  }

  return {
    /** POST /api/donation/subscribe with its Idempotency-Key. */
    donate(user: AuthUser, key: string, order: DonationIn, ip: string | undefined): Promise<Replay> {
      // Its own pending slot per plan: a one-time and a monthly donation may be made side by side.
      return checkout.donate(user, key, order, `donation:${order.planType}`, () => plan(user, order, ip));
    },

    /** GET /api/donation/subscriptions?page: the user's donations, newest first. */
    async page(user: AuthUser, q: { page: number; pageSize: number }) {
      const { rows, total } = await repo.page(user.siteUid, user.id, q);
      const pages = Math.ceil(total / q.pageSize);
      return {
        items: rows.map(toPurchase),
        current_page: q.page,
        items_per_page: q.pageSize,
        next_page: q.page + 1 < pages ? q.page + 1 : null,
        prev_page: q.page > 0 ? q.page - 1 : null,
        total_items: total,
        total_pages: pages,
      };
    },
  };
}
export type Donations = ReturnType<typeof createDonations>;
