import {
  ClientQuery,
  ErrorResponse,
  ExternalText,
  ExternalTextParams,
  LegalTexts,
  SiteConfig,
  SiteParams,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { security } from '../../plugins/openapi';

export const sitesRoutes =
  (ctx: Pick<AppContext, 'sites'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v2/sites/:site/config',
      {
        schema: {
          operationId: 'getSiteConfig',
          security: security.public,
          tags: ['sites'],
          summary: 'Branding, permission flags and settings the clients need',
          params: SiteParams,
          querystring: ClientQuery,
          response: { 200: SiteConfig, 404: ErrorResponse },
        },
      },
      async (req) => ctx.sites.config(await req.site()),
    );
    app.get(
      '/v2/sites/:site/legal',
      {
        schema: {
          operationId: 'getLegalTexts',
          security: security.public,
          tags: ['sites'],
          summary: 'The terms and privacy texts of the legal page (a toggle between the two)',
          params: SiteParams,
          querystring: ClientQuery,
          response: { 200: LegalTexts, 404: ErrorResponse },
        },
      },
      async (req) => ctx.sites.legal(await req.site()),
    );
    app.get(
      '/v2/sites/:site/external-text/:type',
      {
        schema: {
          operationId: 'getExternalText',
          security: security.public,
          tags: ['sites'],
          summary: "One of the site's external texts by type (terms or privacy), as the legal page shows it",
          params: ExternalTextParams,
          querystring: ClientQuery,
          response: { 200: ExternalText, 400: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (req) => ctx.sites.externalText(await req.site(), req.params.type),
    );
  };
