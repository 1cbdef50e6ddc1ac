import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Account } from 'oidc-provider';

/** An end user of the test provider: the claims its ID tokens carry. */
export type TestAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
};

export const CLIENT = { id: 'marquee-test', secret: 'marquee-test-secret-0123456789abcdef' };

/**
 * A real OpenID provider (oidc-provider) on a loopback port, playing Facebook: one confidential
 * client, ID tokens that carry the e-mail (conformIdTokenClaims off, like Facebook's), and its own
 * login and consent screens answered over plain HTTP by `walk()`.
 */
export async function startOidcProvider(opts: { accounts: TestAccount[]; redirectUris: string[] }) {
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      // Facebook's name for it.
      public_profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    adapter: MemoryAdapter,
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: async () => ({ ...account }) };
    },
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) return void interaction(provider, req, res);
    provider.callback()(req, res);
  });

  return {
    issuer,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Stored = { payload: Record<string, unknown>; expiresAt: number };
const store = new Map<string, Stored>();

/** oidc-provider's storage in a Map (named, so it does not warn about its own development adapter). */
class MemoryAdapter {
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  private live(key: string) {
    const entry = store.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }
  async find(id: string) {
    return this.live(this.key(id));
  }
  async findByUid(uid: string) {
    for (const [key, { payload }] of store)
      if (key.startsWith(`${this.model}:`) && payload.uid === uid) return this.live(key);
    return undefined;
  }
  async findByUserCode(userCode: string) {
    for (const [key, { payload }] of store)
      if (key.startsWith(`${this.model}:`) && payload.userCode === userCode) return this.live(key);
    return undefined;
  }
  async consume(id: string) {
    const payload = this.live(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, { payload }] of store) if (payload.grantId === grantId) store.delete(key);
  }
}

/**
 * The provider's login and consent pages, reduced to HTTP: GET shows which prompt is pending,
 * POST …/login {login}, …/consent and …/abort answer it.
 */
async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse) {
  try {
    const details = await provider.interactionDetails(req, res);
    const action = req.url!.split('?')[0]!.split('/')[3];
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ prompt: details.prompt.name }));
    }
    if (action === 'abort') {
      const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
      return await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    if (action === 'login') {
      const login = new URLSearchParams(await readBody(req)).get('login') ?? '';
      return await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
    }
    if (action === 'consent') {
      const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({
            accountId: details.session!.accountId,
            clientId: String(details.params.client_id),
          });
      if (!grant) throw new Error('grant not found');
      if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
      if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
      for (const [indicator, scope] of Object.entries(missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scope.join(' '));
      const result = { consent: { grantId: await grant.save() } };
      return await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
    }
    res.writeHead(404).end();
  } catch (err) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/**
 * Walks a browser through the provider: follows redirects by hand, keeps cookies, logs in as
 * `login` and approves (or aborts with `decline`), and returns the URL the provider finally sends
 * the browser to (the app's callback page, with code and state or an error).
 */
export async function walk(authorizeUrl: string, opts: { login: string; decline?: boolean }): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizeUrl).origin;
  let next: { url: string; method: 'GET' | 'POST'; body?: string } = { url: authorizeUrl, method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const url = new URL(next.url, origin);
    if (url.origin !== origin) return url; // left the provider: the callback page
    const res = await fetch(url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(next.body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: next.body,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      next = { url: location, method: 'GET' };
      continue;
    }
    if (res.status !== 200 || !url.pathname.startsWith('/interaction/'))
      throw new Error(`provider answered ${res.status} at ${url.pathname}: ${await res.text()}`);
    const { prompt } = (await res.json()) as { prompt: string };
    const base = url.pathname;
    if (opts.decline) next = { url: `${base}/abort`, method: 'POST', body: '' };
    else if (prompt === 'login')
      next = {
        url: `${base}/login`,
        method: 'POST',
        body: new URLSearchParams({ login: opts.login }).toString(),
      };
    else if (prompt === 'consent') next = { url: `${base}/consent`, method: 'POST', body: '' };
    else throw new Error(`unexpected prompt ${prompt}`);
  }
  throw new Error('too many redirects at the provider');
}
