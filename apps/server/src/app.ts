import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { createContext, type AppContext } from './context';
import type { Db } from './db/database';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { mediaRoutes } from './modules/playback/media.routes';
import { playbackRoutes } from './modules/playback/playback.routes';
import { progressRoutes } from './modules/progress/progress.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { sitesRoutes } from './modules/sites/sites.routes';
import { socialRoutes } from './modules/social/social.routes';
import { searchRoutes } from './modules/search/search.routes';
import { registerAuth } from './plugins/auth';
import type { Config } from './plugins/config';
import { registerErrorHandling } from './plugins/errors';

export type BuildOptions = {
  config: Config;
  db: Db;
  /** Replace services, e.g. in tests. */
  context?: Partial<AppContext>;
  /** Folder holding the built web (dist) and tv (dist) apps; served when present. */
  clientsDir?: string;
  logger?: boolean;
};

/** Builds the whole app without listening; server.ts listens, tests call inject. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Signed media paths carry a ~130-character token as one path parameter.
    routerOptions: { maxParamLength: 1000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Marquee API', version: '2.0.0', description: 'White-label video streaming platform' },
    },
    transform: jsonSchemaTransform,
    // Names the schemas that carry .meta({ id }) as components/schemas and refers to them.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const ctx = createContext(config, db, opts.context);
  app.addHook('onClose', async () => {
    ctx.mailer.close();
    await ctx.limiter.close();
  });
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await db.selectFrom('sites').select('uid').limit(1).execute();
    return { status: 'ok' };
  });
  registerAuth(app, ctx.auth.verifyAccessToken);
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

  serveClients(app, opts.clientsDir ?? resolve(import.meta.dirname, '../../'));
  return app;
}

/** The built web app at / and the TV app at /tvn/, each falling back to its index.html for client routes. */
function serveClients(app: FastifyInstance, appsDir: string) {
  // Built clients: the build writes .br/.gz beside each file; hashed assets never change.
  const clientStatic = {
    decorateReply: false,
    index: 'index.html',
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res: { setHeader: (name: string, value: string) => void }, path: string) => {
      const hashed = /[\\/]assets[\\/]/.test(path);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
  const web = join(appsDir, 'web/dist');
  const tv = join(appsDir, 'tv/dist');
  if (existsSync(tv)) {
    app.register(fastifyStatic, {
      root: tv,
      prefix: '/tvn/',
      ...clientStatic,
    });
  }
  if (existsSync(web)) {
    app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      ...clientStatic,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isApi = /^\/(v\d|api|media|live|healthz)(\/|$)/.test(path);
    if (request.method === 'GET' && !isApi && !/\.[a-z0-9]+$/i.test(path)) {
      const index = join(path.startsWith('/tvn') ? tv : web, 'index.html');
      if (existsSync(index)) return reply.type('text/html').send(readFileSync(index));
    }
    return reply
      .status(404)
      .send({ error: { code: 'notFound', message: `Route ${request.method} ${path} not found` } });
  });
}
