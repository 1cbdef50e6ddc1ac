import type { RateLimiter, RateRule } from '../../infra/rate-limiter';
import { rateLimited } from '../../plugins/errors';

const MINUTE = 60_000;

/** Abuse limits (fixed windows in ctx.limiter). */
export const LIMITS = {
  /** Reset mails asked for one e-mail address, and from one IP. */
  resetPerEmail: { limit: 3, windowMs: 15 * MINUTE },
  resetPerIp: { limit: 20, windowMs: 15 * MINUTE },
  /** Forced-reset attempts per account and per IP, each counted before the verify. */
  expiredPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  expiredPerIp: { limit: 20, windowMs: 15 * MINUTE },
  /** Unknown or expired autologin codes and wrong passcodes, per IP. */
  codeFailuresPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /**
   * Every autologin or passcode attempt per IP, counted before the lookup: failures are only known
   * after it, so this bounds how many codes one concurrent burst can try.
   */
  codeAttemptsPerIp: { limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

const TOO_MANY_FAILED = 'Too many failed attempts';

/** Counting against `LIMITS`: each refusal is a 429 `rateLimited` with Retry-After. */
export function createRecoveryLimits(limiter: RateLimiter) {
  /** Counts a hit and answers 429 when it is over the rule. */
  async function count(key: string, rule: RateRule, message: string) {
    const state = await limiter.hit(key, rule);
    if (!state.allowed) throw rateLimited(state.retryAfterMs, message);
  }

  /** 429 when earlier failures already used up the rule; counts nothing. */
  async function refuseWhenExhausted(key: string, rule: RateRule, message: string) {
    const state = await limiter.peek(key, rule);
    if (state.count >= rule.limit) throw rateLimited(Math.max(state.retryAfterMs, 1000), message);
  }

  /** Before an autologin or passcode lookup: 429 after too many failures or attempts from the IP. */
  async function admitCodeAttempt(kind: 'autologin' | 'passcode', ip: string) {
    await refuseWhenExhausted(`${kind}:fail:${ip}`, LIMITS.codeFailuresPerIp, TOO_MANY_FAILED);
    await count(`${kind}:try:${ip}`, LIMITS.codeAttemptsPerIp, TOO_MANY_FAILED);
  }

  /** After a failed lookup: counts it; the failure that crosses the limit already answers 429. */
  const codeAttemptFailed = (kind: 'autologin' | 'passcode', ip: string) =>
    count(`${kind}:fail:${ip}`, LIMITS.codeFailuresPerIp, TOO_MANY_FAILED);

  return { count, admitCodeAttempt, codeAttemptFailed };
}
