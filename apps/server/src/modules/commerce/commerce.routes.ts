import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogService } from '../catalog';
import type { SitesService } from '../sites';
import { addressesRoutes } from './addresses/addresses.routes';
import { checkoutRoutes } from './checkout/checkout.routes';
import { countryCodesRoutes } from './checkout/country-codes.routes';
import { paypalRoutes } from './checkout/paypal.routes';
import type { CommerceModule } from './commerce.module';
import { donationsRoutes } from './donations/donations.routes';
import { giftsRoutes } from './gifts/gifts.routes';
import { offersRoutes } from './offers/offers.routes';
import { purchaseLinkRoutes } from './offers/purchase-link.routes';
import { paymentMethodsRoutes } from './payment-methods/payment-methods.routes';
import { purchasesRoutes } from './purchases/purchases.routes';
import { upgradesRoutes } from './upgrades/upgrades.routes';
import { webhookRoutes } from './webhooks/webhooks.routes';

/**
 * Every commerce route (accounts-and-commerce §2, §4, §5, §7, §9), each sub-folder's plugin given
 * only the services it calls. The order is the OpenAPI document's: keep it.
 */
export const commerceRoutes =
  (
    commerce: CommerceModule,
    others: {
      sites: Pick<SitesService, 'byUid'>;
      catalog: Pick<CatalogService, 'video'>;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const {
      offers,
      siteGateways,
      purchases,
      addresses,
      checkout,
      methods,
      gifts,
      donations,
      upgrades,
      webhooks,
    } = commerce;
    const { sites, catalog } = others;
    await app.register(offersRoutes({ offers, siteGateways, sites }));
    await app.register(purchasesRoutes({ purchases, sites }));
    await app.register(addressesRoutes({ addresses }));
    await app.register(checkoutRoutes({ checkout }));
    await app.register(paymentMethodsRoutes({ methods }));
    await app.register(giftsRoutes({ checkout, gifts, sites }));
    await app.register(donationsRoutes({ donations }));
    await app.register(upgradesRoutes({ upgrades, checkout }));
    await app.register(countryCodesRoutes);
    await app.register(purchaseLinkRoutes({ catalog }));
    await app.register(webhookRoutes({ webhooks }));
    await app.register(paypalRoutes({ checkout }));
  };
