import type { MyBundle, Purchase } from '@marquee/contract';
import {
  centsToAmount,
  COMMERCE_MESSAGES,
  declineMessage,
  priceOffer,
  proratedFirstPayment,
  toPage,
  unusedTimeCredit,
} from '@marquee/domain';
import type { EventEmitter } from '../../../infra/event-bus';
import type { AuthUser } from '../../../plugins/auth';
import { AppError, badRequest } from '../../../plugins/errors';
import type { ChargesRepository } from '../checkout/charges.repository';
import { toPurchase } from '../commerce.mapper';
import type { GatewayRegistry } from '../gateways/gateway';
import type { SiteGateways } from '../gateways/site-gateways';
import type { OffersRepository } from '../offers/offers.repository';
import { offerOf, unavailable, type OffersService } from '../offers/offers.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import type { ReactivationOutcome } from '../renewals/renewals.service';
import { LIVE_STATUSES, type PurchasesRepository } from './purchases.repository';

/** The card update's answer when reactivating the purchase on it did not work. */
function throwUnlessReactivated(outcome: ReactivationOutcome): void {
  if (outcome.kind === 'declined')
    throw new AppError(402, 'cardDeclined', declineMessage(outcome.declineCode), 'gatewayData.paymentMethod');
  if (outcome.kind === 'pending') throw new AppError(502, 'paymentFailed', COMMERCE_MESSAGES.paymentFailure);
}

const purchaseNotFound = () => new AppError(404, 'notFound', 'Purchase not found');

/** The purchases page (accounts-and-commerce §4): lists, one purchase, cancel, proration, its card. */
export function createPurchasesService(deps: {
  repo: PurchasesRepository;
  charges: Pick<ChargesRepository, 'chargesOfUser'>;
  offersRepo: Pick<OffersRepository, 'bundle'>;
  offers: Pick<OffersService, 'couponFor' | 'sellable' | 'liveBundleIds' | 'bundle'>;
  methods: Pick<PaymentMethodsService, 'ownMethod'>;
  gateways: GatewayRegistry;
  siteGateways: Pick<SiteGateways, 'gatewayFor'>;
  /** Restarts billing of a suspended purchase on its (new) saved card (renewals). */
  reactivate: (purchaseId: string) => Promise<ReactivationOutcome>;
  events: EventEmitter;
  now: () => number;
}) {
  const { repo, offers, gateways, now } = deps;
  const iso = () => new Date(now()).toISOString();
  const changed = (siteUid: string, userId: string) =>
    deps.events.emit('purchaseChanged', { siteUid, userId });

  /** The user's own purchase, or 404 (another user's id never shows its data). */
  async function ownPurchase(user: AuthUser, id: string) {
    const row = await repo.purchase(id);
    if (!row || row.user_id !== user.id || row.site_uid !== user.siteUid) throw purchaseNotFound();
    return row;
  }

  return {
    ownPurchase,
    upgradeCredit,

    async purchasedPage(user: AuthUser, q: { page: number; pageSize: number }, gifts = false) {
      const { rows, total } = await repo.purchasesPage(user.siteUid, user.id, { ...q, gifts });
      return toPage(rows.map(toPurchase), q.page, q.pageSize, total);
    },
    /** The viewer's rentals on the site; none on another site than their own. */
    async rentalsPage(user: AuthUser, siteUid: string, q: { page: number; pageSize: number }) {
      if (siteUid !== user.siteUid) return toPage([], q.page, q.pageSize, 0);
      const { rows, total } = await repo.purchasesPage(siteUid, user.id, { ...q, types: ['RENTAL'] });
      return toPage(rows.map(toPurchase), q.page, q.pageSize, total);
    },
    async purchasedIds(user: AuthUser) {
      return { items: [...(await offers.liveBundleIds(user.siteUid, user))] };
    },
    /** GET me/sites/{site}/bundles/{id}: the bundle (404 when not for sale) and the viewer's purchase of it. */
    async myBundle(user: AuthUser, siteUid: string, bundleId: string): Promise<MyBundle> {
      const bundle = await offers.bundle(siteUid, bundleId, user);
      const rows = await repo.ofBundle(siteUid, user.id, bundleId);
      const live = (r: (typeof rows)[number]) =>
        (LIVE_STATUSES as readonly string[]).includes(r.status) &&
        (r.available_to === null || r.available_to > iso());
      const mine = rows.find(live) ?? rows[0];
      return { ...bundle, purchase: mine ? toPurchase(mine) : null };
    },
    async purchase(user: AuthUser, id: string): Promise<Purchase> {
      return toPurchase(await ownPurchase(user, id));
    },

    /** POST /api/payment/unsubscribe: "status is updated and canceledDate set". */
    async unsubscribe(user: AuthUser, purchaseId: string): Promise<Purchase> {
      if (!purchaseId)
        throw new AppError(400, 'noSelection', COMMERCE_MESSAGES.noSubscriptionSelected, 'purchaseId');
      const row = await ownPurchase(user, purchaseId);
      if (row.status === 'canceled')
        throw new AppError(409, 'alreadyCanceled', 'This purchase is already canceled', 'purchaseId');
      await repo.cancelPurchase(row.id, user.id, iso());
      changed(row.site_uid, user.id);
      return toPurchase((await repo.purchase(row.id))!);
    },

    /** GET …/purchases/{id}/calculateProration: the upgrade's unused-time credit and first payment. */
    async proration(user: AuthUser, purchaseId: string, bundleId: string, couponCode?: string) {
      const { credit, bundle } = await upgradeCredit(user, purchaseId, bundleId);
      const offer = offerOf(bundle);
      const price = priceOffer(
        offer,
        couponCode ? await offers.couponFor(user.siteUid, offer, couponCode) : undefined,
      );
      return {
        bundleId: bundle.id,
        unusedTime: centsToAmount(credit),
        unusedTimeCents: credit,
        firstPaymentCents: proratedFirstPayment(price.firstCycleCents, credit),
        laterPaymentsCents: price.laterCyclesCents,
      };
    },

    /**
     * PUT /api/payment/purchases/{id}/method: "Payment method may be changed if recurring, gateway is
     * one of the listed, and status is not canceled"; the method it already renews with is refused
     * with "This is your current payment method, you should choose another one".
     */
    async changePurchaseMethod(user: AuthUser, id: string, gateway: string, methodId: string | undefined) {
      const row = await ownPurchase(user, id);
      if (row.is_recurring !== 1 || row.status === 'canceled' || !gateways[row.gateway]?.savesCards)
        throw new AppError(
          409,
          'methodNotChangeable',
          'The payment method of this purchase cannot be changed',
          'id',
        );
      if (gateway !== row.gateway)
        throw badRequest('gateway', `This purchase is paid through ${row.gateway}`);
      await deps.siteGateways.gatewayFor(user.siteUid, gateway);
      if (!methodId) throw badRequest('gatewayData.paymentMethod', COMMERCE_MESSAGES.requiredInformation);
      const method = await deps.methods.ownMethod(user, gateway, methodId).catch(() => {
        throw new AppError(404, 'notFound', 'Payment method not found', 'gatewayData.paymentMethod');
      });
      if (method.id === row.payment_method_id)
        throw new AppError(
          409,
          'sameMethod',
          COMMERCE_MESSAGES.sameDefaultMethod,
          'gatewayData.paymentMethod',
        );
      await repo.setPurchaseMethod(row.id, method.id, iso());
      changed(row.site_uid, user.id);
      // A suspended purchase (renewal failed) restarts on the new card; the card stays set either way.
      if (row.status === 'suspended') throwUnlessReactivated(await deps.reactivate(row.id));
      return {
        purchase: toPurchase((await repo.purchase(row.id))!),
        message: COMMERCE_MESSAGES.purchasesUpdated,
      };
    },

    async billingHistory(user: AuthUser) {
      const charges = await deps.charges.chargesOfUser(user.siteUid, user.id);
      return {
        items: charges
          .filter((c) => c.status !== 'pending' && c.status !== 'abandoned')
          .map((c) => {
            const plan = JSON.parse(c.purchase_plan) as { name?: string };
            return {
              id: c.id,
              purchaseId: c.purchase_id,
              name: plan.name ?? '',
              gateway: c.gateway,
              amount: centsToAmount(c.amount_cents),
              amountCents: c.amount_cents,
              status: c.status,
              declineCode: c.decline_code,
              createdAt: c.created_at,
            };
          }),
      };
    },

    /** The user's suspended purchases (the alert after login; §4 "A suspended purchase triggers an alert"). */
    async suspended(user: AuthUser) {
      return (await repo.suspended(user.siteUid, user.id)).map(toPurchase);
    },
  };

  /**
   * An upgrade of the user's purchase to a bundle: "Upgrade is possible if recurring, gateway listed,
   * status active or trialing, and at least one upgrade bundle not already purchased" (§4). The credit
   * is the unused time of the current period.
   */
  async function upgradeCredit(user: AuthUser, purchaseId: string, bundleId: string) {
    const old = await ownPurchase(user, purchaseId);
    const bundle = await deps.offersRepo.bundle(user.siteUid, bundleId);
    if (!bundle || !offers.sellable(bundle)) throw unavailable();
    const oldBundle = old.bundle_id ? await deps.offersRepo.bundle(user.siteUid, old.bundle_id) : undefined;
    let targets: string[] = [];
    try {
      targets = oldBundle ? (JSON.parse(oldBundle.upgrades_to) as string[]) : [];
    } catch {
      targets = [];
    }
    if (
      old.is_recurring !== 1 ||
      !['active', 'trialing'].includes(old.status) ||
      !targets.includes(bundle.id) ||
      (await offers.liveBundleIds(user.siteUid, user)).has(bundle.id)
    )
      throw new AppError(
        409,
        'notUpgradable',
        'This purchase cannot be upgraded to this bundle',
        'upgradesPurchase',
      );
    const credit = unusedTimeCredit({
      paidCents: old.period_paid_cents ?? 0,
      periodStartMs: Date.parse(old.period_started_at ?? old.available_from ?? old.created_at),
      periodEndMs: old.available_to ? Date.parse(old.available_to) : null,
      nowMs: now(),
    });
    return { credit, bundle, old };
  }
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
