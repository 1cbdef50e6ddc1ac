import { ApprovalResult, CheckoutResult, ClientQuery, Order } from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/auth';
import { security } from '../../../plugins/openapi';
import type { Checkout } from './checkout.service';
import { idempotencyKey } from '../idempotency-key';
import { idempotencyHeader, login, moneyRefusals } from '../route-schemas';

/** POST /api/payment/subscribe: checkout with its Idempotency-Key (§4 Checkout; decision 0029). */
export const checkoutRoutes =
  ({ checkout }: { checkout: Checkout }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
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
        const res = await checkout.subscribe(user, key, req.body, req.ip, origin);
        return reply.status(res.statusCode).send(res.body as never);
      },
    );
  };
