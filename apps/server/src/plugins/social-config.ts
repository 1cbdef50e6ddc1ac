import { z } from 'zod';

/** Facebook's OpenID Connect issuer; its discovery document has no token endpoint (see 0010). */
export const FACEBOOK_ISSUER = 'https://www.facebook.com';
export const FACEBOOK_TOKEN_ENDPOINT = 'https://graph.facebook.com/v21.0/oauth/access_token';

const isLoopback = (host: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(host);

/** https, or http on a loopback host (tests and local development only). */
export const SocialProviderUrl = z.url().refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}, 'must be an https:// URL (http:// only on localhost)');

const ProviderSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be 1-32 characters of a-z, 0-9 and -'),
    name: z.string().min(1).max(64),
    issuer: SocialProviderUrl,
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    scopes: z
      .string()
      .default('openid email profile')
      .refine((s) => s.split(/\s+/).includes('openid'), 'must include openid'),
    /** Replaces the discovered token endpoint (Facebook publishes none). */
    tokenEndpoint: SocialProviderUrl.optional(),
    /** Whether the ID token must say email_verified: true before the e-mail is trusted. */
    requireEmailVerified: z.boolean().optional(),
  })
  .strict()
  .transform((p) => ({ ...p, requireEmailVerified: p.requireEmailVerified ?? p.id !== 'facebook' }));

export type SocialProviderConfig = z.output<typeof ProviderSchema>;
export type SocialConfig = { providers: SocialProviderConfig[] };

/** SOCIAL_PROVIDERS: a JSON array of providers. */
export const SocialProvidersEnv = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.issues.push({ code: 'custom', message: 'must be a JSON array of providers', input: text });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(ProviderSchema)
      .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'provider ids must be unique'),
  );

/** The providers from SOCIAL_PROVIDERS plus Facebook from FACEBOOK_CLIENT_ID / FACEBOOK_CLIENT_SECRET. */
export function socialConfig(env: {
  SOCIAL_PROVIDERS?: SocialProviderConfig[];
  FACEBOOK_CLIENT_ID?: string;
  FACEBOOK_CLIENT_SECRET?: string;
  FACEBOOK_ISSUER?: string;
}): SocialConfig {
  const providers = [...(env.SOCIAL_PROVIDERS ?? [])];
  const { FACEBOOK_CLIENT_ID: clientId, FACEBOOK_CLIENT_SECRET: clientSecret } = env;
  if (clientId || clientSecret) {
    const missing = clientId ? 'FACEBOOK_CLIENT_SECRET' : 'FACEBOOK_CLIENT_ID';
    if (!clientId || !clientSecret)
      throw new Error(`Invalid configuration: ${missing}: required with the other FACEBOOK_CLIENT_ key`);
    if (providers.some((p) => p.id === 'facebook'))
      throw new Error('Invalid configuration: FACEBOOK_CLIENT_ID: facebook is also in SOCIAL_PROVIDERS');
    const issuer = env.FACEBOOK_ISSUER ?? FACEBOOK_ISSUER;
    providers.push({
      id: 'facebook',
      name: 'Facebook',
      issuer,
      clientId,
      clientSecret,
      scopes: 'openid email public_profile',
      tokenEndpoint: issuer === FACEBOOK_ISSUER ? FACEBOOK_TOKEN_ENDPOINT : undefined,
      requireEmailVerified: false,
    });
  }
  return { providers };
}
