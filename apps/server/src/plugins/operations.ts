import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { runWithRequestId } from '../infra/request-context';
import { scrapeAuthorized, statusClass, type Metrics } from '../infra/metrics';

/** One dependency /readyz checks: `check` rejects (or takes over CHECK_TIMEOUT_MS) when it is down. */
export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

/** A dependency slower than this to answer counts as down (a load balancer's probe must not hang). */
export const CHECK_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM (drainAndClose): /readyz answers 503, the realtime gateway admits no socket. */
    draining: boolean;
  }
}

/**
 * The operator's endpoints and per-request plumbing (decision 0082), none in the OpenAPI document:
 * - the request id: every request runs under its id (a well-formed incoming `x-request-id`, else a
 *   fresh one, chosen by the app's `genReqId`), echoed in `x-request-id`;
 * - `GET /healthz`, liveness: the process answers (a database outage is readiness, not a reason to
 *   restart every node);
 * - `GET /readyz`: 200 when every dependency answers, else 503 naming the failing ones; 503 while
 *   draining;
 * - `GET /metrics` with METRICS_TOKEN (Bearer), else 404; and each request's route, method, status
 *   class and duration observed.
 */
export function registerOperations(
  app: FastifyInstance,
  opts: { readiness: ReadinessCheck[]; metrics: Metrics; metricsToken: string | undefined },
): void {
  app.decorate('draining', false);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    runWithRequestId(request.id, done);
  });
  // A body is parsed in the socket's async context, not the request's: enter it again after.
  app.addHook('preValidation', (request, _reply, done) => runWithRequestId(request.id, done));

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (app.draining) return reply.code(503).send({ status: 'draining', failing: [] });
    const results = await Promise.all(
      opts.readiness.map(async ({ name, check }) => ({ name, error: await failure(check) })),
    );
    const failing = results.filter((r) => r.error !== undefined);
    for (const { name, error } of failing)
      app.log.warn({ dependency: name, error }, 'readyz: dependency down');
    return reply
      .code(failing.length ? 503 : 200)
      .send({ status: failing.length ? 'unavailable' : 'ok', failing: failing.map((r) => r.name) });
  });

  const token = opts.metricsToken;
  if (!token) return;
  const { metrics } = opts;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!scrapeAuthorized(request.headers.authorization, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({
          error: {
            code: 'unauthorized',
            message: 'Authentication required: Authorization: Bearer <METRICS_TOKEN>',
          },
        });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.http.observe(
      {
        // The template (`/api/videos/:uid`), never the URL: bounded label values.
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

/** The check's error message, or undefined when it answered in time. */
async function failure(check: () => Promise<unknown>): Promise<string | undefined> {
  const timeout = new AbortController();
  try {
    await Promise.race([
      check(),
      sleep(CHECK_TIMEOUT_MS, undefined, { signal: timeout.signal }).then(() => {
        throw new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`);
      }),
    ]);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    timeout.abort();
  }
}

/**
 * Graceful shutdown (SIGTERM): /readyz turns 503 at once; after `delayMs` (a polling load balancer
 * has seen it) the app closes: realtime clients are told to reconnect elsewhere, the listener stops
 * taking connections, in-flight requests finish, the scheduler and inline worker stop. Past
 * `timeoutMs` the remaining connections are cut. Resolves true when everything finished in time.
 */
export async function drainAndClose(
  app: FastifyInstance,
  opts: { delayMs: number; timeoutMs: number },
): Promise<boolean> {
  app.draining = true;
  if (opts.delayMs > 0) await sleep(opts.delayMs);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      app.log.warn({ timeoutMs: opts.timeoutMs }, 'drain: deadline passed, closing remaining connections');
      app.server.closeAllConnections();
      resolve(false);
    }, opts.timeoutMs);
  });
  try {
    return await Promise.race([app.close().then(() => true), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
