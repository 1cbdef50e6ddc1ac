import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../infra/store-down';

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

  /** Seconds the client should wait before trying again; sent as Retry-After (429, 503). */
  readonly retryAfterSeconds?: number;
}

export const notFound = (what: string) => new AppError(404, 'notFound', `${what} not found`);
export const badRequest = (field: string, message: string) => new AppError(400, 'invalid', message, field);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message);

/** 429 `rateLimited`; the error handler sends Retry-After (whole seconds, at least 1). */
export function rateLimited(retryAfterMs: number, message: string): AppError {
  return Object.assign(new AppError(429, 'rateLimited', message), {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/** Seconds a client waits before retrying a request whose store did not answer. */
const STORE_RETRY_SECONDS = 5;

/**
 * Which store a request needs did not answer, if one did not: the request may succeed in a moment,
 * so it is a 503 with Retry-After, not a 500. Redis: ioredis gives up after its retries with
 * MaxRetriesPerRequestError, or "Connection is closed." once it has stopped reconnecting. The
 * database: see isDatabaseUnavailable.
 */
function storeDown(err: FastifyError): 'redis' | 'database' | undefined {
  if (err.name === 'MaxRetriesPerRequestError' || err.message === 'Connection is closed.') return 'redis';
  return isDatabaseUnavailable(err) ? 'database' : undefined;
}

/** What a client is told when a store is away (the database named: the likeliest long outage). */
const STORE_DOWN_MESSAGES = {
  redis: 'The service is busy for a moment. Please try again shortly.',
  database: 'The database is unavailable for a moment. Please try again shortly.',
};

/** Maps every failure to the error shape: schema errors name the field, unknown errors are 500 without details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
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
    const down = storeDown(err);
    if (down) {
      request.log.warn({ err, store: down }, 'a store did not answer');
      return reply
        .status(503)
        .header('retry-after', String(STORE_RETRY_SECONDS))
        .send({ error: { code: 'serviceUnavailable', message: STORE_DOWN_MESSAGES[down] } });
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
