import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a service throws on purpose: it becomes `{ error: { code, message, field? } }` with its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(404, 'notFound', `${what} not found`);
export const badRequest = (field: string, message: string) => new AppError(400, 'invalid', message, field);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message);

/** Maps every failure to the error shape: schema errors name the field, unknown errors are 500 without details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .send({ error: { code: err.code, message: err.message, field: err.field } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const where = err.validationContext ?? 'request';
      const field = path || where;
      return reply.status(400).send({
        error: { code: 'invalid', message: `${field}: ${issue?.message ?? 'invalid value'}`, field },
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply
        .status(500)
        .send({ error: { code: 'internal', message: 'Uh-oh, something went wrong! Please try again' } });
    }
    // Fastify's own 4xx (bad JSON body, payload too large, unsupported media type…).
    return reply.status(status).send({ error: { code: err.code ?? 'badRequest', message: err.message } });
  });
}
