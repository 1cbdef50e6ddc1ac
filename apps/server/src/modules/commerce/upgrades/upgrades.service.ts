import type { Bundle, Order, SubscriptionRequiresUpgrade, UpgradePurchaseBody } from '@marquee/contract';
import { isRentalType } from '@marquee/domain';
import type { AuthUser } from '../../../plugins/auth';
import { stringList, toBundle } from '../commerce.mapper';
import type { SiteGateways } from '../gateways/site-gateways';
import type { OffersRepository } from '../offers/offers.repository';
import type { OffersService } from '../offers/offers.service';
import type { PurchasesRepository } from '../purchases/purchases.repository';
import type { PurchasesService } from '../purchases/purchases.service';

/**
 * Upgrades (§4 Purchases page: "Upgrade is possible if recurring, gateway listed, status active or
 * trialing, and at least one upgrade bundle not already purchased"; decision 0033). The upgrade
 * itself is an ordinary checkout with `upgradesPurchase` (decision 0029's path): this only turns
 * the endpoint's body into that order, defaulting the card and billing address to the old purchase's.
 */
export function createUpgrades(deps: {
  offersRepo: Pick<OffersRepository, 'bundle'>;
  purchasesRepo: Pick<PurchasesRepository, 'livePurchases'>;
  offers: Pick<OffersService, 'sellable'>;
  purchases: Pick<PurchasesService, 'ownPurchase'>;
  siteGateways: Pick<SiteGateways, 'list'>;
  now: () => number;
}) {
  const { offers, purchases } = deps;

  /** A free purchase has no card gateway of its own: its upgrade is paid through the site's first. */
  const cardGateway = async (siteUid: string) =>
    ((await deps.siteGateways.list(siteUid)).items.find((g) => g.savesCards)?.name ??
      'test') as Order['gateway'];

  return {
    /** GET /api/payment/subscriptionRequiresUpgrade/{id}. 404 for anyone else's purchase. */
    async requiresUpgrade(user: AuthUser, purchaseId: string): Promise<SubscriptionRequiresUpgrade> {
      const old = await purchases.ownPurchase(user, purchaseId);
      const upgradable =
        old.is_recurring === 1 &&
        ['active', 'trialing'].includes(old.status) &&
        (await deps.siteGateways.list(user.siteUid)).items.some((g) => g.name === old.gateway);
      const oldBundle = old.bundle_id ? await deps.offersRepo.bundle(user.siteUid, old.bundle_id) : undefined;
      if (!upgradable || !oldBundle) return { requiresUpgrade: false, bundles: [] };
      const held = new Set(
        (
          await deps.purchasesRepo.livePurchases(user.siteUid, user.id, new Date(deps.now()).toISOString())
        ).map((p) => p.bundle_id),
      );
      const bundles: Bundle[] = [];
      for (const id of stringList(oldBundle.upgrades_to)) {
        if (held.has(id)) continue;
        const row = await deps.offersRepo.bundle(user.siteUid, id);
        if (row && offers.sellable(row) && !isRentalType(row.type)) bundles.push(toBundle(row));
      }
      return { requiresUpgrade: bundles.length > 0, bundles };
    },

    /** The checkout order of POST /api/payment/purchases/{id}/upgrade-purchase (404 for anyone else's). */
    async orderOf(user: AuthUser, purchaseId: string, body: UpgradePurchaseBody) {
      const old = await purchases.ownPurchase(user, purchaseId);
      const gatewayData = body.gatewayData ?? {};
      const usesOldCard = !gatewayData.paymentMethod && !gatewayData.card && !gatewayData.token;
      let billing = body.billingAddress;
      if (!billing && old.billing_address) {
        try {
          billing = JSON.parse(old.billing_address) as typeof billing;
        } catch {
          billing = undefined;
        }
      }
      const order: Order & { gatewayData: NonNullable<Order['gatewayData']>; type: 'Bundle' } = {
        gateway:
          body.gateway ??
          (old.gateway === 'free' ? await cardGateway(user.siteUid) : (old.gateway as Order['gateway'])),
        gatewayMethod: body.gatewayMethod ?? (usesOldCard ? 'existingCard' : undefined),
        gatewayData:
          usesOldCard && old.payment_method_id
            ? { ...gatewayData, paymentMethod: old.payment_method_id }
            : gatewayData,
        resourceId: body.bundleId,
        type: 'Bundle',
        couponCode: body.couponCode,
        isUpgrade: true,
        upgradesPurchase: old.id,
        billingAddress: billing,
        recaptchaToken: body.recaptchaToken,
        // Confirming the upgrade accepts the recurring terms of the bundle upgraded to.
        disclaimerAccepted: true,
      };
      return order;
    },
  };
}
export type Upgrades = ReturnType<typeof createUpgrades>;
