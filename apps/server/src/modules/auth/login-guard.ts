import type { RateLimiter, RateRule, RateState } from '../../infra/rate-limiter';
import { AppError, rateLimited } from '../../plugins/errors';

const MINUTE = 60_000;

/** A count that challenges (captcha) above `challengeAt` and refuses (429) above `limit`. */
export type LoginRule = RateRule & { challengeAt: number };

/**
 * Failed-login limits (docs/decisions/0006-login-abuse-limits.md). Every slot is reserved with an
 * atomic hit before the password verify, so a concurrent burst runs at most `limit` verifies per
 * count. The sources (IP, IP + account) are slowed and challenged; the account itself is only ever
 * challenged, so no stranger can lock its owner out.
 */
export const LOGIN_LIMITS = {
  /** Failed logins per client IP over all accounts: captcha above 20, 429 above 50. */
  ip: { challengeAt: 20, limit: 50, windowMs: 15 * MINUTE },
  /** Failed logins per client IP on one account: captcha above 3, 429 above 10. */
  ipAccount: { challengeAt: 3, limit: 10, windowMs: 15 * MINUTE },
  /** Failed logins on one account from anywhere: above 5, every attempt needs the captcha. Never 429. */
  account: { challengeAt: 5, limit: Number.POSITIVE_INFINITY, windowMs: 60 * MINUTE },
} as const satisfies Record<string, LoginRule>;

/** Lookups of `GET /api/unique/{name}` per IP: it tells whether an e-mail has an account. */
export const UNIQUE_LIMIT: RateRule = { limit: 30, windowMs: MINUTE };

/** The failed logins of one client IP, over every site and account. */
const ipKey = (ip: string) => `login:ip:${ip}`;

/**
 * The counters of one login. The account's carry its password generation (password_changed_at),
 * so a password reset starts them from zero.
 */
export const loginKeys = (siteUid: string, email: string, passwordChangedAt: string | null, ip: string) => {
  const account = `${siteUid}:${email}:${passwordChangedAt ?? '-'}`;
  return {
    ip: ipKey(ip),
    ipAccount: `login:ipacct:${ip}:${account}`,
    account: `login:acct:${account}`,
  };
};
export type LoginKeys = ReturnType<typeof loginKeys>;

/** 403 captchaRequired: the client shows the site's captcha and sends the solution as captchaToken. */
export const captchaRequired = () =>
  new AppError(
    403,
    'captchaRequired',
    'Too many failed login attempts: please solve the captcha to continue',
    'captchaToken',
  );

/** 429 `rateLimited` for a login limit, saying how long to wait in words. */
export function loginRateLimited(state: RateState, what: string) {
  const seconds = Math.max(1, Math.ceil(state.retryAfterMs / 1000));
  return rateLimited(seconds * 1000, `${what}. Please try again in ${humanDuration(seconds)}.`);
}

function humanDuration(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

const TOO_MANY = 'Too many failed login attempts';
const RULES = Object.entries(LOGIN_LIMITS) as Array<[keyof LoginKeys, LoginRule]>;

/**
 * The limiter side of a login. `reserve` runs before the password verify: it takes one slot of
 * every count at once (a hit that counts first and is checked after, as Redis INCR), refuses a
 * source over its limit and says whether the captcha is needed. The slots stay taken only for a
 * verify that failed; `refund` gives them back for an attempt that never verified, `succeeded`
 * for the right password. Every count lives in `ctx.limiter` (Redis when configured), so the
 * limits hold across server processes.
 */
export function createLoginGuard(limiter: RateLimiter) {
  const refund = async (keys: LoginKeys) => {
    await Promise.all(RULES.map(([name]) => limiter.release(keys[name])));
  };
  return {
    /** Reserves the attempt's slots; 429 (slots given back) when a source is over its limit. */
    async reserve(keys: LoginKeys): Promise<{ captcha: boolean }> {
      const states = await Promise.all(RULES.map(([name, rule]) => limiter.hit(keys[name], rule)));
      const over = states.filter((s) => !s.allowed);
      if (over.length) {
        await refund(keys);
        throw loginRateLimited(
          over.reduce((a, b) => (a.retryAfterMs >= b.retryAfterMs ? a : b)),
          TOO_MANY,
        );
      }
      return { captcha: states.some((s, i) => s.count > RULES[i]![1].challengeAt) };
    },

    /** The attempt stopped before its verify (no captcha, a full hashing queue): it does not count. */
    refund,

    /**
     * The right password: this source starts again on this account. The account's count only gets
     * this attempt back, so the owner's logins never hand a distributed guesser a fresh budget.
     */
    async succeeded(keys: LoginKeys): Promise<void> {
      await Promise.all([
        limiter.release(keys.ip),
        limiter.release(keys.account),
        limiter.reset(keys.ipAccount),
      ]);
    },

    /**
     * 429 for a client IP already at its failed-login limit, checked when the request arrives,
     * before its body is parsed or an account looked up: a refused burst then costs the event loop
     * next to nothing, so it cannot slow playback (issue 12). Counts nothing; `reserve` still
     * decides every attempt that gets past it.
     */
    async admitSource(ip: string): Promise<void> {
      const rule = LOGIN_LIMITS.ip;
      // At the limit already, the next hit would be over it: peek against one fewer.
      const state = await limiter.peek(ipKey(ip), { ...rule, limit: rule.limit - 1 });
      if (!state.allowed) throw loginRateLimited(state, TOO_MANY);
    },

    /** Counts a lookup of GET /api/unique/{name}; 429 when the IP asks too often. */
    async admitUniqueLookup(ip: string): Promise<void> {
      const state = await limiter.hit(`unique:ip:${ip}`, UNIQUE_LIMIT);
      if (!state.allowed) throw loginRateLimited(state, 'Too many lookups');
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;
