import {
  ApiCouponParams,
  ApprovalResult,
  ApiIdParams,
  ApplyCouponBody,
  ApplyCouponResult,
  BillingHistory,
  Bundle,
  BundleList,
  BundleParams,
  ChangePurchaseMethodBody,
  ChangePurchaseMethodResult,
  CheckoutResult,
  ClientQuery,
  CommercePageQuery,
  CouponParams,
  CreatePaymentMethodBody,
  ErrorResponse,
  GatewayList,
  GatewayMethodParams,
  GatewayParams,
  Order,
  PaymentMethod,
  PaymentMethodList,
  Proration,
  ProrationQuery,
  Purchase,
  PurchasedBundleIds,
  PurchasePage,
  RentalList,
  SetDefaultMethodBody,
  SetDefaultMethodResult,
  SiteParams,
  TaxesBody,
  TaxesResult,
  UnsubscribeBody,
} from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { giftsDonationsRoutes } from './gifts-donations.routes';
import { idempotencyKey } from './idempotency-key';
import { idempotencyHeader, moneyRefusals, refusals } from './route-schemas';
import { errorResponses, security } from '../../plugins/openapi';

/**
 * Commerce (accounts-and-commerce §7 Payments, Bundles, Rentals): the catalogue of offers under
 * /v2/sites/{site}/…, the /api/payment/… calls exactly as the spec writes them, checkout with
 * idempotency keys, saved payment methods and the purchases page. Decision 0029.
 */
export const commerceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
    const c = ctx.commerce;
    /** Login-required calls answer 401 before any 400 about the request. */
    const login = { preValidation: async (req: FastifyRequest) => void requireUser(req) };

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
      async (req) => ({ items: await c.bundles(req.params.site, req.user) }),
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
      async (req) => ({ items: await c.giftables(req.params.site, req.user) }),
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
      async (req) => ({ items: await c.rentals(req.params.site) }),
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
      async (req) => ({ items: await c.rentals(req.params.site, req.params.code) }),
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
      async (req) => c.applyCoupon(req.params.site, req.params.id, req.body.couponCode, req.user),
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
      async (req) => c.taxes(req.params.site, req.params.id, req.body),
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
        const site = req.user ? await ctx.sites.get(req.user.siteUid) : await ctx.sites.resolve(req);
        return c.bundle(site.uid, req.params.id, req.user);
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
        const site = req.user ? await ctx.sites.get(req.user.siteUid) : await ctx.sites.resolve(req);
        return c.gateways(site.uid);
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
      async (req) => ({ items: await c.nonPurchased(requireUser(req)) }),
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
      async (req) => ({ items: await c.nonPurchased(requireUser(req), req.params.code) }),
    );
    app.get(
      '/api/payment/purchasedbundles',
      {
        ...login,
        schema: {
          operationId: 'listPurchases',
          security: security.user,
          tags,
          summary: 'The viewer’s purchases, newest first, without replaced ones (pages from 0)',
          querystring: CommercePageQuery,
          response: { 200: PurchasePage, ...refusals },
        },
      },
      async (req) => c.purchasedPage(requireUser(req), req.query),
    );
    app.get(
      '/api/payment/suspendedPurchases',
      {
        ...login,
        schema: {
          operationId: 'listSuspendedPurchases',
          security: security.user,
          tags,
          summary: 'The viewer’s suspended purchases (renewal failed): the alert after login (decision 0032)',
          response: { 200: z.object({ items: z.array(Purchase) }), ...refusals },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return { items: await ctx.renewals.suspended(user.siteUid, user.id) };
      },
    );
    app.get(
      '/api/payment/giftedbundles',
      {
        ...login,
        schema: {
          operationId: 'listGiftedBundles',
          security: security.user,
          tags,
          summary: 'Gifts the viewer bought (pages from 0)',
          querystring: CommercePageQuery,
          response: { 200: PurchasePage, ...refusals },
        },
      },
      async (req) => c.purchasedPage(requireUser(req), req.query, true),
    );
    app.get(
      '/api/payment/purchasedbundlesIds',
      {
        ...login,
        schema: {
          operationId: 'listPurchasedBundleIds',
          security: security.user,
          tags,
          summary: 'Ids of the bundles the viewer holds now',
          querystring: ClientQuery,
          response: { 200: PurchasedBundleIds, ...refusals },
        },
      },
      async (req) => c.purchasedIds(requireUser(req)),
    );
    app.get(
      '/v2/me/rentals',
      {
        ...login,
        schema: {
          operationId: 'listMyRentals',
          security: security.user,
          tags,
          summary: 'The viewer’s rentals (pages from 0)',
          querystring: CommercePageQuery,
          response: { 200: PurchasePage, ...refusals },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return c.rentalsPage(user, req.query.__site ?? user.siteUid, req.query);
      },
    );
    app.get(
      '/api/payment/purchases/:id',
      {
        ...login,
        schema: {
          operationId: 'getPurchase',
          security: security.user,
          tags,
          summary: 'One of the viewer’s purchases (404 for anyone else’s)',
          params: ApiIdParams,
          querystring: ClientQuery,
          response: { 200: Purchase, ...refusals },
        },
      },
      async (req) => c.purchase(requireUser(req), req.params.id),
    );
    app.get(
      '/api/payment/purchases/:id/calculateProration',
      {
        ...login,
        schema: {
          operationId: 'calculateProration',
          security: security.user,
          tags,
          summary: 'The unused time an upgrade to bundleId credits to its first payment',
          params: ApiIdParams,
          querystring: ProrationQuery,
          response: { 200: Proration, ...refusals, 409: ErrorResponse },
        },
      },
      async (req) => c.proration(requireUser(req), req.params.id, req.query.bundleId, req.query.couponCode),
    );
    app.put(
      '/api/payment/purchases/:id/method',
      {
        ...login,
        schema: {
          operationId: 'changePurchasePaymentMethod',
          security: security.user,
          tags,
          summary: 'Changes the saved card one recurring purchase renews with',
          params: ApiIdParams,
          querystring: ClientQuery,
          body: ChangePurchaseMethodBody,
          response: { 200: ChangePurchaseMethodResult, ...refusals, 409: ErrorResponse },
        },
      },
      async (req) =>
        c.changePurchaseMethod(
          requireUser(req),
          req.params.id,
          req.body.gateway,
          req.body.gatewayData.paymentMethod,
        ),
    );
    app.post(
      '/api/payment/unsubscribe',
      {
        ...login,
        schema: {
          operationId: 'cancelPurchase',
          security: security.user,
          tags,
          summary: 'Cancels a purchase: status canceled, canceledDate set',
          querystring: ClientQuery,
          body: UnsubscribeBody,
          response: { 200: Purchase, ...refusals, 409: ErrorResponse },
        },
      },
      async (req) => c.unsubscribe(requireUser(req), req.body.purchaseId),
    );
    app.get(
      '/api/payment/billingHistory',
      {
        ...login,
        schema: {
          operationId: 'listBillingHistory',
          security: security.user,
          tags,
          summary: 'The viewer’s charges, newest first',
          querystring: ClientQuery,
          response: { 200: BillingHistory, ...refusals },
        },
      },
      async (req) => c.billingHistory(requireUser(req)),
    );

    // ---------- checkout ----------
    app.post(
      '/api/payment/subscribe',
      {
        ...login,
        schema: {
          operationId: 'createCheckout',
          security: security.user,
          tags,
          summary:
            'Checkout (header Idempotency-Key required; a retry answers the first result). Free orders use the free gateway.',
          headers: idempotencyHeader,
          querystring: ClientQuery,
          body: Order,
          response: { 201: CheckoutResult, 202: ApprovalResult, ...moneyRefusals },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const key = idempotencyKey(req);
        // Wallet checkouts (decision 0031) send the buyer back to this origin's /paypal page.
        const origin = `${req.protocol}://${req.host}`;
        const res = await ctx.checkout.subscribe(user, key, req.body, req.ip, origin);
        return reply.status(res.statusCode).send(res.body as never);
      },
    );

    // ---------- payment methods ----------
    app.get(
      '/api/payment/method/get/:gateway',
      {
        ...login,
        schema: {
          operationId: 'listPaymentMethods',
          security: security.user,
          tags,
          summary: 'The viewer’s saved cards on a gateway',
          params: GatewayParams,
          querystring: ClientQuery,
          response: { 200: PaymentMethodList, ...refusals },
        },
      },
      async (req) => c.methods(requireUser(req), req.params.gateway),
    );
    app.post(
      '/api/payment/method/create/:gateway',
      {
        ...login,
        schema: {
          operationId: 'createPaymentMethod',
          security: security.user,
          tags,
          summary: 'Checks and saves a card (captcha action addCard); the first card is the default',
          params: GatewayParams,
          querystring: ClientQuery,
          body: CreatePaymentMethodBody,
          response: { 201: PaymentMethod, ...refusals, 503: ErrorResponse },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await c.createMethod(requireUser(req), req.params.gateway, req.body, req.ip)),
    );
    app.put(
      '/api/payment/method/default/:gateway/:id',
      {
        ...login,
        schema: {
          operationId: 'setDefaultPaymentMethod',
          security: security.user,
          tags,
          summary: 'Makes a card the default; applyAllPurchases moves every recurring purchase to it',
          params: GatewayMethodParams,
          querystring: ClientQuery,
          body: SetDefaultMethodBody,
          response: { 200: SetDefaultMethodResult, ...refusals },
        },
      },
      async (req) =>
        c.setDefaultMethod(requireUser(req), req.params.gateway, req.params.id, req.body.applyAllPurchases),
    );
    app.delete(
      '/api/payment/method/remove/:gateway/:id',
      {
        ...login,
        schema: {
          operationId: 'removePaymentMethod',
          security: security.user,
          tags,
          summary: 'Deletes a card (409 with the spec’s message when a live purchase renews with it)',
          params: GatewayMethodParams,
          querystring: ClientQuery,
          response: { 204: z.null(), ...refusals, 409: ErrorResponse },
        },
      },
      async (req, reply) => {
        await c.removeMethod(requireUser(req), req.params.gateway, req.params.id);
        return reply.status(204).send(null);
      },
    );

    // Gifts, donations, upgrades, country codes, purchase links (decision 0033).
    await app.register(giftsDonationsRoutes(ctx));
  };

/** How often unrecorded charges are looked for after the start-up pass. */
export const RECONCILE_INTERVAL_MS = 60_000;

/**
 * Reconcile at start-up (a crash between a gateway's charge and our record gets its purchase
 * before the server takes traffic) and then every minute, for charges of requests that died on
 * other nodes. Failures are logged, never fatal.
 */
export function startReconciler(app: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    await ctx.checkout.reconcile().catch((err: unknown) => app.log.error({ err }, 'reconcile failed'));
    // Renewals ride the same timer (decision 0032): safe on several nodes at once.
    await ctx.renewals.run().catch((err: unknown) => app.log.error({ err }, 'renewals failed'));
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), RECONCILE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
