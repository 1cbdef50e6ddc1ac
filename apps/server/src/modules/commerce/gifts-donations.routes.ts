import {
  ApiIdParams,
  ApprovalResult,
  CheckoutResult,
  ClientQuery,
  CommercePageQuery,
  CountryCodeList,
  DonationOrder,
  ErrorResponse,
  Order,
  PurchaseLink,
  PurchaseLinkParams,
  PurchasePage,
  RedeemGiftBody,
  RedeemGiftResult,
  SiteParams,
  SubscriptionRequiresUpgrade,
  TipJar,
  UpgradePurchaseBody,
} from '@marquee/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { linkOrigin } from '../recovery';
import { countryCodes } from './countries';
import { validateGift } from './gifts';
import { idempotencyKey } from './idempotency-key';
import { idempotencyHeader, moneyRefusals, refusals } from './route-schemas';
import { errorResponses, security } from '../../plugins/openapi';

/**
 * Gifts, redeeming, the tip jar, the upgrade endpoint, country codes and the TV apps' purchase link
 * (accounts-and-commerce §2, §5, §9; decision 0033). Registered by commerceRoutes.
 */
export const giftsDonationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
    const login = { preValidation: async (req: FastifyRequest) => void requireUser(req) };
    /** The web app's origin for links in mail and for TV apps (the site's host, as recovery links). */
    const originOf = async (req: FastifyRequest, siteUid: string) =>
      linkOrigin(await ctx.sites.byUid(siteUid), { protocol: req.protocol, host: req.host });

    // ---------- gifts ----------
    app.post(
      '/api/payment/gift',
      {
        ...login,
        schema: {
          operationId: 'buyGift',
          security: security.user,
          tags,
          summary:
            'Buys a bundle as a gift (Idempotency-Key required): one period, no access for the giver; the recipient is mailed a redeem link',
          headers: idempotencyHeader,
          querystring: ClientQuery,
          body: Order,
          response: { 201: CheckoutResult, ...moneyRefusals },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const key = idempotencyKey(req);
        const gift = validateGift(user, req.body.giftData);
        const origin = await originOf(req, user.siteUid);
        const res = await ctx.checkout.gift(user, key, req.body, { ...gift, origin }, req.ip);
        return reply.status(res.statusCode).send(res.body as never);
      },
    );
    app.post(
      '/api/payment/redeem-gift/:id',
      {
        ...login,
        schema: {
          operationId: 'redeemGift',
          security: security.user,
          tags,
          summary: 'Redeems a gift with the code of its e-mail: a purchase for the signed-in viewer',
          params: ApiIdParams,
          querystring: ClientQuery,
          body: RedeemGiftBody,
          response: { 200: RedeemGiftResult, ...refusals, 409: ErrorResponse },
        },
      },
      async (req) => ctx.gifts.redeem(requireUser(req), req.params.id, req.body.code),
    );

    // ---------- tip jar ----------
    app.get(
      '/v2/sites/:site/tip-jar',
      {
        schema: {
          operationId: 'getTipJar',
          security: security.public,
          tags,
          summary: 'The tip jar: suggested amounts (dollars), default 25, plans single and month, survey',
          params: SiteParams,
          querystring: ClientQuery,
          response: { 200: TipJar, ...refusals },
        },
      },
      async (req) => ctx.donations.tipJar(req.params.site),
    );
    app.post(
      '/api/donation/subscribe',
      {
        ...login,
        schema: {
          operationId: 'createDonation',
          security: security.user,
          tags,
          summary:
            'A one-time (single) or monthly donation (Idempotency-Key required); every shown survey question needs an answer',
          headers: idempotencyHeader,
          querystring: ClientQuery,
          body: DonationOrder,
          response: { 201: CheckoutResult, ...moneyRefusals },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const key = idempotencyKey(req);
        const res = await ctx.donations.donate(user, key, req.body, req.ip);
        return reply.status(res.statusCode).send(res.body as never);
      },
    );
    app.get(
      '/api/donation/subscriptions',
      {
        ...login,
        schema: {
          operationId: 'listDonations',
          security: security.user,
          tags,
          summary:
            'The viewer’s donations, newest first (pages from 0); cancel with /api/payment/unsubscribe',
          querystring: CommercePageQuery,
          response: { 200: PurchasePage, ...refusals },
        },
      },
      async (req) => ctx.donations.page(requireUser(req), req.query),
    );

    // ---------- upgrades ----------
    app.post(
      '/api/payment/purchases/:id/upgrade-purchase',
      {
        ...login,
        schema: {
          operationId: 'upgradePurchase',
          security: security.user,
          tags,
          summary:
            'Upgrades a recurring purchase to one of its upgrade bundles (Idempotency-Key required); the saved card by default',
          headers: idempotencyHeader,
          params: ApiIdParams,
          querystring: ClientQuery,
          body: UpgradePurchaseBody,
          response: { 201: CheckoutResult, 202: ApprovalResult, ...moneyRefusals },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const key = idempotencyKey(req);
        const order = await ctx.upgrades.orderOf(user, req.params.id, req.body);
        const origin = `${req.protocol}://${req.host}`;
        const res = await ctx.checkout.subscribe(user, key, order, req.ip, origin);
        return reply.status(res.statusCode).send(res.body as never);
      },
    );
    app.get(
      '/api/payment/subscriptionRequiresUpgrade/:id',
      {
        ...login,
        schema: {
          operationId: 'listUpgradeBundles',
          security: security.user,
          tags,
          summary: 'The upgrade bundles of a purchase the viewer does not hold yet',
          params: ApiIdParams,
          querystring: ClientQuery,
          response: { 200: SubscriptionRequiresUpgrade, ...refusals },
        },
      },
      async (req) => ctx.upgrades.requiresUpgrade(requireUser(req), req.params.id),
    );

    // ---------- countries, purchase link ----------
    app.get(
      '/v2/country-codes',
      {
        schema: {
          operationId: 'listCountryCodes',
          security: security.public,
          tags,
          summary: 'Every country (c code, n name, f flag, states for US and CA): CA, US, GB first',
          querystring: ClientQuery,
          response: { 200: CountryCodeList, ...errorResponses(400) },
        },
      },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=86400');
        return { items: countryCodes() };
      },
    );
    app.post(
      '/v2/sites/:site/platform/:platform/video/:id/getPurchaseLink',
      {
        schema: {
          operationId: 'getPurchaseLink',
          security: security.public,
          tags,
          summary: 'The web page where a TV app’s viewer buys access to a video',
          params: PurchaseLinkParams,
          querystring: ClientQuery,
          response: { 200: PurchaseLink, ...refusals },
        },
      },
      async (req) => {
        const site = await ctx.sites.get(req.params.site);
        const video = await ctx.catalog.video(site.uid, req.params.id).catch((err: unknown) => {
          if (err instanceof AppError && err.statusCode === 404)
            throw new AppError(404, 'notFound', 'Video not found', 'id');
          throw err;
        });
        const origin = await originOf(req, site.uid);
        const q = new URLSearchParams({ platform: req.params.platform });
        return {
          link: `${origin}/subscribe/${encodeURIComponent(video.type)}/${encodeURIComponent(video.uid)}?${q.toString()}`,
        };
      },
    );
  };
