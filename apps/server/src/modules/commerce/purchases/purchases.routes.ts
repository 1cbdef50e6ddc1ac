import {
  ApiIdParams,
  BillingHistory,
  ChangePurchaseMethodBody,
  ChangePurchaseMethodResult,
  ClientQuery,
  CommercePageQuery,
  ErrorResponse,
  MyBundle,
  MyBundleParams,
  Proration,
  ProrationQuery,
  Purchase,
  PurchasePage,
  PurchasedBundleIds,
  UnsubscribeBody,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/auth';
import { security } from '../../../plugins/openapi';
import { ownSite, type SitesService } from '../../sites';
import type { PurchasesService } from './purchases.service';
import { login, refusals } from '../route-schemas';

/**
 * The purchases page (accounts-and-commerce §4, §7 Payments): the viewer's purchases, gifts given,
 * rentals, one purchase, its proration and card, unsubscribe, billing history, the suspended alert.
 */
export const purchasesRoutes =
  ({
    purchases,
    sites,
  }: {
    purchases: PurchasesService;
    /** The viewer's own site (their token's), for rentals when the request names none. */
    sites: Pick<SitesService, 'byUid'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
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
      async (req) => purchases.purchasedPage(requireUser(req), req.query),
    );
    app.get(
      '/v2/me/sites/:site/bundles/:id',
      {
        ...login,
        schema: {
          operationId: 'getMyBundle',
          security: security.user,
          tags,
          summary:
            'One bundle as the signed-in viewer sees it: activeForUser and their purchase of it (403 for another site than theirs, 404 when not for sale)',
          params: MyBundleParams,
          querystring: ClientQuery,
          response: { 200: MyBundle, ...refusals },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return purchases.myBundle(user, ownSite(await req.site(), user), req.params.id);
      },
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
        return { items: await purchases.suspended(user) };
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
      async (req) => purchases.purchasedPage(requireUser(req), req.query, true),
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
      async (req) => purchases.purchasedIds(requireUser(req)),
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
        const site = req.query.__site ? await req.site() : await sites.byUid(user.siteUid);
        return purchases.rentalsPage(user, site.uid, req.query);
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
      async (req) => purchases.purchase(requireUser(req), req.params.id),
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
      async (req) =>
        purchases.proration(requireUser(req), req.params.id, req.query.bundleId, req.query.couponCode),
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
        purchases.changePurchaseMethod(
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
      async (req) => purchases.unsubscribe(requireUser(req), req.body.purchaseId),
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
      async (req) => purchases.billingHistory(requireUser(req)),
    );
  };
