import { z } from 'zod';
import { LoginResponse } from './auth';
import { ClientQuery } from './common';

/** Social login (accounts-and-commerce §7): OAuth 2.0 / OpenID Connect providers such as Facebook. */

export const SocialProvider = z
  .object({
    /** Path segment of /oauth/{provider}/…, e.g. `facebook`. */
    id: z.string(),
    /** Display name, e.g. `Facebook`. */
    name: z.string(),
  })
  .meta({ id: 'SocialProvider' });
export type SocialProvider = z.infer<typeof SocialProvider>;

export const SocialProviderList = z
  .object({ items: z.array(SocialProvider) })
  .meta({ id: 'SocialProviderList' });
export type SocialProviderList = z.infer<typeof SocialProviderList>;

export const SocialSiteParams = z.object({ site: z.string().min(1).max(64) });
export type SocialSiteParams = z.infer<typeof SocialSiteParams>;
export const SocialProviderParams = z.object({ provider: z.string().min(1).max(64) });
export type SocialProviderParams = z.infer<typeof SocialProviderParams>;
export const SocialSiteProviderParams = SocialSiteParams.extend(SocialProviderParams.shape);
export type SocialSiteProviderParams = z.infer<typeof SocialSiteProviderParams>;

/** An http(s) origin such as `https://tv.acme.test` (no path, query or fragment). */
const Origin = z
  .string()
  .max(256)
  .refine((value) => {
    try {
      const url = new URL(value);
      return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'must be an http(s) origin such as https://example.com')
  .transform((value) => value.replace(/\/$/, ''));

/**
 * Login CSRF binding (decision 0010): a random string the browser that starts the login keeps in
 * sessionStorage and sends again with the callback; 16–128 URL-safe characters (A–Z a–z 0–9 - _).
 */
export const SocialBinding = z
  .string({ error: (issue) => (issue.input === undefined ? 'Binding is required' : 'must be a string') })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 URL-safe characters (A-Z a-z 0-9 - _)');
export type SocialBinding = z.infer<typeof SocialBinding>;

/** Most intent parameters a login may carry back (the shared query parameters of §2). */
const MAX_INTENT_PARAMS = 24;

/**
 * GET …/oauth/{provider}/authorize: where the provider sends the user back (`callbackHost`), the
 * browser's `binding` (its sha256 goes into the state), and the return intent (`odrc` and its
 * parameters: every other query parameter), kept in the state.
 */
export const SocialAuthorizeQuery = ClientQuery.extend({
  callbackHost: Origin,
  binding: SocialBinding,
  odrc: z.string().min(1).max(64).optional(),
})
  .catchall(z.string().max(512))
  .refine((query) => Object.keys(query).length <= MAX_INTENT_PARAMS + 5, 'too many parameters');
export type SocialAuthorizeQuery = z.infer<typeof SocialAuthorizeQuery>;

export const SocialAuthorizeResponse = z
  .object({
    /** The provider's authorization URL (state, nonce and PKCE included); the client navigates to it. */
    url: z.string(),
  })
  .meta({ id: 'SocialAuthorizeResponse' });
export type SocialAuthorizeResponse = z.infer<typeof SocialAuthorizeResponse>;

const requiredString = (message: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? message : 'must be a string') })
    .min(1, message)
    .max(max);

/** POST /oauth/{provider}/callback: what the provider appended to the callback page's URL. */
export const SocialCallbackBody = z.object({
  code: requiredString('Code is required', 2048),
  state: requiredString('State is required', 4096),
  /** The binding the same browser sent to authorize; a different one fails the login. */
  binding: SocialBinding,
  /** Must be the callbackHost the login started with (it is part of the redirect URI). */
  callbackHost: Origin.optional(),
  /** The `iss` parameter of the callback URL, when the provider sends one (RFC 9207). */
  iss: z.string().max(512).optional(),
});
export type SocialCallbackBody = z.infer<typeof SocialCallbackBody>;

/** Where the client returns after the login: the odrc intent and its parameters from authorize. */
export const SocialIntent = z
  .object({
    odrc: z.string().nullable(),
    params: z.record(z.string(), z.string()),
  })
  .meta({ id: 'SocialIntent' });
export type SocialIntent = z.infer<typeof SocialIntent>;

export const SocialLoginResponse = LoginResponse.extend({ intent: SocialIntent }).meta({
  id: 'SocialLoginResponse',
});
export type SocialLoginResponse = z.infer<typeof SocialLoginResponse>;
