import { errors, jwtVerify, SignJWT } from 'jose';
import type { AuthUser } from '../../plugins/auth';

export type AccessTokens = ReturnType<typeof createAccessTokens>;

const ISSUER = 'marquee';
const ALG = 'HS256';

/**
 * Short-lived access tokens: HS256 JWTs carrying the user id (sub), site, e-mail, roles and the
 * session (sid: the refresh-token family); a token without sid is invalid.
 * `now` is the app clock (epoch ms), so expiry is tested without sleeping.
 */
export function createAccessTokens(secret: string, ttlSeconds: number, now: () => number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(user: AuthUser): Promise<string> {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({ site: user.siteUid, email: user.email, roles: user.roles, sid: user.sessionId })
        .setProtectedHeader({ alg: ALG })
        .setIssuer(ISSUER)
        .setSubject(user.id)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    /** The token's user, or why it is refused: 'expired' or 'invalid'. */
    async verify(token: string): Promise<{ user: AuthUser } | { error: 'expired' | 'invalid' }> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer: ISSUER,
          currentDate: new Date(now()),
          clockTolerance: 0,
        });
        const { sub, site, email, roles, sid } = payload;
        if (
          typeof sub !== 'string' ||
          typeof site !== 'string' ||
          typeof email !== 'string' ||
          typeof sid !== 'string' ||
          sid === '' ||
          !Array.isArray(roles) ||
          !roles.every((r) => typeof r === 'string')
        )
          return { error: 'invalid' };
        return { user: { id: sub, siteUid: site, email, roles, sessionId: sid } };
      } catch (err) {
        return { error: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
