import { ErrorResponse } from '@marquee/contract';
import type { WebhooksService } from './webhooks.service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { security } from '../../../plugins/openapi';

const WebhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });

/**
 * Gateway webhooks (decision 0031). Stripe signs the exact bytes it sent, so these routes keep the
 * body raw: the JSON parser is replaced inside this plugin only (Fastify encapsulation).
 */
export const webhookRoutes =
  ({ webhooks }: { webhooks: WebhooksService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    app.post(
      '/api/payment/webhooks/stripe',
      {
        schema: {
          operationId: 'receiveStripeWebhook',
          security: security.public,
          tags: ['commerce'],
          summary: 'Stripe webhook (signature-verified, de-duplicated by event id)',
          response: { 200: WebhookAnswer, 400: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (req) => {
        const raw = req.headers['stripe-signature'];
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return webhooks.stripe(body, Array.isArray(raw) ? raw[0] : raw);
      },
    );
    app.post(
      '/api/payment/webhooks/paypal',
      {
        schema: {
          operationId: 'receivePaypalWebhook',
          security: security.public,
          tags: ['commerce'],
          summary: 'PayPal webhook (verified through verify-webhook-signature, de-duplicated by event id)',
          response: { 200: WebhookAnswer, 400: ErrorResponse, 404: ErrorResponse, 502: ErrorResponse },
        },
      },
      async (req) => {
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (k.startsWith('paypal-')) headers[k] = Array.isArray(v) ? v[0] : v;
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return webhooks.paypal(body, headers);
      },
    );
  };
