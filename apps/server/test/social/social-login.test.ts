import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { STATE_TTL_SECONDS } from '../../src/modules/social/social.service';
import { loadConfig } from '../../src/plugins/config';
import { createHarness, type Harness } from '../harness';
import { CLIENT, startOidcProvider, walk } from './oidc-provider';

const CALLBACK_HOST = 'http://127.0.0.1:5173';
const FACEBOOK_FAILED = 'Unable to log in with facebook. Please try again';

const DANA = { sub: 'fb-dana', email: 'Dana@Example.test', given_name: 'Dana', family_name: 'Scully' };
const ERIN = { sub: 'fb-erin', email: 'erin@example.test', name: 'Erin Brockovich Ellis' };
/** Already has a password account on acme under this e-mail. */
const CAROL = { sub: 'fb-carol', email: 'carol@example.test', given_name: 'Caroline', family_name: 'X' };
/** Her provider does not vouch for her e-mail. */
const UNVERIFIED = { sub: 'fb-unverified', email: 'mallory@example.test', email_verified: false, name: 'M' };

let op: Awaited<ReturnType<typeof startOidcProvider>>;
let h: Harness;
const clock = { offset: 0 };

beforeAll(async () => {
  op = await startOidcProvider({
    accounts: [DANA, ERIN, CAROL, UNVERIFIED],
    redirectUris: [`${CALLBACK_HOST}/oauth/facebook/callback`, `${CALLBACK_HOST}/oauth/acme-id/callback`],
  });
  h = await createHarness({
    context: { now: () => Date.now() + clock.offset },
    env: {
      FACEBOOK_CLIENT_ID: CLIENT.id,
      FACEBOOK_CLIENT_SECRET: CLIENT.secret,
      FACEBOOK_ISSUER: op.issuer,
      // The same test provider as a generic OpenID provider, which must vouch for e-mails.
      SOCIAL_PROVIDERS: JSON.stringify([
        {
          id: 'acme-id',
          name: 'Acme ID',
          issuer: op.issuer,
          clientId: CLIENT.id,
          clientSecret: CLIENT.secret,
        },
        // Nothing listens there: discovery fails.
        { id: 'down', name: 'Down', issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' },
      ]),
    },
  });
  await h.db
    .insertInto('sites')
    .values([
      newSiteRow('acme', 'Acme TV'),
      newSiteRow('closed', 'Closed TV', { perms: '{"hideAuth":true}' }),
    ])
    .execute();
  await h.db
    .insertInto('users')
    .values({
      id: 'user-carol',
      site_uid: 'acme',
      email: CAROL.email,
      password_hash: 'argon2-hash-of-her-password',
      first_name: 'Carol',
      last_name: 'Danvers',
      roles: '[]',
      verified: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(async () => {
  await h?.close();
  await op?.close();
});

/** The login CSRF binding this test's "browser" keeps in sessionStorage (decision 0010). */
const BINDING = 'browser-binding_0123456789abcdef';

const get = (url: string) => h.app.inject({ method: 'GET', url });
/** Authorize with this browser's binding unless the query names its own. */
const authorize = (provider: string, query: Record<string, string>, site = 'acme') =>
  get(`/v2/sites/${site}/oauth/${provider}/authorize?${new URLSearchParams({ binding: BINDING, ...query })}`);
/** The callback page's POST, with this browser's binding unless the payload names its own. */
const callback = (provider: string, payload: object) =>
  h.app.inject({
    method: 'POST',
    url: `/oauth/${provider}/callback`,
    payload: { binding: BINDING, ...payload },
  });

/** Starts a login, walks the provider as `login`, and answers the callback page's query. */
async function codeFor(login: string, provider = 'facebook', query: Record<string, string> = {}) {
  const res = await authorize(provider, { callbackHost: CALLBACK_HOST, ...query });
  expect(res.statusCode).toBe(200);
  const back = await walk(res.json().url, { login });
  expect(`${back.origin}${back.pathname}`).toBe(`${CALLBACK_HOST}/oauth/${provider}/callback`);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, back };
}

const identities = (subject: string) =>
  h.db.selectFrom('user_identities').selectAll().where('subject', '=', subject).execute();

describe('configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-social-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });
  const provider = {
    id: 'acme-id',
    name: 'Acme',
    issuer: 'https://id.acme.test',
    clientId: 'a',
    clientSecret: 'b',
  };

  it('stops start-up naming SOCIAL_PROVIDERS when it is not a valid provider list', () => {
    expect(load({ SOCIAL_PROVIDERS: '{not json' })).toThrow(/SOCIAL_PROVIDERS: must be a JSON array/);
    expect(load({ SOCIAL_PROVIDERS: '{}' })).toThrow(/SOCIAL_PROVIDERS/);
    expect(load({ SOCIAL_PROVIDERS: JSON.stringify([{ ...provider, clientSecret: '' }]) })).toThrow(
      /SOCIAL_PROVIDERS\.0\.clientSecret/,
    );
    expect(
      load({ SOCIAL_PROVIDERS: JSON.stringify([{ ...provider, issuer: 'http://id.acme.test' }]) }),
    ).toThrow(/SOCIAL_PROVIDERS\.0\.issuer: must be an https:\/\/ URL/);
    expect(load({ SOCIAL_PROVIDERS: JSON.stringify([{ ...provider, scopes: 'email' }]) })).toThrow(
      /SOCIAL_PROVIDERS\.0\.scopes: must include openid/,
    );
    expect(load({ SOCIAL_PROVIDERS: JSON.stringify([{ ...provider, id: 'Bad Id' }]) })).toThrow(
      /SOCIAL_PROVIDERS\.0\.id/,
    );
    expect(load({ SOCIAL_PROVIDERS: JSON.stringify([provider, provider]) })).toThrow(/unique/);
  });

  it('stops start-up when only one of the FACEBOOK_CLIENT_ keys is set, or facebook is configured twice', () => {
    expect(load({ FACEBOOK_CLIENT_ID: 'app' })).toThrow(/FACEBOOK_CLIENT_SECRET: required/);
    expect(load({ FACEBOOK_CLIENT_SECRET: 'secret' })).toThrow(/FACEBOOK_CLIENT_ID: required/);
    const facebook = { ...provider, id: 'facebook', name: 'Facebook' };
    expect(
      load({
        FACEBOOK_CLIENT_ID: 'app',
        FACEBOOK_CLIENT_SECRET: 'secret',
        SOCIAL_PROVIDERS: JSON.stringify([facebook]),
      }),
    ).toThrow(/FACEBOOK_CLIENT_ID: facebook is also in SOCIAL_PROVIDERS/);
  });

  it('adds Facebook from FACEBOOK_CLIENT_ID / _SECRET with its issuer and Graph token endpoint', () => {
    const { social } = load({ FACEBOOK_CLIENT_ID: 'app', FACEBOOK_CLIENT_SECRET: 'secret' })();
    expect(social.providers).toEqual([
      expect.objectContaining({
        id: 'facebook',
        name: 'Facebook',
        issuer: 'https://www.facebook.com',
        tokenEndpoint: expect.stringMatching(
          /^https:\/\/graph\.facebook\.com\/v[\d.]+\/oauth\/access_token$/,
        ),
        requireEmailVerified: false,
      }),
    ]);
    expect(load({})().social.providers).toEqual([]);
    expect(load({ SOCIAL_PROVIDERS: JSON.stringify([provider]) })().social.providers[0]).toMatchObject({
      scopes: 'openid email profile',
      requireEmailVerified: true,
    });
  });
});

describe('GET /v2/sites/{site}/oauth/providers', () => {
  it('404s for an unknown site', async () => {
    expect((await get('/v2/sites/nope/oauth/providers')).statusCode).toBe(404);
  });

  it('lists the configured providers, none where logins are disabled', async () => {
    expect((await get('/v2/sites/acme/oauth/providers')).json()).toEqual({
      items: [
        { id: 'acme-id', name: 'Acme ID' },
        { id: 'down', name: 'Down' },
        { id: 'facebook', name: 'Facebook' },
      ],
    });
    expect((await get('/v2/sites/closed/oauth/providers')).json()).toEqual({ items: [] });
  });
});

describe('GET /v2/sites/{site}/oauth/{provider}/authorize, refusals', () => {
  it('404s for an unknown provider or site', async () => {
    const res = await authorize('twitter', { callbackHost: CALLBACK_HOST });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'unknownProvider',
      message: "Unknown login provider 'twitter'",
    });
    expect((await authorize('facebook', { callbackHost: CALLBACK_HOST }, 'nope')).statusCode).toBe(404);
  });

  it('400s naming callbackHost when it is missing or not an http(s) origin', async () => {
    for (const query of [
      {} as Record<string, string>,
      { callbackHost: '' },
      { callbackHost: 'javascript:alert(1)' },
      { callbackHost: 'ftp://tv.acme.test' },
      { callbackHost: 'https://tv.acme.test/steal?x=' },
      { callbackHost: 'not a url' },
    ]) {
      const res = await authorize('facebook', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.field).toBe('callbackHost');
    }
  });

  it('502s providerUnavailable when the provider cannot be reached, and tries again next time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await authorize('down', { callbackHost: CALLBACK_HOST });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({
        code: 'providerUnavailable',
        message: 'Unable to log in with down. Please try again',
      });
    }
  });

  it('403s authDisabled where the site disabled logins', async () => {
    const res = await authorize('facebook', { callbackHost: CALLBACK_HOST }, 'closed');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'authDisabled',
      message: 'This site has currently disabled logins / signups',
    });
  });
});

describe('login CSRF binding', () => {
  it('authorize 400s naming binding when it is missing, too short, too long or not URL-safe', async () => {
    const missing = await get(
      `/v2/sites/acme/oauth/facebook/authorize?${new URLSearchParams({ callbackHost: CALLBACK_HOST })}`,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.field).toBe('binding');
    for (const binding of ['', 'x'.repeat(15), 'x'.repeat(129), 'has spaces in it!!', 'a+b/c=d.e~f0123456']) {
      const res = await authorize('facebook', { callbackHost: CALLBACK_HOST, binding });
      expect(res.statusCode, binding).toBe(400);
      expect(res.json().error.field).toBe('binding');
    }
    for (const binding of ['x'.repeat(16), 'A-z_9'.repeat(25) + 'abc'])
      expect((await authorize('facebook', { callbackHost: CALLBACK_HOST, binding })).statusCode).toBe(200);
  });

  it('the callback 400s naming binding when it is missing or malformed', async () => {
    for (const binding of [undefined, '', 'short', 'not url safe at all!!']) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/oauth/facebook/callback',
        payload: { code: 'x', state: 'y', ...(binding === undefined ? {} : { binding }) },
      });
      expect(res.statusCode, String(binding)).toBe(400);
      expect(res.json().error.field).toBe('binding');
    }
  });

  it('the binding is not in the authorize URL (only its hash, inside the encrypted state)', async () => {
    const res = await authorize('facebook', { callbackHost: CALLBACK_HOST });
    expect(res.json().url).not.toContain(BINDING);
  });

  it('401s socialLoginFailed when the callback comes from another browser (a different binding)', async () => {
    const { code, state } = await codeFor(ERIN.sub);
    const res = await callback('facebook', {
      code,
      state,
      callbackHost: CALLBACK_HOST,
      binding: 'attacker-binding_0123456789abcdef',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'socialLoginFailed', message: FACEBOOK_FAILED });
    // The code was not spent on the refused attempt: the right browser still finishes the login.
    const ok = await callback('facebook', { code, state, callbackHost: CALLBACK_HOST });
    expect(ok.statusCode).toBe(200);
  });
});

describe('POST /oauth/{provider}/callback, refusals', () => {
  it('400s naming code or state when missing', async () => {
    for (const [body, field] of [
      [{ state: 'x' }, 'code'],
      [{ code: '', state: 'x' }, 'code'],
      [{ code: 'x' }, 'state'],
      [{ code: 'x', state: '' }, 'state'],
    ] as const) {
      const res = await callback('facebook', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });

  it('404s for an unknown provider', async () => {
    const res = await callback('twitter', { code: 'x', state: 'y' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('unknownProvider');
  });

  it('401s socialLoginFailed for a state the server did not issue, or one that was tampered with', async () => {
    const { code, state } = await codeFor(DANA.sub);
    const flipped = state.slice(0, -3) + (state.at(-3) === 'A' ? 'B' : 'A') + state.slice(-2);
    for (const bad of ['garbage', flipped, state.split('.').slice(0, 4).join('.') + '.'])
      expect((await callback('facebook', { code, state: bad, callbackHost: CALLBACK_HOST })).json()).toEqual({
        error: { code: 'socialLoginFailed', message: FACEBOOK_FAILED },
      });
  });

  it('401s for a state of another provider, another callbackHost, or after ten minutes', async () => {
    const { code, state } = await codeFor(ERIN.sub);
    const other = await callback('acme-id', { code, state });
    expect(other.statusCode).toBe(401);
    expect(other.json().error.message).toBe('Unable to log in with acme id. Please try again');
    const host = await callback('facebook', { code, state, callbackHost: 'http://evil.test' });
    expect(host.statusCode).toBe(401);
    clock.offset = (STATE_TTL_SECONDS + 1) * 1000;
    try {
      const late = await callback('facebook', { code, state });
      expect(late.statusCode).toBe(401);
      expect(late.json().error.code).toBe('socialLoginFailed');
    } finally {
      clock.offset = 0;
    }
  });

  it('401s for a code the provider did not issue', async () => {
    const { state } = await codeFor(ERIN.sub);
    const res = await callback('facebook', { code: 'made-up-code', state, callbackHost: CALLBACK_HOST });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'socialLoginFailed', message: FACEBOOK_FAILED });
  });

  it('401s when a generic provider does not vouch for the e-mail (email_verified false)', async () => {
    const { code, state } = await codeFor(UNVERIFIED.sub, 'acme-id');
    const res = await callback('acme-id', { code, state });
    expect(res.statusCode).toBe(401);
    expect(
      await h.db.selectFrom('users').where('email', '=', UNVERIFIED.email).selectAll().execute(),
    ).toEqual([]);
  });

  it('the provider sends a declining user back with error=access_denied (the page shows the refusal)', async () => {
    const res = await authorize('facebook', { callbackHost: CALLBACK_HOST });
    const back = await walk(res.json().url, { login: DANA.sub, decline: true });
    expect(back.pathname).toBe('/oauth/facebook/callback');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('state')).toBeTruthy();
  });
});

describe('social login through the provider', () => {
  let first: { userId: string; token: string; code: string; state: string };

  it('the authorize URL asks for a code with PKCE (S256), a nonce and the callback page', async () => {
    const res = await authorize('facebook', { callbackHost: `${CALLBACK_HOST}/` });
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      response_type: 'code',
      redirect_uri: `${CALLBACK_HOST}/oauth/facebook/callback`,
      scope: 'openid email public_profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.any(String),
      state: expect.any(String),
    });
    // The state is encrypted: the PKCE verifier and nonce do not show in the URL.
    expect(url.searchParams.get('state')).not.toContain(url.searchParams.get('nonce'));
    expect(url.searchParams.get('state')!.split('.')).toHaveLength(5);
  });

  it('creates the user on the first login and answers a LoginResponse with the intent', async () => {
    const { code, state, back } = await codeFor(DANA.sub, 'facebook', { odrc: 'watch', videoUid: 'v-1' });
    const res = await callback('facebook', {
      code,
      state,
      callbackHost: CALLBACK_HOST,
      iss: back.searchParams.get('iss') ?? undefined,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      expiresIn: 900,
      refreshToken: expect.any(String),
      redirectLogin: false,
      user: { email: 'dana@example.test', firstName: 'Dana', lastName: 'Scully', verified: true },
      intent: { odrc: 'watch', params: { videoUid: 'v-1' } },
    });
    const me = await h.app.inject({
      method: 'GET',
      url: '/v2/me/info',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: body.user.id, email: 'dana@example.test' });

    const row = await h.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ site_uid: 'acme', password_hash: '' });
    expect(row.terms_accepted_at).not.toBeNull();
    expect(await identities(DANA.sub)).toEqual([
      expect.objectContaining({ site_uid: 'acme', provider: 'facebook', user_id: body.user.id }),
    ]);
    first = { userId: body.user.id, token: body.token, code, state };
  });

  it('401s when the same code is posted again', async () => {
    const res = await callback('facebook', { code: first.code, state: first.state });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'socialLoginFailed', message: FACEBOOK_FAILED });
  });

  it('logs the same user in again through the linked identity', async () => {
    const { code, state } = await codeFor(DANA.sub);
    const res = await callback('facebook', { code, state });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(first.userId);
    expect(res.json().intent).toEqual({ odrc: null, params: {} });
    expect(await identities(DANA.sub)).toHaveLength(1);
    expect(
      await h.db.selectFrom('users').where('email', '=', 'dana@example.test').selectAll().execute(),
    ).toHaveLength(1);
  });

  it('links an existing account with the same e-mail instead of creating one', async () => {
    const { code, state } = await codeFor(CAROL.sub);
    const res = await callback('facebook', { code, state });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: 'user-carol', firstName: 'Carol', lastName: 'Danvers' });
    expect(await identities(CAROL.sub)).toEqual([expect.objectContaining({ user_id: 'user-carol' })]);
    const carol = await h.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', 'user-carol')
      .executeTakeFirstOrThrow();
    expect(carol.password_hash).toBe('argon2-hash-of-her-password');
  });

  it('403s accountLocked for a locked account, as the password login does', async () => {
    await h.db
      .updateTable('users')
      .set({ locked_at: new Date().toISOString() })
      .where('id', '=', 'user-carol')
      .execute();
    try {
      const { code, state } = await codeFor(CAROL.sub);
      const res = await callback('facebook', { code, state });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('accountLocked');
    } finally {
      await h.db.updateTable('users').set({ locked_at: null }).where('id', '=', 'user-carol').execute();
    }
  });

  it('splits a full name when the provider gives no given/family name', async () => {
    const { code, state } = await codeFor(ERIN.sub);
    const res = await callback('facebook', { code, state });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ firstName: 'Erin', lastName: 'Brockovich Ellis' });
  });

  it('Facebook sends no email_verified: its e-mail is trusted (a generic provider refused it above)', async () => {
    const { code, state } = await codeFor(UNVERIFIED.sub);
    const res = await callback('facebook', { code, state });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(UNVERIFIED.email);
  });
});

describe('the web callback page', () => {
  it('GET /oauth/facebook/callback still serves the web app next to the POST route', async () => {
    const clientsDir = mkdtempSync(join(tmpdir(), 'marquee-social-web-'));
    mkdirSync(join(clientsDir, 'web/dist'), { recursive: true });
    writeFileSync(join(clientsDir, 'web/dist/index.html'), '<!doctype html><title>web</title>');
    const app = await buildApp({ config: h.config, db: h.db, clientsDir, logger: false });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/oauth/facebook/callback?error=access_denied&state=x',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>web</title>');
    } finally {
      await app.close();
      rmSync(clientsDir, { recursive: true, force: true });
    }
  });
});
