import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The signed-in user a valid `Authorization: Bearer <jwt>` puts on the request. */
/** The bearer token's user; `sessionId` is the refresh-token family the token was issued for (claim `sid`). */
export type AuthUser = { id: string; siteUid: string; email: string; roles: string[]; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Null for anonymous requests and for a missing, invalid or expired bearer token. */
    user: AuthUser | null;
  }
}

export type VerifyAccessToken = (
  token: string,
) => Promise<{ user: AuthUser } | { error: 'expired' | 'invalid' }>;

const refusals = new WeakMap<FastifyRequest, 'expired' | 'invalid'>();

/**
 * Reads the bearer token of every request (on the root instance, so every route sees it). A bad
 * token leaves the request anonymous: public routes still answer, `requireUser` answers 401.
 */
export function registerAuth(app: FastifyInstance, verify: VerifyAccessToken): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      refusals.set(request, 'invalid');
      return;
    }
    const result = await verify(match[1]!);
    if ('user' in result) request.user = result.user;
    else refusals.set(request, result.error);
  });
}

/** The request's user, or a 401 (code tokenExpired for an expired token, else unauthorized). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (request.user) return request.user;
  if (refusals.get(request) === 'expired') throw new AppError(401, 'tokenExpired', 'Access token expired');
  throw new AppError(401, 'unauthorized', 'Authentication required');
}
