import {
  ApiIdParams,
  ApprovalResult,
  CheckoutResult,
  ClientQuery,
  SubscriptionRequiresUpgrade,
  UpgradePurchaseBody,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/auth';
import { security } from '../../../plugins/openapi';
import type { Checkout } from '../checkout/checkout.service';
import type { Upgrades } from './upgrades.service';
import { idempotencyKey } from '../idempotency-key';
import { idempotencyHeader, login, moneyRefusals, refusals } from '../route-schemas';

/** The upgrade endpoint and what a purchase upgrades to (accounts-and-commerce §4; decision 0033). */
export const upgradesRoutes =
  ({
    upgrades,
    checkout,
  }: {
    upgrades: Upgrades;
    checkout: Pick<Checkout, 'subscribe'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
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
        const order = await upgrades.orderOf(user, req.params.id, req.body);
        const origin = `${req.protocol}://${req.host}`;
        const res = await checkout.subscribe(user, key, order, req.ip, origin);
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
      async (req) => upgrades.requiresUpgrade(requireUser(req), req.params.id),
    );
  };
