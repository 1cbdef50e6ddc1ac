import type { RateLimiter, RateRule, RateState } from '../../infra/rate-limiter';
import { AppError } from '../../plugins/errors';

const MINUTE = 60_000;

/**
 * Failed-login limits (docs/decisions/0006-login-abuse-limits.md). The account window counts
 * attempts before the password is verified, so a concurrent burst runs at most `limit` verifies.
 */
export const LOGIN_LIMITS = {
  /** Attempts per account (site + e-mail) since its last successful login, per window. */
  account: { limit: 5, windowMs: 15 * MINUTE },
  /** Failed logins per client IP, per window, over all accounts. */
  ip: { limit: 50, windowMs: 15 * MINUTE },
  /** Wrong passwords in a row (no success between) within this window lock the account. */
  lock: { limit: 10, windowMs: 24 * 60 * MINUTE },
} as const satisfies Record<string, RateRule>;

/** Lookups of `GET /api/unique/{name}` per IP: it tells whether an e-mail has an account. */
export const UNIQUE_LIMIT: RateRule = { limit: 30, windowMs: MINUTE };

/**
 * The counters of one login. The account's carry its password generation (password_changed_at),
 * so a password reset, which also clears locked_at, starts them from zero.
 */
export const loginKeys = (siteUid: string, email: string, passwordChangedAt: string | null, ip: string) => {
  const account = `${siteUid}:${email}:${passwordChangedAt ?? '-'}`;
  return { account: `login:acct:${account}`, lock: `login:lock:${account}`, ip: `login:ip:${ip}` };
};

/** 429 rateLimited; the route copies `retryAfterSeconds` into the Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    what: string,
  ) {
    super(429, 'rateLimited', `${what}. Please try again in ${humanDuration(retryAfterSeconds)}.`);
  }
}

export const rateLimited = (state: RateState, what: string) =>
  new RateLimitedError(Math.max(1, Math.ceil(state.retryAfterMs / 1000)), what);

function humanDuration(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

const TOO_MANY = 'Too many failed login attempts';

/**
 * The limiter side of a login. `admit` runs before the password verify and refuses cheaply;
 * `failed` and `succeeded` record the outcome. Every count lives in `ctx.limiter` (Redis when
 * configured), so the limits hold across server processes.
 */
export function createLoginGuard(limiter: RateLimiter) {
  return {
    /** Counts the attempt against the account and checks the IP's failures; 429 when over either. */
    async admit(keys: ReturnType<typeof loginKeys>): Promise<void> {
      const ip = await limiter.peek(keys.ip, { ...LOGIN_LIMITS.ip, limit: LOGIN_LIMITS.ip.limit - 1 });
      if (!ip.allowed) throw rateLimited(ip, TOO_MANY);
      const account = await limiter.hit(keys.account, LOGIN_LIMITS.account);
      if (!account.allowed) throw rateLimited(account, TOO_MANY);
    },

    /** A wrong password (or an unknown e-mail): true when the account must now be locked. */
    async failed(keys: ReturnType<typeof loginKeys>, knownUser: boolean): Promise<boolean> {
      await limiter.hit(keys.ip, LOGIN_LIMITS.ip);
      if (!knownUser) return false;
      const inARow = await limiter.hit(keys.lock, LOGIN_LIMITS.lock);
      return inARow.count >= LOGIN_LIMITS.lock.limit;
    },

    /** The right password: the account starts again with a full budget. */
    async succeeded(keys: ReturnType<typeof loginKeys>): Promise<void> {
      await Promise.all([limiter.reset(keys.account), limiter.reset(keys.lock)]);
    },

    /** Counts a lookup of GET /api/unique/{name}; 429 when the IP asks too often. */
    async admitUniqueLookup(ip: string): Promise<void> {
      const state = await limiter.hit(`unique:ip:${ip}`, UNIQUE_LIMIT);
      if (!state.allowed) throw rateLimited(state, 'Too many lookups');
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;
