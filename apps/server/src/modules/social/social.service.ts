import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  SocialAuthorizeQuery,
  SocialAuthorizeResponse,
  SocialCallbackBody,
  SocialLoginResponse,
  SocialProviderList,
} from '@marquee/contract';
import { EncryptJWT, jwtDecrypt } from 'jose';
import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  ClientSecretPost,
  Configuration,
  discovery,
  randomNonce,
  randomPKCECodeVerifier,
} from 'openid-client';
import type { UsersTable } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import type { AuthService, DeviceInfo } from '../auth';
import type { Site, SitesService } from '../sites';
import type { SocialConfig, SocialProviderConfig } from '../../plugins/social-config';
import type { SocialRepository } from './social.repository';

export type SocialService = ReturnType<typeof createSocialService>;

/** How long a started login may take at the provider. */
export const STATE_TTL_SECONDS = 10 * 60;
const STATE_AUDIENCE = 'marquee-social-state';

/** What the server needs back at the callback; sealed into `state`, so any process can finish the login. */
type LoginState = {
  site: string;
  provider: string;
  nonce: string;
  /** PKCE code verifier: the reason the state is encrypted, not only signed. */
  verifier: string;
  callbackHost: string;
  /** sha256 (hex) of the browser's binding: only the browser that started the login can finish it. */
  bindingHash: string;
  odrc: string | null;
  params: Record<string, string>;
};

/** Query keys that are not part of the return intent. */
const NOT_INTENT = new Set(['callbackHost', 'binding', 'odrc', '__site', '__source']);

const bindingHash = (binding: string) => createHash('sha256').update(binding).digest('hex');

const redirectUri = (callbackHost: string, provider: string) => `${callbackHost}/oauth/${provider}/callback`;

const authDisabled = () =>
  new AppError(403, 'authDisabled', 'This site has currently disabled logins / signups');

/**
 * Social login over OAuth 2.0 / OpenID Connect (accounts-and-commerce §7; docs/decisions/0010):
 * authorization code flow with PKCE and nonce, a stateless encrypted `state`, and users found by
 * (provider, subject) or linked and created by the provider's e-mail.
 */
export function createSocialService(deps: {
  config: SocialConfig;
  authSecret: string;
  repo: SocialRepository;
  auth: Pick<AuthService, 'findUser' | 'startSession'>;
  /** Looks the state's site up (a cached read of `sites`). */
  sites: Pick<SitesService, 'byUid'>;
  now: () => number;
}) {
  const { config, repo, auth, sites, now } = deps;
  const stateKey = createHash('sha256').update(`marquee-social-state.v1\0${deps.authSecret}`).digest();
  const clients = new Map<string, Promise<Configuration>>();

  function providerOf(id: string): SocialProviderConfig {
    const provider = config.providers.find((p) => p.id === id);
    if (!provider) throw new AppError(404, 'unknownProvider', `Unknown login provider '${id}'`);
    return provider;
  }

  /** The spec's message writes the provider in lower case: "Unable to log in with facebook…". */
  const loginFailed = (provider: SocialProviderConfig) =>
    new AppError(
      401,
      'socialLoginFailed',
      `Unable to log in with ${provider.name.toLowerCase()}. Please try again`,
    );

  const assertAuthEnabled = (site: Site) => {
    if (site.perms.hideAuth) throw authDisabled();
  };

  /** The provider's client, discovered once per process; a failed discovery is retried next time. */
  function clientOf(provider: SocialProviderConfig): Promise<Configuration> {
    let client = clients.get(provider.id);
    if (!client) {
      client = discover(provider);
      clients.set(provider.id, client);
      client.catch(() => clients.delete(provider.id));
    }
    return client;
  }

  async function discover(provider: SocialProviderConfig): Promise<Configuration> {
    // The config accepts http:// only for loopback issuers (tests, local development).
    const insecure = new URL(provider.issuer).protocol === 'http:';
    const clientAuth = ClientSecretPost(provider.clientSecret);
    const discovered = await discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      clientAuth,
      insecure ? { execute: [allowInsecureRequests] } : undefined,
    );
    const { supportsPKCE: _supportsPKCE, ...server } = discovered.serverMetadata();
    const client = new Configuration(
      {
        ...server,
        token_endpoint: provider.tokenEndpoint ?? server.token_endpoint,
        // Each provider has its own redirect path, which already stops mix-ups (RFC 9207 §2.4), and
        // the callback page may not pass `iss` on; when it does, it is still checked.
        authorization_response_iss_parameter_supported: false,
      },
      provider.clientId,
      provider.clientSecret,
      clientAuth,
    );
    if (insecure) allowInsecureRequests(client);
    return client;
  }

  async function sealState(state: LoginState): Promise<string> {
    const issuedAt = Math.floor(now() / 1000);
    return new EncryptJWT({ ...state })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setAudience(STATE_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + STATE_TTL_SECONDS)
      .encrypt(stateKey);
  }

  async function openState(token: string): Promise<LoginState> {
    const { payload } = await jwtDecrypt(token, stateKey, {
      audience: STATE_AUDIENCE,
      currentDate: new Date(now()),
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    return payload as unknown as LoginState;
  }

  /** The linked user, else the site's user with that e-mail (now linked), else a new user. */
  async function findOrCreateUser(
    site: Site,
    provider: SocialProviderConfig,
    claims: Record<string, unknown>,
  ): Promise<UsersTable | undefined> {
    const subject = String(claims.sub);
    const linked = await repo.findUserByIdentity(site.uid, provider.id, subject);
    if (linked) return linked;

    // Linking or creating trusts the e-mail, so it must be one the provider verified (see 0010 for Facebook).
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 320) return undefined;
    if (provider.requireEmailVerified && claims.email_verified !== true) return undefined;

    const at = new Date(now()).toISOString();
    if (!(await auth.findUser(site.uid, email))) {
      const [firstName, lastName] = namesOf(claims, email);
      await repo.insertUserIfNew({
        id: randomUUID(),
        site_uid: site.uid,
        email,
        password_hash: '', // no password until the user sets one through a reset
        first_name: firstName,
        last_name: lastName,
        roles: '[]',
        dob: null,
        gender: null,
        verified: 1,
        created_at: at,
        password_changed_at: null,
        password_expires_at: null,
        locked_at: null,
        terms_accepted_at: at,
        name_changed_at: null,
        deletion_requested_at: null,
      });
    }
    const user = await auth.findUser(site.uid, email);
    if (!user) return undefined;
    await repo.linkIdentity({
      site_uid: site.uid,
      provider: provider.id,
      subject,
      user_id: user.id,
      created_at: at,
    });
    // A concurrent login may have linked the subject first; that link wins.
    return repo.findUserByIdentity(site.uid, provider.id, subject);
  }

  return {
    providers: (site: Site): SocialProviderList => ({
      items: site.perms.hideAuth ? [] : config.providers.map(({ id, name }) => ({ id, name })),
    }),

    /** The provider's authorization URL for a login that returns to `callbackHost`. */
    async authorize(
      site: Site,
      providerId: string,
      query: SocialAuthorizeQuery,
    ): Promise<SocialAuthorizeResponse> {
      const provider = providerOf(providerId);
      assertAuthEnabled(site);
      const client = await clientOf(provider).catch((cause: unknown) => {
        const err = new AppError(
          502,
          'providerUnavailable',
          `Unable to log in with ${provider.name.toLowerCase()}. Please try again`,
        );
        err.cause = cause;
        throw err;
      });
      const verifier = randomPKCECodeVerifier();
      const nonce = randomNonce();
      const params = Object.fromEntries(
        Object.entries(query).filter(
          (entry): entry is [string, string] => !NOT_INTENT.has(entry[0]) && typeof entry[1] === 'string',
        ),
      );
      const state = await sealState({
        site: site.uid,
        provider: provider.id,
        nonce,
        verifier,
        callbackHost: query.callbackHost,
        bindingHash: bindingHash(query.binding),
        odrc: query.odrc ?? null,
        params,
      });
      const url = buildAuthorizationUrl(client, {
        redirect_uri: redirectUri(query.callbackHost, provider.id),
        response_type: 'code',
        scope: provider.scopes,
        state,
        nonce,
        code_challenge: await calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href };
    },

    /** Finishes the login: checks the state, exchanges the code and signs the user in. */
    async callback(
      providerId: string,
      body: SocialCallbackBody,
      device: DeviceInfo,
    ): Promise<SocialLoginResponse> {
      const provider = providerOf(providerId);
      const failed = (cause?: unknown) => {
        const err = loginFailed(provider);
        if (cause !== undefined) err.cause = cause;
        return err;
      };
      const state = await openState(body.state).catch((err: unknown) => {
        throw failed(err);
      });
      if (state.provider !== provider.id) throw failed('state of another provider');
      const expected = Buffer.from(String(state.bindingHash), 'hex');
      const given = Buffer.from(bindingHash(body.binding), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw failed('binding differs from the one the login started with (login CSRF)');
      if (body.callbackHost !== undefined && body.callbackHost !== state.callbackHost)
        throw failed('callbackHost differs from the one the login started with');
      const site = await sites.byUid(state.site).catch(() => undefined);
      if (!site) throw failed('the site of the state is gone');
      assertAuthEnabled(site);

      const callbackUrl = new URL(redirectUri(state.callbackHost, provider.id));
      callbackUrl.searchParams.set('code', body.code);
      callbackUrl.searchParams.set('state', body.state);
      if (body.iss !== undefined) callbackUrl.searchParams.set('iss', body.iss);
      let claims: Record<string, unknown> | undefined;
      try {
        const tokens = await authorizationCodeGrant(await clientOf(provider), callbackUrl, {
          pkceCodeVerifier: state.verifier,
          expectedNonce: state.nonce,
          expectedState: body.state,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (err) {
        throw failed(err);
      }
      if (!claims) throw failed('no ID token');

      const user = await findOrCreateUser(site, provider, claims);
      if (!user) throw failed('no verified e-mail in the ID token');
      if (user.locked_at !== null)
        throw new AppError(
          403,
          'accountLocked',
          'Welcome back! Your account has been locked for security reasons and your password needs to be reset',
        );
      const login = await auth.startSession(user, device);
      return { ...login, intent: { odrc: state.odrc, params: state.params } };
    },
  };
}

/** First and last name from given_name / family_name, else split from name, else the e-mail's local part. */
function namesOf(claims: Record<string, unknown>, email: string): [string, string] {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given || family) return [given, family];
  const [first = '', ...rest] = text(claims.name).split(/\s+/);
  if (first) return [first, rest.join(' ')];
  return [email.split('@')[0]!.slice(0, 100), ''];
}
