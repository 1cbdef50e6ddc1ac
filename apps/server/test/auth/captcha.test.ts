import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALTCHA } from '../../src/modules/auth/captcha';
import { authHarness, solvedCaptcha } from './fixtures';

const SIGNUP = '/v2/me/auth/signup';
let n = 0;
/** A valid signup body with an e-mail of its own. */
const newcomer = (extra: object = {}) => ({
  firstName: 'Cap',
  lastName: 'Tcha',
  email: `human${++n}@acme.test`,
  password: 'secret6',
  site: 'acme',
  terms: true,
  ...extra,
});
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));

describe('ALTCHA (the default provider)', () => {
  let t: Awaited<ReturnType<typeof authHarness>>;
  beforeAll(async () => {
    t = await authHarness();
  });
  afterAll(() => t.h.close());

  const expectCaptchaRefused = async (captchaToken: string, message: RegExp) => {
    const res = await t.post(SIGNUP, newcomer({ captchaToken }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.field).toBe('captchaToken');
    expect(res.json().error.message).toMatch(message);
  };

  describe('GET /v2/sites/{site}/captcha and /captcha/challenge', () => {
    it('404s for an unknown site', async () => {
      for (const url of ['/v2/sites/nope/captcha', '/v2/sites/nope/captcha/challenge'])
        expect((await t.h.app.inject({ url })).statusCode).toBe(404);
    });

    it('names ALTCHA and the challenge URL of the site', async () => {
      const res = await t.h.app.inject({ url: '/v2/sites/acme/captcha' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ provider: 'altcha', challengeUrl: '/v2/sites/acme/captcha/challenge' });
    });

    it('serves a fresh signed challenge bound to the site, expiring in 10 minutes, never cached', async () => {
      const [a, b] = await Promise.all(
        [1, 2].map(() => t.h.app.inject({ url: '/v2/sites/acme/captcha/challenge' })),
      );
      expect(a!.statusCode).toBe(200);
      expect(a!.headers['cache-control']).toBe('no-store');
      const challenge = a!.json();
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(challenge.parameters).toMatchObject({
        algorithm: 'PBKDF2/SHA-256',
        cost: ALTCHA.cost,
        keyPrefix: ALTCHA.keyPrefix,
        data: { site: 'acme' },
      });
      const expiresIn = challenge.parameters.expiresAt - Date.now() / 1000;
      expect(expiresIn).toBeGreaterThan(590);
      expect(expiresIn).toBeLessThanOrEqual(600);
      expect(b!.json().parameters.nonce).not.toBe(challenge.parameters.nonce);
    });
  });

  describe('POST /v2/me/auth/signup, captcha refusals', () => {
    it('400s for a token that is not a payload at all', async () => {
      for (const token of ['not base64 at all!', b64('just a string'), b64({ challenge: {}, solution: {} })])
        await expectCaptchaRefused(token, /Captcha verification failed/);
    });

    it("400s for the widget's test-mode payload", async () => {
      await expectCaptchaRefused(b64({ challenge: null, solution: null, test: true }), /failed/);
    });

    it('400s for a challenge that was not solved, or whose solution was altered', async () => {
      const res = await t.h.app.inject({ url: '/v2/sites/acme/captcha/challenge' });
      const challenge = res.json();
      await expectCaptchaRefused(
        b64({ challenge, solution: { counter: 0, derivedKey: '00'.repeat(32) } }),
        /failed/,
      );
      const solved = decode(await solvedCaptcha(t.h.app));
      const altered = { ...solved, solution: { ...solved.solution, counter: solved.solution.counter + 1 } };
      await expectCaptchaRefused(b64(altered), /failed/);
    });

    it('400s when the signed parameters were changed (a later expiry, an easier prefix) or the signature forged', async () => {
      const solved = decode(await solvedCaptcha(t.h.app));
      const later = structuredClone(solved);
      later.challenge.parameters.expiresAt += 3600;
      await expectCaptchaRefused(b64(later), /failed/);
      const easier = structuredClone(solved);
      easier.challenge.parameters.keyPrefix = '0';
      await expectCaptchaRefused(b64(easier), /failed/);
      const forged = structuredClone(solved);
      forged.challenge.signature = 'f'.repeat(64);
      await expectCaptchaRefused(b64(forged), /failed/);
    });

    it('400s for a challenge signed with another key', async () => {
      const challenge = await createChallenge({
        algorithm: ALTCHA.algorithm,
        cost: ALTCHA.cost,
        keyPrefix: ALTCHA.keyPrefix,
        deriveKey,
        data: { site: 'acme' },
        expiresAt: new Date(Date.now() + 60_000),
        hmacSignatureSecret: 'somebody-elses-secret',
      });
      const solution = await solveChallenge({ challenge, deriveKey });
      await expectCaptchaRefused(b64({ challenge, solution }), /failed/);
    });

    it("400s for a challenge of another site's form", async () => {
      await expectCaptchaRefused(await solvedCaptcha(t.h.app, 'other'), /failed/);
    });

    it('400s for an expired challenge', async () => {
      const challenge = await createChallenge({
        algorithm: ALTCHA.algorithm,
        cost: ALTCHA.cost,
        keyPrefix: ALTCHA.keyPrefix,
        deriveKey,
        data: { site: 'acme' },
        expiresAt: Math.floor(Date.now() / 1000) - 1,
        hmacSignatureSecret: t.h.config.captcha.secret,
      });
      const solution = await solveChallenge({ challenge, deriveKey });
      await expectCaptchaRefused(b64({ challenge, solution }), /^Captcha expired/);
    });

    it('400s for a payload used a second time, also for another e-mail', async () => {
      const token = await solvedCaptcha(t.h.app);
      expect((await t.post(SIGNUP, newcomer({ captchaToken: token }))).statusCode).toBe(201);
      await expectCaptchaRefused(token, /^Captcha was already used/);
    });

    it('lets only one of two simultaneous signups with the same payload through', async () => {
      const token = await solvedCaptcha(t.h.app);
      const answers = await Promise.all([
        t.post(SIGNUP, newcomer({ captchaToken: token })),
        t.post(SIGNUP, newcomer({ captchaToken: token })),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    });
  });

  it('signs up with a solved challenge', async () => {
    const res = await t.post(SIGNUP, newcomer({ captchaToken: await solvedCaptcha(t.h.app) }));
    expect(res.statusCode).toBe(201);
  });
});

/** A local server playing reCAPTCHA's or Turnstile's siteverify; `answer` decides each reply. */
async function startSiteverify(answer: (form: URLSearchParams) => { status: number; body: object }) {
  const received: URLSearchParams[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => resolve(body));
    });
  const server: Server = createServer((req, res) => {
    void read(req).then((body) => {
      const form = new URLSearchParams(body);
      received.push(form);
      const reply =
        req.method === 'POST' && req.headers['content-type'] === 'application/x-www-form-urlencoded'
          ? answer(form)
          : { status: 405, body: {} };
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each([
  {
    provider: 'recaptcha',
    secret: 'recaptcha-secret-key-0123',
    // reCAPTCHA v3: a score and the action the form passed.
    answer: (form: URLSearchParams) => {
      const token = form.get('response');
      if (token === 'provider-down') return { status: 500, body: {} };
      if (token === 'bot') return { status: 200, body: { success: true, score: 0.1, action: 'signup' } };
      if (token === 'wrong-action')
        return { status: 200, body: { success: true, score: 0.9, action: 'login' } };
      return token === 'human'
        ? { status: 200, body: { success: true, score: 0.9, action: 'signup', hostname: 'localhost' } }
        : { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } };
    },
  },
  {
    provider: 'turnstile',
    secret: 'turnstile-secret-key-0123',
    answer: (form: URLSearchParams) => {
      const token = form.get('response');
      if (token === 'provider-down') return { status: 500, body: {} };
      if (token === 'wrong-action') return { status: 200, body: { success: true, action: 'login' } };
      return token === 'human'
        ? { status: 200, body: { success: true, action: 'signup', 'error-codes': [] } }
        : { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } };
    },
  },
])('$provider adapter (against a local siteverify)', ({ provider, secret, answer }) => {
  let t: Awaited<ReturnType<typeof authHarness>>;
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  beforeAll(async () => {
    siteverify = await startSiteverify(answer);
    t = await authHarness({
      env: {
        CAPTCHA_PROVIDER: provider,
        CAPTCHA_SECRET: secret,
        CAPTCHA_VERIFY_URL: siteverify.url,
        CAPTCHA_SITE_KEY: `${provider}-site-key`,
      },
    });
  });
  afterAll(async () => {
    await t.h.close();
    await siteverify.close();
  });

  const signup = (captchaToken: string) =>
    t.post(SIGNUP, newcomer({ captchaToken }), { 'x-forwarded-for': '203.0.113.7' });

  it('400s captchaToken for a token the provider rejects, a low score or another action', async () => {
    for (const token of ['forged', 'bot', 'wrong-action']) {
      if (token === 'bot' && provider !== 'recaptcha') continue;
      const res = await signup(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error).toMatchObject({
        field: 'captchaToken',
        message: expect.stringMatching(/failed/),
      });
    }
  });

  it('503s captchaUnavailable when the provider fails, never 500', async () => {
    const res = await signup('provider-down');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('captchaUnavailable');
  });

  it('has no ALTCHA challenge: 404 noChallenge', async () => {
    const res = await t.h.app.inject({ url: '/v2/sites/acme/captcha/challenge' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('noChallenge');
  });

  it('names the provider and its site key', async () => {
    const res = await t.h.app.inject({ url: '/v2/sites/acme/captcha' });
    expect(res.json()).toEqual({ provider, siteKey: `${provider}-site-key` });
  });

  it('signs up when the provider accepts, posting the secret, the token and the client IP', async () => {
    siteverify.received.length = 0;
    const res = await signup('human');
    expect(res.statusCode).toBe(201);
    expect(siteverify.received).toHaveLength(1);
    expect(Object.fromEntries(siteverify.received[0]!)).toEqual({
      secret,
      response: 'human',
      remoteip: '203.0.113.7',
    });
  });
});

describe('a hosted provider without CAPTCHA_SITE_KEY', () => {
  it('503s GET /captcha instead of handing the form an empty key', async () => {
    const t = await authHarness({
      env: { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: 'turnstile-secret-0123' },
    });
    try {
      const res = await t.h.app.inject({ url: '/v2/sites/acme/captcha' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('captchaUnavailable');
    } finally {
      await t.h.close();
    }
  });
});
