import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { EventEmitter } from '../../infra/event-bus';
import type { Mailer } from '../../infra/mailer';
import type { ScheduledTask } from '../../infra/scheduler';
import type { Captcha } from '../auth';
import type { SitesService } from '../sites';
import { createChargesRepository } from './checkout/charges.repository';
import { createCheckout } from './checkout/checkout.service';
import { createOrderPlanner } from './checkout/order-plan';
import { createDonationsRepository } from './donations/donations.repository';
import { createDonations } from './donations/donations.service';
import { createAuthorizenetGateway, type AuthorizenetConfig } from './gateways/authorizenet-gateway';
import { createFreeGateway } from './gateways/free-gateway';
import type { GatewayRegistry } from './gateways/gateway';
import { createPaypalClient, createPaypalGateways, type PaypalConfig } from './gateways/paypal-gateway';
import { createPaypalPlansRepository } from './gateways/paypal-plans.repository';
import { createSiteGateways } from './gateways/site-gateways';
import { createStripeGateway, type StripeConfig } from './gateways/stripe-gateway';
import { createTestGateway } from './gateways/test-gateway';
import { createTestGatewayRepository } from './gateways/test-gateway.repository';
import { createGiftsRepository } from './gifts/gifts.repository';
import { createGifts } from './gifts/gifts.service';
import { createOffersRepository } from './offers/offers.repository';
import { createOffersService } from './offers/offers.service';
import { createTableTaxProvider, type TaxProvider } from './offers/tax-provider';
import { createPaymentMethodsRepository } from './payment-methods/payment-methods.repository';
import { createPaymentMethodsService } from './payment-methods/payment-methods.service';
import { createAddressesRepository } from './addresses/addresses.repository';
import { createAddressesService } from './addresses/addresses.service';
import { createPurchasesRepository } from './purchases/purchases.repository';
import { createPurchasesService } from './purchases/purchases.service';
import { createRenewalsRepository } from './renewals/renewals.repository';
import { createRenewals } from './renewals/renewals.service';
import { createUpgrades } from './upgrades/upgrades.service';
import { createPaypalSubscriptionsRepository } from './webhooks/paypal-subscriptions.repository';
import { createPaypalSubscriptions } from './webhooks/paypal-subscriptions.service';
import { createWebhooksRepository } from './webhooks/webhooks.repository';
import { createWebhooksService } from './webhooks/webhooks.service';

/**
 * Builds the commerce service and checkout with their gateways (free, test unless production forbids
 * it; stripe, paypal and authorizenet join the registry when configured; each site enables the ones it takes
 * orders through, decision 0036) and tax providers. The captcha is the signup one, checked
 * with the commerce actions (addCard, purchase).
 */
export function createCommerceModule(deps: {
  db: Db;
  /** A site named by a token or a stored purchase (checkout, donations, renewal taxes). */
  sites: Pick<SitesService, 'byUid'>;
  /** The gateway names each site has enabled (decision 0036). */
  siteGateways: (siteUid: string) => Promise<string[]>;
  /**
   * Whether the embedded test gateway runs at all: not in production unless the operator allowed
   * it (ALLOW_TEST_PAYMENTS_IN_PRODUCTION), whatever a site enables.
   */
  testGateway: boolean;
  /** The app's captcha (the signup one), checked with the commerce actions. */
  captcha: Pick<Captcha, 'verify'>;
  /** Stripe joins the registry only when configured (decision 0031). */
  stripe?: StripeConfig;
  /** paypal and paypal-sub join the registry only when configured (decision 0031). */
  paypal?: PaypalConfig;
  /** authorizenet, the second card gateway, joins the registry only when configured (decision 0058). */
  authorizenet?: AuthorizenetConfig;
  now: () => number;
  log: Logger;
  /** Where purchaseChanged is announced (entitlements subscribe). */
  events: EventEmitter;
  /** An AvaTax adapter, used on sites with allowAvalara (none by default: the table answers). */
  avalara?: TaxProvider;
  /** Gift e-mails (decision 0033); the accounts' mailer. */
  mailer: Pick<Mailer, 'send'>;
}) {
  const { db, now, log, events } = deps;
  const offersRepo = createOffersRepository(db);
  const purchasesRepo = createPurchasesRepository(db);
  const methodsRepo = createPaymentMethodsRepository(db);
  const chargesRepo = createChargesRepository(db);

  const testGateway = createTestGateway(createTestGatewayRepository(db), now);
  const gateways: GatewayRegistry = {
    ...(deps.testGateway ? { test: testGateway } : {}),
    free: createFreeGateway(),
  };
  if (deps.stripe) gateways.stripe = createStripeGateway(deps.stripe);
  const paypalClient = deps.paypal ? createPaypalClient(deps.paypal, now) : undefined;
  if (paypalClient) {
    const pp = createPaypalGateways(paypalClient, {
      lookup: async (id) => {
        const c = await chargesRepo.charge(id);
        return c && { ref: c.gateway_ref, createdAtMs: Date.parse(c.created_at) };
      },
      now,
      plans: createPaypalPlansRepository(db, now),
    });
    gateways.paypal = pp.paypal;
    gateways['paypal-sub'] = pp.paypalSub;
  }
  if (deps.authorizenet) gateways.authorizenet = createAuthorizenetGateway(deps.authorizenet);
  const siteGateways = createSiteGateways(gateways, deps.siteGateways);

  // Built in dependency order: offers ← renewals ← payment methods ← purchases ← checkout.
  const offers = createOffersService({
    repo: offersRepo,
    purchases: purchasesRepo,
    taxes: { table: createTableTaxProvider(offersRepo.taxRates), avalara: deps.avalara },
    now,
  });
  const renewals = createRenewals({
    repo: createRenewalsRepository(db),
    offers: offersRepo,
    methods: methodsRepo,
    gateways,
    siteGateways: deps.siteGateways,
    now,
    events,
    log,
    // Renewals are taxed as checkout is: the site's provider (allowAvalara), on the stored address.
    taxFor: async ({ siteUid, amountCents, address }) =>
      (await offers.quoteTax(await deps.sites.byUid(siteUid), amountCents, address)).taxCents,
  });
  const methods = createPaymentMethodsService({
    repo: methodsRepo,
    purchases: purchasesRepo,
    siteGateways,
    captcha: (token, ctx) => deps.captcha.verify(token, ctx),
    reactivate: renewals.reactivate,
    events,
    now,
  });
  const purchases = createPurchasesService({
    repo: purchasesRepo,
    charges: chargesRepo,
    offersRepo,
    offers,
    methods,
    gateways,
    siteGateways,
    reactivate: renewals.reactivate,
    events,
    now,
  });
  const gifts = createGifts({
    repo: createGiftsRepository(db),
    offers: offersRepo,
    mailer: deps.mailer,
    now,
    events,
  });
  const checkout = createCheckout({
    repo: chargesRepo,
    purchases: purchasesRepo,
    planner: createOrderPlanner({
      offersRepo,
      purchasesRepo,
      methodsRepo,
      offers,
      sites: deps.sites,
      purchases,
      methods,
      siteGateways,
      now,
    }),
    gateways,
    now,
    events,
    log,
    onGiftRecorded: (purchaseId, origin) => gifts.mailRecipient(purchaseId, origin),
  });
  const donations = createDonations({
    repo: createDonationsRepository(db),
    sites: deps.sites,
    checkout,
    now,
  });
  const webhooks = createWebhooksService({
    repo: createWebhooksRepository(db),
    checkout,
    stripe: deps.stripe,
    paypal:
      paypalClient && deps.paypal ? { client: paypalClient, webhookId: deps.paypal.webhookId } : undefined,
    paypalSubs: createPaypalSubscriptions({
      repo: createPaypalSubscriptionsRepository(db),
      offers: offersRepo,
      now,
      events,
    }),
    now,
    log,
    events,
  });
  const upgrades = createUpgrades({ offersRepo, purchasesRepo, offers, purchases, siteGateways, now });
  /**
   * What the scheduler runs at start-up and every minute, in this order (decision 0032): reconcile
   * (a crash between a gateway's charge and our record gets its purchase before the server takes
   * traffic; charges of requests that died on other nodes), then renewals.
   */
  const scheduledTasks: ScheduledTask[] = [
    { name: 'reconcile', run: () => checkout.reconcile() },
    { name: 'renewals', run: () => renewals.run() },
  ];
  const addresses = createAddressesService({ repo: createAddressesRepository(db), now });
  return {
    offers,
    siteGateways,
    purchases,
    addresses,
    methods,
    checkout,
    renewals,
    gifts,
    donations,
    upgrades,
    webhooks,
    testGateway,
    scheduledTasks,
  };
}
export type CommerceModule = ReturnType<typeof createCommerceModule>;

/** How often the scheduler runs commerce's tasks after the start-up pass. */
export const COMMERCE_TASKS_INTERVAL_MS = 60_000;
