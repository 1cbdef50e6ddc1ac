import {
  ApiCouponParams,
  ApiIdParams,
  ApplyCouponBody,
  ApplyCouponResult,
  Bundle,
  BundleList,
  BundleParams,
  ClientQuery,
  CouponParams,
  GatewayList,
  RentalList,
  SiteParams,
  TaxesBody,
  TaxesResult,
} from '@marquee/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/auth';
import { errorResponses, security } from '../../../plugins/openapi';
import type { SitesService } from '../../sites';
import type { SiteGateways } from '../gateways/site-gateways';
import { requiredCouponCode, type OffersService } from './offers.service';
import { login, refusals } from '../route-schemas';

/**
 * The catalogue (accounts-and-commerce §7 Bundles, Rentals): offers under /v2/sites/{site}/…, one
 * bundle, coupons, taxes, the site's payment gateways and the bundles the viewer does not hold.
 */
export const offersRoutes =
  ({
    offers,
    siteGateways,
    sites,
  }: {
    offers: OffersService;
    siteGateways: Pick<SiteGateways, 'list'>;
    /** The signed-in viewer's site (their token's). */
    sites: Pick<SitesService, 'byUid'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
    /** The site of a route without `{site}`: the viewer's own when signed in, else the request's. */
    const siteOfViewer = (req: FastifyRequest) => (req.user ? sites.byUid(req.user.siteUid) : req.site());
    // ---------- catalogue ----------
    app.get(
      '/v2/sites/:site/bundles',
      {
        schema: {
          operationId: 'listBundles',
          security: security.optionalUser,
          tags,
          summary: 'Listed bundles (not rentals) for sale; activeForUser for a signed-in viewer',
          params: SiteParams,
          querystring: ClientQuery,
          response: { 200: BundleList, ...refusals },
        },
      },
      async (req) => ({ items: await offers.bundles(await req.site(), req.user) }),
    );
    app.get(
      '/v2/sites/:site/giftables',
      {
        schema: {
          operationId: 'listGiftables',
          security: security.optionalUser,
          tags,
          summary: 'Bundles that may be bought as a gift',
          params: SiteParams,
          querystring: ClientQuery,
          response: { 200: BundleList, ...refusals },
        },
      },
      async (req) => ({ items: await offers.giftables(await req.site(), req.user) }),
    );
    app.get(
      '/v2/sites/:site/rentals',
      {
        schema: {
          operationId: 'listRentals',
          security: security.public,
          tags,
          summary: 'Rentals for sale; availableTo is when one rented now ends',
          params: SiteParams,
          querystring: ClientQuery,
          response: { 200: RentalList, ...refusals },
        },
      },
      async (req) => ({ items: await offers.rentals(await req.site()) }),
    );
    app.get(
      '/v2/sites/:site/rentals/coupon/:code',
      {
        schema: {
          operationId: 'listRentalsWithCoupon',
          security: security.public,
          tags,
          summary: 'Rentals with the coupon applied where it applies (400 for an unknown or expired coupon)',
          params: CouponParams,
          querystring: ClientQuery,
          response: { 200: RentalList, ...refusals },
        },
      },
      async (req) => ({ items: await offers.rentals(await req.site(), req.params.code) }),
    );
    app.post(
      '/v2/sites/:site/bundles/:id/apply-coupon',
      {
        schema: {
          operationId: 'applyBundleCoupon',
          security: security.optionalUser,
          tags,
          summary:
            'The bundle with the coupon applied and "Promo Code Applied", or the coupon error (field couponCode)',
          params: BundleParams,
          querystring: ClientQuery,
          body: ApplyCouponBody,
          response: { 200: ApplyCouponResult, ...refusals },
        },
      },
      async (req) => {
        // An empty code is a 400 before an unknown site's 404.
        const code = requiredCouponCode(req.body.couponCode);
        return offers.applyCoupon(await req.site(), req.params.id, code, req.user);
      },
    );
    app.post(
      '/v2/sites/:site/bundles/:id/taxes',
      {
        schema: {
          operationId: 'getBundleTaxes',
          security: security.public,
          tags,
          summary: 'Tax on the first payment at an address (allowAvalara sites; the tax table or AvaTax)',
          params: BundleParams,
          querystring: ClientQuery,
          body: TaxesBody,
          response: { 200: TaxesResult, ...refusals },
        },
      },
      async (req) => offers.taxes(await req.site(), req.params.id, req.body),
    );
    app.get(
      '/api/bundle/get/:id',
      {
        schema: {
          operationId: 'getBundle',
          security: security.optionalUser,
          tags,
          summary: "One bundle of the request's site (unlisted ones too); 404 when not for sale",
          params: ApiIdParams,
          querystring: ClientQuery,
          response: { 200: Bundle, ...refusals },
        },
      },
      async (req) => {
        const site = await siteOfViewer(req);
        return offers.bundle(site.uid, req.params.id, req.user);
      },
    );
    app.get(
      '/api/payment/gateways',
      {
        schema: {
          operationId: 'listPaymentGateways',
          security: security.public,
          tags,
          summary: "The payment gateways the request's site takes orders through",
          querystring: ClientQuery,
          response: { 200: GatewayList, ...errorResponses(400) },
        },
      },
      async (req) => {
        const site = await siteOfViewer(req);
        return siteGateways.list(site.uid);
      },
    );
    // ---------- the viewer's bundles ----------
    app.get(
      '/api/payment/nonpurchasedbundles',
      {
        ...login,
        schema: {
          operationId: 'listNonPurchasedBundles',
          security: security.user,
          tags,
          summary: 'Listed bundles the viewer does not hold',
          querystring: ClientQuery,
          response: { 200: BundleList, ...refusals },
        },
      },
      async (req) => ({ items: await offers.nonPurchased(requireUser(req)) }),
    );
    app.get(
      '/api/payment/nonpurchasedbundles/coupon/:code',
      {
        ...login,
        schema: {
          operationId: 'listNonPurchasedBundlesWithCoupon',
          security: security.user,
          tags,
          summary: 'Bundles the viewer does not hold, with the coupon applied where it applies',
          params: ApiCouponParams,
          querystring: ClientQuery,
          response: { 200: BundleList, ...refusals },
        },
      },
      async (req) => ({ items: await offers.nonPurchased(requireUser(req), req.params.code) }),
    );
  };
