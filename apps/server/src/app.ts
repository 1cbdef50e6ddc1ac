import { resolve } from 'node:path';
import { JOB_HANDLERS, jobMetrics } from './job-handlers';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createContext, type AppContext } from './context';
import type { Db } from './db/database';
import { requestIdFrom } from './infra/request-context';
import { adsRoutes } from './modules/ads/ads.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { COMMERCE_TASKS_INTERVAL_MS } from './modules/commerce/commerce.module';
import { commerceRoutes } from './modules/commerce/commerce.routes';
import { createScheduler } from './infra/scheduler';
import { devicesRoutes } from './modules/devices/devices.routes';
import { entitlementsRoutes } from './modules/entitlements/entitlements.routes';
import { mediaRoutes } from './modules/playback/media.routes';
import { oembedRoutes } from './modules/oembed/oembed.routes';
import { playbackRoutes } from './modules/playback/playback.routes';
import { createChatPresence } from './modules/chat/chat-presence';
import { chatFeature, gatewayPublisher } from './modules/chat/chat.realtime';
import { chatRoutes } from './modules/chat/chat.routes';
import { registerRealtime } from './modules/realtime/realtime.gateway';
import { postPartyDesyncs } from './modules/chat/chat-party-bot';
import { watchPartyRealtime } from './modules/watch-party/watch-party.realtime';
import { watchPartyRoutes } from './modules/watch-party/watch-party.routes';
import { startInlineWorker } from './modules/jobs/jobs.worker';
import { gifsRoutes } from './modules/gifs/gifs.routes';
import { momentsRoutes } from './modules/moments/moments.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { droppedCartsRoutes } from './modules/dropped-carts/dropped-carts.routes';
import { playbackQualityRoutes } from './modules/playback-quality/playback-quality.routes';
import { sharingRoutes } from './modules/sharing/sharing.routes';
import { progressRoutes } from './modules/progress/progress.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { registerSiteResolution } from './modules/sites/site-resolution';
import { createSitesRepository } from './modules/sites/sites.repository';
import { sitesRoutes } from './modules/sites/sites.routes';
import { socialRoutes } from './modules/social/social.routes';
import { searchRoutes } from './modules/search/search.routes';
import { watchListRoutes } from './modules/watch-list/watch-list.routes';
import { libraryRoutes } from './modules/library/library.routes';
import { queueRoutes } from './modules/queue/queue.routes';
import { registerAuth } from './plugins/auth';
import { serveClients } from './plugins/clients';
import { pageBootstrap } from './modules/sites/page-bootstrap';
import { withPlayerSources } from './modules/sites/content-policy';
import { checkTestPayments, type Config } from './plugins/config';
import { registerErrorHandling } from './plugins/errors';
import { registerOperations } from './plugins/operations';
import { swaggerOptions, swaggerUiOptions } from './plugins/openapi';
import { registerRateLimits } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';

export type BuildOptions = {
  config: Config;
  db: Db;
  /** Replace services, e.g. in tests. */
  context?: Partial<AppContext>;
  /** Folder holding the built web (dist) and tv (dist) apps; served when present. */
  clientsDir?: string;
  logger?: boolean;
  /** Told of every route as it is registered (the route guards in tests enumerate them this way). */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * Slow clients are cut: a request must arrive whole (headers and body) within `requestMs` and its
 * headers within `headersMs`; Node checks open requests every quarter of that (at most every 30 s,
 * its default), so a half-sent body holds its connection at most about 1.25 × `requestMs`.
 */
export function serverTimeouts(t: Config['timeouts']) {
  return {
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(t.requestMs / 4))),
    },
  };
}

/** Builds the whole app without listening; server.ts listens, tests call inject. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    ...serverTimeouts(config.timeouts),
    // Signed media paths carry a ~130-character token as one path parameter.
    routerOptions: { maxParamLength: 1000 },
    // The proxy's `x-request-id` when well-formed, else our own: one id across nginx and the nodes.
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // Decision 0036: production refuses to start with the test gateway on unless explicitly allowed.
  const testPaymentsWarning = checkTestPayments(
    config,
    await createSitesRepository(db).sitesWithGateway('test'),
  );
  if (testPaymentsWarning) app.log.warn(testPaymentsWarning);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const ctx = createContext(config, db, opts.context);
  // First, so every request has its id and is measured (healthz, readyz, metrics; decision 0082).
  registerOperations(app, {
    readiness: ctx.readiness,
    metrics: ctx.metrics,
    metricsToken: config.metricsToken,
  });
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await registerRateLimits(app, { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });

  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, swaggerUiOptions);

  app.addHook('onClose', async () => {
    await ctx.recommendations.flush();
    await ctx.analytics.close();
    ctx.mailer.close();
    await ctx.limiter.close();
    await ctx.sessions.close();
    await ctx.events.close();
  });
  registerAuth(app, ctx.auth.verifyAccessToken);
  registerSiteResolution(app, ctx.sites);
  await app.register(sitesRoutes(ctx));
  await app.register(playbackRoutes(ctx));
  await app.register(mediaRoutes(ctx));
  await app.register(catalogRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(recoveryRoutes(ctx));
  await app.register(devicesRoutes(ctx));
  await app.register(socialRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(searchRoutes(ctx));
  await app.register(progressRoutes(ctx));
  await app.register(watchListRoutes(ctx));
  await app.register(oembedRoutes(ctx));
  await app.register(analyticsRoutes(ctx));
  await app.register(adsRoutes(ctx));
  await app.register(entitlementsRoutes(ctx));
  await app.register(libraryRoutes(ctx));
  await app.register(queueRoutes(ctx));
  await app.register(watchPartyRoutes(ctx));
  await app.register(gifsRoutes(ctx));
  await app.register(momentsRoutes(ctx));
  await app.register(reportsRoutes(ctx));
  await app.register(droppedCartsRoutes(ctx));
  await app.register(playbackQualityRoutes(ctx));
  await app.register(sharingRoutes(ctx));
  await app.register(commerceRoutes(ctx.commerce, { sites: ctx.sites, catalog: ctx.catalog }));
  await app.register(chatRoutes(ctx));

  // Periodic work starts when the app is ready (its first pass before it takes traffic).
  const scheduler = createScheduler(app.log);
  scheduler.every(COMMERCE_TASKS_INTERVAL_MS, ctx.commerce.scheduledTasks);
  app.addHook('onReady', () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
  const party = watchPartyRealtime(ctx, app.log);
  // The chat rooms' online count (decision 0053), on the gateway registered just below.
  const presence = createChatPresence({
    gateway: () => app.realtime,
    threshold: async (site) => (await ctx.sites.byUid(site)).chat.onlineUserThreshold,
    recountMs: ctx.config.chatOnlineRecountMs,
    log: app.log,
  });
  app.addHook('preClose', async () => presence.stop());
  registerRealtime(app, ctx, [
    party.feature,
    chatFeature({
      chat: ctx.chat,
      sites: ctx.sites,
      now: ctx.now,
      log: app.log,
      presence,
      recheckMs: ctx.config.chatAccessRecheckMs,
    }),
  ]);
  party.attach(app.realtime);
  ctx.metrics.sources.websockets = () => app.realtime.io.of('/').sockets.size;
  ctx.metrics.sources.jobQueue = () => ctx.jobs.queueStats(Object.keys(JOB_HANDLERS));
  ctx.chat.attach(gatewayPublisher(app.realtime));
  const stopDesyncBot = postPartyDesyncs({
    events: ctx.events,
    chat: ctx.chat,
    sites: ctx.sites,
    log: app.log,
  });
  app.addHook('onClose', async () => stopDesyncBot());
  app.addHook('onClose', async () => party.close());
  // Job types this process runs itself (gifs by default, so one process is a whole deployment).
  if (ctx.config.inlineJobs.length > 0) {
    let worker: ReturnType<typeof startInlineWorker> | undefined;
    app.addHook('onReady', async () => {
      worker = startInlineWorker({
        db: ctx.db,
        config: ctx.config,
        handlers: JOB_HANDLERS,
        types: ctx.config.inlineJobs,
        log: app.log,
        onFinished: jobMetrics(ctx.db, ctx.metrics),
      });
    });
    app.addHook('preClose', async () => worker?.stop());
  }

  serveClients(app, opts.clientsDir ?? resolve(import.meta.dirname, '../../'), {
    sites: {
      resolve: (request) => request.site(),
      sources: async (site) => {
        const [sources, scripts] = await Promise.all([
          ctx.sites.sources(site),
          ctx.playback.playerScripts(site.uid),
        ]);
        return withPlayerSources(sources, scripts);
      },
    },
    preview: (site, path) => ctx.sharing.preview(site.uid, path),
    bootstrap: (site, path) =>
      pageBootstrap(
        {
          config: () => ctx.sites.config(site),
          discover: (uid, tabId) => ctx.catalog.discover(uid, tabId, true),
        },
        site.uid,
        path,
      ),
  });
  return app;
}
