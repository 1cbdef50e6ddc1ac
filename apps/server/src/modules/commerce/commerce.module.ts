import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Config } from '../../plugins/config';
import { createCaptcha } from '../auth';
import type { SitesService } from '../sites';
import type { Mailer } from '../../infra/mailer';
import { createCheckout } from './checkout';
import { createDonations } from './donations';
import { createGifts } from './gifts';
import { createCommerceRepository } from './commerce.repository';
import { createCommerceService } from './commerce.service';
import { createPaypalPlansRepository } from './paypal-plans.repository';
import { createPaypalSubscriptions } from './paypal-subscriptions';
import { createRenewals } from './renewals';
import { createUpgrades } from './upgrades';
import { createFreeGateway } from './gateways/free-gateway';
import type { GatewayRegistry } from './gateways/gateway';
import { createPaypalClient, createPaypalGateways, type PaypalConfig } from './gateways/paypal-gateway';
import { createStripeGateway, type StripeConfig } from './gateways/stripe-gateway';
import { createTestGateway } from './gateways/test-gateway';
import { createTableTaxProvider, type TaxProvider } from './tax-provider';
import { createWebhooksRepository } from './webhooks.repository';
import { createWebhooksService } from './webhooks.service';

/**
 * Builds the commerce service and checkout with their gateways (free, test unless production forbids
 * it; stripe and paypal join the registry when configured; each site enables the ones it takes
 * orders through, decision 0036) and tax providers. The captcha is the signup one, checked
 * with the commerce actions (addCard, purchase).
 */
export function createCommerceModule(deps: {
  db: Db;
  sites: Pick<SitesService, 'get'>;
  /** The gateway names each site has enabled (decision 0036). */
  siteGateways: (siteUid: string) => Promise<string[]>;
  /**
   * Whether the embedded test gateway runs at all: not in production unless the operator allowed
   * it (ALLOW_TEST_PAYMENTS_IN_PRODUCTION), whatever a site enables.
   */
  testGateway: boolean;
  captcha: Config['captcha'];
  /** Stripe joins the registry only when configured (decision 0031). */
  stripe?: StripeConfig;
  /** paypal and paypal-sub join the registry only when configured (decision 0031). */
  paypal?: PaypalConfig;
  limiter: RateLimiter;
  now: () => number;
  log: Logger;
  onPurchaseChange: (siteUid: string, userId: string) => void;
  /** An AvaTax adapter, used on sites with allowAvalara (none by default: the table answers). */
  avalara?: TaxProvider;
  /** Gift e-mails (decision 0033); the accounts' mailer. */
  mailer: Pick<Mailer, 'send'>;
}) {
  const repo = createCommerceRepository(deps.db);
  const testGateway = createTestGateway(deps.db, deps.now);
  const gateways: GatewayRegistry = {
    ...(deps.testGateway ? { test: testGateway } : {}),
    free: createFreeGateway(),
  };
  if (deps.stripe) gateways.stripe = createStripeGateway(deps.stripe);
  const paypalClient = deps.paypal ? createPaypalClient(deps.paypal, deps.now) : undefined;
  if (paypalClient) {
    const pp = createPaypalGateways(paypalClient, {
      lookup: async (id) => {
        const c = await repo.charge(id);
        return c && { ref: c.gateway_ref, createdAtMs: Date.parse(c.created_at) };
      },
      now: deps.now,
      plans: createPaypalPlansRepository(deps.db, deps.now),
    });
    gateways.paypal = pp.paypal;
    gateways['paypal-sub'] = pp.paypalSub;
  }
  const captcha = createCaptcha({ config: deps.captcha, limiter: deps.limiter });
  const renewals = createRenewals({
    db: deps.db,
    gateways,
    siteGateways: deps.siteGateways,
    now: deps.now,
    onPurchaseChange: deps.onPurchaseChange,
    log: deps.log,
    // Renewals are taxed as checkout is: the site's provider (allowAvalara), on the stored address.
    taxFor: async ({ siteUid, amountCents, address }) =>
      (await commerce.quoteTax(await commerce.siteOf(siteUid), amountCents, address)).taxCents,
  });
  const commerce = createCommerceService({
    repo,
    sites: deps.sites,
    gateways,
    siteGateways: deps.siteGateways,
    taxes: { table: createTableTaxProvider(repo.taxRates), avalara: deps.avalara },
    captcha: (token, ctx) => captcha.verify(token, ctx),
    now: deps.now,
    onPurchaseChange: deps.onPurchaseChange,
    reactivate: (purchaseId) => renewals.reactivate(purchaseId),
  });
  const gifts = createGifts({
    db: deps.db,
    mailer: deps.mailer,
    now: deps.now,
    onPurchaseChange: deps.onPurchaseChange,
  });
  const checkout = createCheckout({
    repo,
    commerce,
    gateways,
    now: deps.now,
    onPurchaseChange: deps.onPurchaseChange,
    log: deps.log,
    onGiftRecorded: (purchaseId, origin) => gifts.mailRecipient(purchaseId, origin),
  });
  const donations = createDonations({ db: deps.db, sites: deps.sites, checkout, now: deps.now });
  const webhooks = createWebhooksService({
    repo: createWebhooksRepository(deps.db),
    checkout,
    stripe: deps.stripe,
    paypal:
      paypalClient && deps.paypal ? { client: paypalClient, webhookId: deps.paypal.webhookId } : undefined,
    paypalSubs: createPaypalSubscriptions({
      db: deps.db,
      now: deps.now,
      onPurchaseChange: deps.onPurchaseChange,
    }),
    now: deps.now,
    log: deps.log,
    onPurchaseChange: deps.onPurchaseChange,
  });
  const upgrades = createUpgrades({ repo, commerce, now: deps.now });
  return { commerce, checkout, renewals, testGateway, webhooks, gifts, donations, upgrades };
}
