import {
  CheckoutResult,
  ClientQuery,
  CommercePageQuery,
  DonationOrder,
  PurchasePage,
  SiteParams,
  TipJar,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/auth';
import { security } from '../../../plugins/openapi';
import type { Donations } from './donations.service';
import { idempotencyKey } from '../idempotency-key';
import { idempotencyHeader, login, moneyRefusals, refusals } from '../route-schemas';

/** The tip jar (accounts-and-commerce §5, §9; decision 0033): its settings, donating, the donations. */
export const donationsRoutes =
  ({ donations }: { donations: Donations }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
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
      // The site's tip jar, parsed with the site (sites.repository.ts).
      async (req) => (await req.site()).tipJar,
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
        const res = await donations.donate(user, key, req.body, req.ip);
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
      async (req) => donations.page(requireUser(req), req.query),
    );
  };
