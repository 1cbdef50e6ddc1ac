import {
  AddressesAffected,
  AddressIdParams,
  ClientQuery,
  ErrorResponse,
  SavedAddressList,
  UpdateAddressBody,
  UpdateAddressResult,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/auth';
import { security } from '../../../plugins/openapi';
import { login, refusals } from '../route-schemas';
import type { AddressesService } from './addresses.service';

/**
 * Saved addresses (accounts-and-commerce §7 Profile: me/addresses, addresses-affected,
 * update-address; decision 0055). The viewer's own only, on their token's site.
 */
export const addressesRoutes =
  ({ addresses }: { addresses: AddressesService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
    app.get(
      '/v2/me/addresses',
      {
        ...login,
        schema: {
          operationId: 'listMyAddresses',
          security: security.user,
          tags,
          summary: 'The viewer’s saved addresses: those on their purchases, newest first, each once',
          querystring: ClientQuery,
          response: { 200: SavedAddressList, ...refusals },
        },
      },
      async (req) => ({ items: await addresses.list(requireUser(req)) }),
    );
    app.get(
      '/v2/me/addresses-affected/:id',
      {
        ...login,
        schema: {
          operationId: 'listAddressAffectedPurchases',
          security: security.user,
          tags,
          summary:
            'The viewer’s purchases still in force that use a saved address (404 for an id not theirs)',
          params: AddressIdParams,
          querystring: ClientQuery,
          response: { 200: AddressesAffected, ...refusals },
        },
      },
      async (req) => addresses.affected(requireUser(req), req.params.id),
    );
    app.patch(
      '/v2/me/addresses/update-address',
      {
        ...login,
        schema: {
          operationId: 'updateMyAddress',
          security: security.user,
          tags,
          summary:
            'Changes a saved address on the viewer’s purchases (one purchase’s copy with purchaseId and field); address1, city, state, countryCode and zip are required',
          querystring: ClientQuery,
          body: UpdateAddressBody,
          response: { 200: UpdateAddressResult, ...refusals, 409: ErrorResponse },
        },
      },
      async (req) => addresses.update(requireUser(req), req.body),
    );
  };
