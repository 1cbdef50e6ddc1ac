import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request id a piece of work runs under (decision 0082): set for the whole of an HTTP request,
 * and for a job run by a worker, so service logs and jobs queued on the way name it.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export const runWithRequestId = <T>(requestId: string, fn: () => T): T => storage.run({ requestId }, fn);

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** Ids we accept from the proxy in front (nginx's `$request_id` is 32 hex digits; UUIDs, ULIDs). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** The incoming `x-request-id` when it is well-formed, else a fresh UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED.test(header) ? header : randomUUID();
}

/** For pino's `mixin`: loggers outside Fastify's request logger name the request they run under. */
export const requestIdMixin = () => {
  const requestId = currentRequestId();
  return requestId ? { reqId: requestId } : {};
};
