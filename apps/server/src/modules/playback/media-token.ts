import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a signed media path grants (docs/decisions/0002-signed-media-paths.md). A VOD token names
 * the asset folder it opens and the video it was issued for; a live token names the site and
 * channel. `user` and `sid` (their session) are set when the viewer was signed in.
 */
export type MediaClaims = {
  /** Expiry, seconds since the epoch. */
  exp: number;
  asset?: string;
  video?: string;
  site?: string;
  channel?: string;
  user?: string;
  /** The viewer's session (the access token's sid): a key is refused once it is revoked (decision 0037). */
  sid?: string;
};

/** HMAC-SHA256 truncated to 16 bytes (128 bits): 22 base64url characters. */
const SIG_BYTES = 16;
const TOKEN_RE = /^[A-Za-z0-9_-]{8,2048}\.[A-Za-z0-9_-]{22}$/;
/** Verified tokens kept so a segment request costs one Map lookup, not a JSON parse and an HMAC. */
const CACHE_LIMIT = 10_000;

export type MediaSigner = ReturnType<typeof createMediaSigner>;

/**
 * Signs and verifies media tokens: base64url(JSON claims) + '.' + base64url(HMAC-SHA256(secret,
 * 'marquee-media.v1.' + body)[0..16)). Verification is constant-time (timingSafeEqual).
 */
export function createMediaSigner(secret: string) {
  const verified = new Map<string, MediaClaims>();
  const mac = (body: string) =>
    createHmac('sha256', secret).update(`marquee-media.v1.${body}`).digest().subarray(0, SIG_BYTES);

  function check(token: string): MediaClaims | null {
    if (!TOKEN_RE.test(token)) return null;
    const [body, sig] = token.split('.') as [string, string];
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== SIG_BYTES || !timingSafeEqual(given, mac(body))) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as MediaClaims;
      return typeof claims === 'object' && claims !== null && Number.isFinite(claims.exp) ? claims : null;
    } catch {
      return null;
    }
  }

  return {
    sign(claims: MediaClaims): string {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },

    /** The token's claims when its signature is ours and it has not expired at `nowMs`; else null. */
    verify(token: string, nowMs: number): MediaClaims | null {
      let claims = verified.get(token);
      if (!claims) {
        const checked = check(token);
        if (!checked) return null;
        if (verified.size >= CACHE_LIMIT) verified.clear();
        verified.set(token, checked);
        claims = checked;
      }
      return claims.exp * 1000 > nowMs ? claims : null;
    },
  };
}
