import {
  ClientQuery,
  CreatePaymentMethodBody,
  ErrorResponse,
  GatewayMethodParams,
  GatewayParams,
  PaymentMethod,
  PaymentMethodList,
  SetDefaultMethodBody,
  SetDefaultMethodResult,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../plugins/auth';
import { security } from '../../../plugins/openapi';
import type { PaymentMethodsService } from './payment-methods.service';
import { login, refusals } from '../route-schemas';

/** The viewer's saved cards per gateway (accounts-and-commerce §7 Payments). */
export const paymentMethodsRoutes =
  ({ methods }: { methods: PaymentMethodsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
    app.get(
      '/api/payment/method/get/:gateway',
      {
        ...login,
        schema: {
          operationId: 'listPaymentMethods',
          security: security.user,
          tags,
          summary: 'The viewer’s saved cards on a gateway',
          params: GatewayParams,
          querystring: ClientQuery,
          response: { 200: PaymentMethodList, ...refusals },
        },
      },
      async (req) => methods.methods(requireUser(req), req.params.gateway),
    );
    app.post(
      '/api/payment/method/create/:gateway',
      {
        ...login,
        schema: {
          operationId: 'createPaymentMethod',
          security: security.user,
          tags,
          summary: 'Checks and saves a card (captcha action addCard); the first card is the default',
          params: GatewayParams,
          querystring: ClientQuery,
          body: CreatePaymentMethodBody,
          response: { 201: PaymentMethod, ...refusals, 503: ErrorResponse },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await methods.createMethod(requireUser(req), req.params.gateway, req.body, req.ip)),
    );
    app.put(
      '/api/payment/method/default/:gateway/:id',
      {
        ...login,
        schema: {
          operationId: 'setDefaultPaymentMethod',
          security: security.user,
          tags,
          summary: 'Makes a card the default; applyAllPurchases moves every recurring purchase to it',
          params: GatewayMethodParams,
          querystring: ClientQuery,
          body: SetDefaultMethodBody,
          response: { 200: SetDefaultMethodResult, ...refusals },
        },
      },
      async (req) =>
        methods.setDefaultMethod(
          requireUser(req),
          req.params.gateway,
          req.params.id,
          req.body.applyAllPurchases,
        ),
    );
    app.delete(
      '/api/payment/method/remove/:gateway/:id',
      {
        ...login,
        schema: {
          operationId: 'removePaymentMethod',
          security: security.user,
          tags,
          summary: 'Deletes a card (409 with the spec’s message when a live purchase renews with it)',
          params: GatewayMethodParams,
          querystring: ClientQuery,
          response: { 204: z.null(), ...refusals, 409: ErrorResponse },
        },
      },
      async (req, reply) => {
        await methods.removeMethod(requireUser(req), req.params.gateway, req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
