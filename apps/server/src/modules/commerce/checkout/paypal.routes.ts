import {
  ApiIdParams,
  CheckoutResult,
  ErrorResponse,
  WalletCancelResult,
  WalletConfirmBody,
} from '@marquee/contract';
import { login } from '../route-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Checkout } from './checkout.service';
import { requireUser } from '../../../plugins/auth';
import { pascal, security } from '../../../plugins/openapi';
import { servedAt } from '../../../plugins/spec-paths';

const refusals = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  502: ErrorResponse,
};

/**
 * The wallet callbacks (accounts-and-commerce §2 /paypal and /paypal-sub, §7; decision 0031): the
 * web app's /paypal page reads op=confirm|cancel and cid from PayPal's redirect and calls these.
 * Confirm captures (or activates) and records the purchase exactly once; cancel abandons it. The
 * spec's root paths /paypal-sub/confirm|cancel/{id} reach the same handlers (decision 0057).
 */
export const paypalRoutes =
  ({ checkout }: { checkout: Pick<Checkout, 'confirmApproval' | 'cancelApproval'> }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
    for (const route of ['paypal', 'paypal-sub'] as const) {
      const confirm = servedAt('POST', `/api/payment/${route}/confirm/:id`, {
        operationId: `confirm${pascal(route)}Checkout`,
        security: security.user,
        tags,
        summary: `Confirm a ${route} checkout the buyer approved (id = checkoutId / cid)`,
        params: ApiIdParams,
        body: WalletConfirmBody,
        response: { 201: CheckoutResult, ...refusals },
      });
      for (const { url, schema } of confirm)
        app.post(url, { ...login, schema }, async (req, reply) => {
          const b = req.body ?? {};
          const res = await checkout.confirmApproval(requireUser(req), route, req.params.id, {
            token: b.token,
            subscriptionId: b.subscription_id,
          });
          return reply.status(201).send(res);
        });
      const cancel = servedAt('POST', `/api/payment/${route}/cancel/:id`, {
        operationId: `cancel${pascal(route)}Checkout`,
        security: security.user,
        tags,
        summary: `Cancel a ${route} checkout (the buyer canceled at PayPal)`,
        params: ApiIdParams,
        response: { 200: WalletCancelResult, ...refusals },
      });
      for (const { url, schema } of cancel)
        app.post(url, { ...login, schema }, async (req) =>
          checkout.cancelApproval(requireUser(req), route, req.params.id),
        );
    }
  };
