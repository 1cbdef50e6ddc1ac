import type { AltchaChallenge, CaptchaConfig } from '@marquee/contract';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Config } from '../../plugins/config';
import { AppError, badRequest } from '../../plugins/errors';

/**
 * ALTCHA difficulty (docs/decisions/0007-signup-captcha.md): PBKDF2/SHA-256 (the widget's default,
 * solved with WebCrypto) at 1,000 iterations and a one-byte key prefix, so about 256 tries:
 * ~150 ms on one server core, well under a second in a browser.
 */
export const ALTCHA = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 1_000,
  keyPrefix: '00',
  ttlMs: 10 * 60_000,
} as const;

export const HOSTED_VERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

/** The action the signup form passes to reCAPTCHA v3 / Turnstile (spec §5: captcha action signup). */
export const SIGNUP_ACTION = 'signup';
/** reCAPTCHA v3 scores below this are treated as bots. */
export const MIN_RECAPTCHA_SCORE = 0.5;
const HOSTED_TIMEOUT_MS = 5_000;

const AltchaPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({ algorithm: z.string(), expiresAt: z.number().optional() }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

/** siteverify's answer; both providers share these fields. */
const HostedAnswer = z.object({
  success: z.boolean(),
  action: z.string().optional(),
  score: z.number().optional(),
});

const invalidCaptcha = () => badRequest('captchaToken', 'Captcha verification failed, please try again');

/**
 * The signup captcha: ALTCHA (self-hosted proof of work, signed with `config.captcha.secret`) or
 * the reCAPTCHA / Turnstile siteverify endpoints. ALTCHA payloads are single use: each spent
 * signature is remembered in `limiter` (Redis when configured) until the challenge expires.
 * altcha-lib checks `expiresAt` against the wall clock, so the captcha uses the wall clock too.
 */
export function createCaptcha(deps: {
  config: Config['captcha'];
  limiter: RateLimiter;
  fetch?: typeof fetch;
  wallClock?: () => number;
}) {
  const { config, limiter } = deps;
  const fetchImpl = deps.fetch ?? fetch;
  const wallClock = deps.wallClock ?? Date.now;

  async function verifyAltcha(token: string, siteUid: string): Promise<void> {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    } catch {
      throw invalidCaptcha();
    }
    const payload = AltchaPayload.safeParse(decoded);
    if (!payload.success) throw invalidCaptcha();
    const { challenge, solution } = payload.data;
    if (challenge.parameters.algorithm !== ALTCHA.algorithm) throw invalidCaptcha();
    const result = await verifySolution({
      challenge: challenge as AltchaChallenge,
      solution,
      deriveKey,
      hmacSignatureSecret: config.secret,
    }).catch(() => ({ verified: false, expired: false }));
    if (result.expired) throw badRequest('captchaToken', 'Captcha expired, please solve a new one');
    if (!result.verified) throw invalidCaptcha();
    // Signed with the challenge, so a solution from another site's form does not count here.
    if ((challenge.parameters.data as { site?: unknown } | undefined)?.site !== siteUid)
      throw invalidCaptcha();
    const expiresAtMs = (challenge.parameters.expiresAt ?? 0) * 1000;
    const spent = await limiter.hit(`captcha:spent:${challenge.signature}`, {
      limit: 1,
      windowMs: Math.max(1_000, expiresAtMs - wallClock() + 1_000),
    });
    if (!spent.allowed) throw badRequest('captchaToken', 'Captcha was already used, please solve a new one');
  }

  async function verifyHosted(
    provider: 'recaptcha' | 'turnstile',
    token: string,
    ip: string | undefined,
    action: string,
  ) {
    const form = new URLSearchParams({ secret: config.secret, response: token });
    if (ip) form.set('remoteip', ip);
    let answer: z.infer<typeof HostedAnswer>;
    try {
      const res = await fetchImpl(config.verifyUrl ?? HOSTED_VERIFY_URLS[provider], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(HOSTED_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
      answer = HostedAnswer.parse(await res.json());
    } catch {
      throw new AppError(503, 'captchaUnavailable', 'The captcha could not be checked, please try again');
    }
    if (!answer.success) throw invalidCaptcha();
    if (answer.action !== undefined && answer.action !== action) throw invalidCaptcha();
    if (answer.score !== undefined && answer.score < MIN_RECAPTCHA_SCORE) throw invalidCaptcha();
  }

  return {
    provider: config.provider,

    /** What the signup form shows for the site. */
    describe(siteUid: string): CaptchaConfig {
      if (config.provider === 'altcha')
        return { provider: 'altcha', challengeUrl: `/v2/sites/${siteUid}/captcha/challenge` };
      if (!config.siteKey)
        throw new AppError(503, 'captchaUnavailable', 'The captcha is not configured (CAPTCHA_SITE_KEY)');
      return { provider: config.provider, siteKey: config.siteKey };
    },

    /** A new signed ALTCHA challenge for the site's signup form. */
    async challenge(siteUid: string): Promise<AltchaChallenge> {
      if (config.provider !== 'altcha')
        throw new AppError(404, 'noChallenge', `This server uses ${config.provider}, not ALTCHA`);
      const challenge = await createChallenge({
        algorithm: ALTCHA.algorithm,
        cost: ALTCHA.cost,
        keyPrefix: ALTCHA.keyPrefix,
        deriveKey,
        data: { site: siteUid },
        expiresAt: new Date(wallClock() + ALTCHA.ttlMs),
        hmacSignatureSecret: config.secret,
      });
      return challenge as AltchaChallenge;
    },

    /** Resolves when the token proves a human; else 400 naming captchaToken (503 when the provider is down). */
    async verify(token: string, ctx: { siteUid: string; ip?: string; action?: string }): Promise<void> {
      if (config.provider === 'altcha') return verifyAltcha(token, ctx.siteUid);
      // The hosted providers bind the token to its form's action (signup; commerce: addCard, purchase).
      return verifyHosted(config.provider, token, ctx.ip, ctx.action ?? SIGNUP_ACTION);
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
