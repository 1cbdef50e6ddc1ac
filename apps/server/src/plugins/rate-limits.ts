import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { connectRedis } from '../infra/redis';
import { rateLimited } from './errors';
import { ourRoute } from './spec-paths';

/** A route-level limit: at most `max` requests per `windowMs` from one client address. */
type RouteRule = {
  max: number;
  windowMs: number;
  /**
   * One counter for every route of the group (coupon guesses on any coupon route add up); without
   * it each route counts on its own.
   */
  shared: boolean;
  /** Only requests this says yes to are counted (default: all). */
  when?: (req: FastifyRequest) => boolean;
};

const MINUTE = 60_000;

/**
 * The route-level limits (decision 0039), per client IP (`req.ip`: the proxy's X-Forwarded-For only
 * with TRUST_PROXY). Login, TV registration and reset requests have limits of their own in their
 * services, keyed by what they know (account, device, e-mail), and are not repeated here; refresh
 * and logout present a refresh token (256 random bits, nothing to guess), and payment webhooks are
 * signed by the gateway, which retries what is refused.
 */
export const ROUTE_LIMITS = {
  /** Every answer of these says whether a code is a valid coupon: 20 guesses per 15 minutes. */
  coupon: { max: 20, windowMs: 15 * MINUTE, shared: true },
  /** Players post events in batches; a household shares an address. */
  analytics: { max: 300, windowMs: MINUTE, shared: true },
  /** VAST tracking pixels: about 8 per ad played. */
  adTracking: { max: 300, windowMs: MINUTE, shared: true },
  /** Each banner asks an outside ad server for the viewer: a slot refreshes every 30 s at most. */
  adBanner: { max: 120, windowMs: MINUTE, shared: true },
  /** Every other write open to anonymous clients, counted per route. */
  anonymousWrite: { max: 60, windowMs: MINUTE, shared: false },
} satisfies Record<string, RouteRule>;

type Group = keyof typeof ROUTE_LIMITS;

const hasCoupon = (req: FastifyRequest) => !!(req.query as { couponCode?: string }).couponCode;

/** Which routes each limit covers, by `METHOD url` as registered. */
export const LIMITED_ROUTES: Record<string, { group: Group; when?: RouteRule['when'] }> = {
  'GET /v2/sites/:site/rentals/coupon/:code': { group: 'coupon' },
  'POST /v2/sites/:site/bundles/:id/apply-coupon': { group: 'coupon' },
  'GET /api/payment/nonpurchasedbundles/coupon/:code': { group: 'coupon' },
  'GET /api/payment/purchases/:id/calculateProration': { group: 'coupon', when: hasCoupon },
  'GET /v2/sites/:site/ads/track': { group: 'adTracking' },
  'GET /v2/sites/:site/ads/banner': { group: 'adBanner' },
  'POST /v2/fullscreen-logs': { group: 'analytics' },
  'POST /v2/me/auth/signup': { group: 'anonymousWrite' },
  'POST /api/reset/pw/expired': { group: 'anonymousWrite' },
  'PATCH /api/reset/pw/:code': { group: 'anonymousWrite' },
  'POST /v2/sites/:site/autologin/:code': { group: 'anonymousWrite' },
  'POST /v2/sites/:site/autologin/:code/password': { group: 'anonymousWrite' },
  'POST /passcode-login': { group: 'anonymousWrite' },
  'POST /oauth/:provider/callback': { group: 'anonymousWrite' },
  'POST /v2/sites/:site/bundles/:id/taxes': { group: 'anonymousWrite' },
  'POST /v2/sites/:site/platform/:platform/video/:id/getPurchaseLink': { group: 'anonymousWrite' },
  'POST /v2/sites/:site/short-links': { group: 'anonymousWrite' },
};

/**
 * The limit of a route, by our route (a spec path alias counts with the route it stands for, in one
 * counter). Analytics writes: every POST under /v2/sites/:site/analytics/ (each kind, batch, :kind).
 */
function groupOf(
  verb: string,
  url: string,
): { group: Group; when?: RouteRule['when']; route: string } | undefined {
  // HEAD runs the GET handler (a HEAD of a tracking pixel records the event too).
  const route = ourRoute(`${verb === 'HEAD' ? 'GET' : verb} ${url}`);
  if (route.startsWith('POST /v2/sites/:site/analytics/')) return { group: 'analytics', route };
  const found = LIMITED_ROUTES[route];
  return found && { ...found, route };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Every write route (`METHOD url`) and the limit group covering it, null for none (tests read it). */
    writeRouteLimits: ReadonlyMap<string, string | null>;
  }
}

/**
 * Route-level rate limits with @fastify/rate-limit: counters in Redis when REDIS_URL is set (every
 * node shares them), else in this process. Must be registered before the routes it covers.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  opts: { redisUrl: string | undefined; redisPrefix: string },
) {
  const redis = opts.redisUrl ? connectRedis(opts.redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${opts.redisPrefix}route-rl:` } : {}),
  });
  const limiters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const limiterFor = (group: Group, route: string) => {
    const rule: RouteRule = ROUTE_LIMITS[group];
    const name = rule.shared ? group : `${group}:${route}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (req) => `${name}:${req.ip}`,
      });
      limiters.set(name, limiter);
    }
    return limiter;
  };
  const checks = new WeakSet<object>();
  const writes = new Map<string, Group | null>();
  app.decorate('writeRouteLimits', writes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat())
      if (WRITE_METHODS.has(method))
        writes.set(`${method} ${route.url}`, groupOf(method, route.url)?.group ?? null);
    const hooks = [route.onRequest ?? []].flat();
    // A HEAD route Fastify derives from a GET one arrives with the GET's check already on it.
    if (hooks.some((hook) => checks.has(hook))) return;
    for (const method of [route.method].flat()) {
      const found = groupOf(method, route.url);
      if (!found) continue;
      const limiter = limiterFor(found.group, found.route);
      const check = async (req: FastifyRequest) => {
        if (found.when && !found.when(req)) return;
        const state = await limiter(req);
        if (state.isAllowed || !state.isExceeded) return;
        const seconds = Math.max(1, state.ttlInSeconds);
        throw rateLimited(
          seconds * 1000,
          `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        );
      };
      checks.add(check);
      route.onRequest = [...hooks, check];
      return;
    }
  });
}
