import {
  ApiIdParams,
  CheckoutResult,
  ClientQuery,
  ErrorResponse,
  Order,
  RedeemGiftBody,
  RedeemGiftResult,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, type AuthUser } from '../../../plugins/auth';
import { AppError } from '../../../plugins/errors';
import { security } from '../../../plugins/openapi';
import type { SitesService } from '../../sites';
import type { Checkout } from '../checkout/checkout.service';
import { webOrigin } from '../web-origin';
import { validateGift, type Gifts } from './gifts.service';
import { idempotencyKey } from '../idempotency-key';
import { idempotencyHeader, login, moneyRefusals, refusals } from '../route-schemas';

/** Gifts (accounts-and-commerce §5; decision 0033): buying one and redeeming it. */
export const giftsRoutes =
  ({
    checkout,
    gifts,
    sites,
  }: {
    checkout: Pick<Checkout, 'gift'>;
    gifts: Pick<Gifts, 'redeem'>;
    /** The buyer's site (their token's), whose web origin the redeem link takes. */
    sites: Pick<SitesService, 'byUid'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
    /** The viewer's site, refusing both calls where its allowGifts flag is off (A§6, D§1). */
    const giftingSite = async (user: AuthUser) => {
      const site = await sites.byUid(user.siteUid);
      if (!site.perms.allowGifts)
        throw new AppError(403, 'giftsDisabled', 'Gifts are not available on this site');
      return site;
    };
    app.post(
      '/api/payment/gift',
      {
        ...login,
        schema: {
          operationId: 'buyGift',
          security: security.user,
          tags,
          summary:
            'Buys a bundle as a gift (Idempotency-Key required): one period, no access for the giver; the recipient is mailed a redeem link (403 giftsDisabled where the site turned gifts off)',
          headers: idempotencyHeader,
          querystring: ClientQuery,
          body: Order,
          response: { 201: CheckoutResult, ...moneyRefusals },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const site = await giftingSite(user);
        const key = idempotencyKey(req);
        const gift = validateGift(user, req.body.giftData);
        const origin = webOrigin(site, req);
        const res = await checkout.gift(user, key, req.body, { ...gift, origin }, req.ip);
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
          summary:
            'Redeems a gift with the code of its e-mail: a purchase for the signed-in viewer (403 giftsDisabled where the site turned gifts off)',
          params: ApiIdParams,
          querystring: ClientQuery,
          body: RedeemGiftBody,
          response: { 200: RedeemGiftResult, ...refusals, 409: ErrorResponse },
        },
      },
      async (req) => {
        const user = requireUser(req);
        await giftingSite(user);
        return gifts.redeem(user, req.params.id, req.body.code);
      },
    );
  };
