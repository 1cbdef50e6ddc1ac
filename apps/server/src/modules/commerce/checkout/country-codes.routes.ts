import { ClientQuery, CountryCodeList } from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, security } from '../../../plugins/openapi';
import { countryCodes } from './countries';

/** GET /v2/country-codes: the checkout forms' countries (CA, US, GB first). */
export const countryCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['commerce'];
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
};
