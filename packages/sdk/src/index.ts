import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
/** The API's named schemas: `Schemas['Video']`, `Schemas['PlayableUrl']`… */
export type Schemas = components['schemas'];
/** Every error body: `{ error: { code, message, field? } }`; `field` names the bad input of a 400. */
export type ErrorResponse = Schemas['ErrorResponse'];

/** The bearer token of a signed-in call: a fixed token, or a function answering the current one. */
export type AccessToken = string | (() => string | null | undefined | Promise<string | null | undefined>);

export type MarqueeClientOptions = ClientOptions & {
  /** The access token of login, signup or refresh-access; sent as `Authorization: Bearer …`. */
  accessToken?: AccessToken;
};

export type MarqueeClient = Client<paths>;

/** A middleware that sends the bearer token, when there is one, on every call. */
export function bearerAuth(accessToken: AccessToken): Middleware {
  return {
    async onRequest({ request }) {
      const token = typeof accessToken === 'function' ? await accessToken() : accessToken;
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

/**
 * A typed client of the Marquee API (openapi-fetch): `client.GET('/v2/sites/{site}/videos/{uid}',
 * { params: { path: { site: 'demo', uid } } })` answers `{ data }` or `{ error }` typed by the path.
 */
export function createMarqueeClient({ accessToken, ...options }: MarqueeClientOptions = {}): MarqueeClient {
  const client = createClient<paths>(options);
  if (accessToken) client.use(bearerAuth(accessToken));
  return client;
}
