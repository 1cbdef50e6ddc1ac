import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  CaptchaConfig,
  LoginBody,
  LoginResponse,
  SignupBody,
  TermsResponse,
  User,
  VerifyResponse,
} from '@marquee/contract';
import { signupDisabledMessage } from '@marquee/domain';
import type { Site } from '../sites';
import type { RefreshTokensTable, UsersTable } from '../../db/schema';
import { sharedPasswordHasher, type PasswordHasher } from '../../infra/password-hasher';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { SessionStore } from '../../infra/session-store';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { AccessTokens } from './access-token';
import type { AuthRepository, FamilyState } from './auth.repository';
import type { Captcha } from './captcha';
import { captchaRequired, createLoginGuard, loginKeys } from './login-guard';

export type AuthService = ReturnType<typeof createAuthService>;

export { ARGON2_OPTIONS } from '../../infra/password-hasher';
/** The action a hosted captcha (reCAPTCHA v3, Turnstile) is bound to on the login form. */
export const LOGIN_ACTION = 'login';
/** Verified when the e-mail is unknown, so a miss costs the same as a wrong password. Same cost as above. */
const DUMMY_HASH =
  '$argon2id$v=19$m=65536,t=2,p=1$WKkFdcM0c1JTce4JYJ0mgw$hRlxhXMmDjJTILLe6aDajRWLrjH55Z/j/vZB8fbOcEw';

export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
/** A spent refresh token presented again this soon gets a fresh pair (two tabs refreshing at once). */
export const REUSE_GRACE_MS = 5_000;

/** Where a session is used: the request's user agent and IP, and the device type (web when absent). */
export type DeviceInfo = { userAgent?: string | null; ip?: string | null; deviceType?: string };

const invalidCredentials = () => new AppError(401, 'invalidCredentials', 'Invalid email or password');
/** Spec §4 Session: the message the login page shows for a locked account. */
export const ACCOUNT_LOCKED_MESSAGE =
  'Welcome back! Your account has been locked for security reasons and your password needs to be reset';
/** Spec §8 Disabled auth. */
export const AUTH_DISABLED_MESSAGE = 'This site has currently disabled logins / signups';
const accountLocked = () => new AppError(403, 'accountLocked', ACCOUNT_LOCKED_MESSAGE);
const invalidRefresh = () => new AppError(401, 'invalidRefreshToken', 'Refresh token is invalid or expired');

/** A login response plus the new refresh token's row id and its family (the session id). */
type Issued = LoginResponse & { id: string; familyId: string };

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export function toUser(row: UsersTable): User {
  const gender = row.gender?.toLowerCase();
  const dob = row.dob?.replaceAll('-', '');
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    gender: gender === 'male' || gender === 'female' || gender === 'other' ? gender : null,
    dob: dob && /^\d{8}$/.test(dob) ? Number(dob) : null,
    roles: JSON.parse(row.roles) as string[],
    verified: row.verified === 1,
    pending: false,
    autoPlay: row.auto_play !== 0,
    trialUsed: [],
    userMuteList: parseMuteList(row.chat_mute_list),
    chatUsername: row.chat_username ?? null,
  };
}

/** The stored muted list (a JSON array of user ids; chat's repository writes it). */
export function parseMuteList(stored: string | null | undefined): string[] {
  try {
    const list: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Login, signup and the session (accounts-and-commerce §4 Session, §7 Authentication): argon2id
 * passwords, short-lived JWT access tokens and rotating opaque refresh tokens stored as sha256.
 */
export function createAuthService(deps: {
  repo: AuthRepository;
  tokens: AccessTokens;
  now: () => number;
  /** Counts failed logins, spent captchas and unique-name lookups (Redis when configured). */
  limiter: RateLimiter;
  /** The app's one captcha (signup, login under suspicion; commerce checks its actions with it too). */
  captcha: Captcha;
  /** Revoked sessions: every bearer request is checked against it (decision 0037). */
  sessions: SessionStore;
  /** argon2 off libuv's pool, fair between client IPs (the process's shared workers by default). */
  passwords?: PasswordHasher;
  /** Told of each refused e-mail and password login (the login-failures metric, decision 0082). */
  onLoginFailed?: (reason: 'credentials' | 'refused') => void;
}) {
  const { repo, tokens, now, sessions } = deps;
  const passwords = deps.passwords ?? sharedPasswordHasher();
  const iso = (ms: number) => new Date(ms).toISOString();
  const guard = createLoginGuard(deps.limiter);
  const { captcha } = deps;

  /** 403 authDisabled when the site has turned logins and signups off (perm hideAuth). */
  function assertAuthEnabled(site: Site): void {
    if (site.perms.hideAuth) throw new AppError(403, 'authDisabled', AUTH_DISABLED_MESSAGE);
  }

  /** True when the site's terms changed after the user last accepted them (or never did). */
  const termsPending = (site: Site, user: UsersTable) =>
    site.termsUpdatedAt !== null &&
    (user.terms_accepted_at === null || Date.parse(user.terms_accepted_at) < Date.parse(site.termsUpdatedAt));

  /** A new access token and the next refresh token of `familyId` (a new family when omitted). */
  async function issue(user: UsersTable, familyId: string, device: DeviceInfo): Promise<Issued> {
    const at = now();
    const refreshToken = randomBytes(32).toString('base64url');
    const row: RefreshTokensTable = {
      id: randomUUID(),
      site_uid: user.site_uid,
      user_id: user.id,
      family_id: familyId,
      token_hash: sha256(refreshToken),
      created_at: iso(at),
      expires_at: iso(at + REFRESH_TTL_MS),
      used_at: null,
      replaced_by: null,
      revoked_at: null,
      user_agent: device.userAgent?.slice(0, 512) ?? null,
      ip: device.ip ?? null,
      device_type: device.deviceType ?? 'web',
    };
    await repo.insertRefreshToken(row);
    const authUser: AuthUser = {
      id: user.id,
      siteUid: user.site_uid,
      email: user.email,
      roles: JSON.parse(user.roles) as string[],
      sessionId: familyId,
    };
    return {
      id: row.id,
      familyId,
      token: await tokens.sign(authUser),
      expiresIn: tokens.ttlSeconds,
      refreshToken,
      user: toUser(user),
      redirectLogin: false,
      automaticResetPassword: false,
      resetPassword: false,
    };
  }

  const respond = ({ id: _id, familyId: _familyId, ...response }: Issued): LoginResponse => response;

  /** Ends one session: its refresh tokens in the database, its access tokens in the session store. */
  async function revokeFamily(familyId: string): Promise<void> {
    await repo.revokeFamily(familyId, iso(now()));
    await sessions.revoke([familyId]);
  }
  /** Ends every session of the user, but `except`. */
  async function revokeUserSessions(userId: string, except?: string): Promise<void> {
    await sessions.revoke(await repo.revokeUserFamilies(userId, iso(now()), except));
  }

  return {
    /**
     * Starts a new session (a new refresh-token family) for a user who has proved who they are some
     * other way: a reset code, an autologin link, a passcode, a social login or an activated TV.
     */
    startSession: async (user: UsersTable, device: DeviceInfo): Promise<LoginResponse> =>
      respond(await issue(user, randomUUID(), device)),

    /** Like startSession, and also says which session (refresh-token family) it started. */
    async startTrackedSession(
      user: UsersTable,
      device: DeviceInfo,
    ): Promise<{ login: LoginResponse; sessionId: string }> {
      const issued = await issue(user, randomUUID(), device);
      return { login: respond(issued), sessionId: issued.familyId };
    },

    // The users and sessions other features read or end: auth owns `users` lookups and `refresh_tokens`.

    /** The site's user with this e-mail (trimmed and lower-cased), if any. */
    findUser: (siteUid: string, email: string): Promise<UsersTable | undefined> =>
      repo.findUserByEmail(siteUid, email.trim().toLowerCase()),
    getUser: (id: string): Promise<UsersTable | undefined> => repo.findUserById(id),

    /** Ends every session of the user (TVs included), except the session `except` when given. */
    revokeAllSessions: (userId: string, options: { except?: string } = {}): Promise<void> =>
      revokeUserSessions(userId, options.except),
    /** Ends one session (a refresh-token family): its refresh and access tokens stop working. */
    revokeSession: revokeFamily,
    /** True while the session (an access or media token's `sid`) has not been revoked. */
    sessionIsLive: async (sessionId: string): Promise<boolean> => !(await sessions.isRevoked(sessionId)),

    /** Locks the account (spec §4: only a password reset unlocks it) and ends all its sessions. */
    async lockAccount(userId: string): Promise<void> {
      await repo.lockUser(userId, iso(now()));
      await revokeUserSessions(userId);
    },
    /**
     * Sets the user's roles. Access tokens carry the roles, so when one is taken away every session
     * of the user ends, and the next sign-in carries the new roles.
     */
    async setRoles(userId: string, roles: string[]): Promise<void> {
      const row = await repo.findUserById(userId);
      if (!row) throw new AppError(404, 'userNotFound', 'No such user');
      const before = JSON.parse(row.roles) as string[];
      await repo.setRoles(userId, roles);
      if (before.some((r) => !roles.includes(r))) await revokeUserSessions(userId);
    },
    /** For each session: when it last refreshed and whether it still holds a usable token. */
    sessionStates: (familyIds: string[]): Promise<FamilyState[]> => repo.familyStates(familyIds, iso(now())),

    /**
     * E-mail and password login. The limits (login-guard.ts) are reserved before the argon2 verify,
     * so a burst is refused cheaply; past an account's or a source's challenge threshold the
     * attempt needs the solved captcha; the password's state and the terms only after it verified.
     */
    async login(site: Site, body: LoginBody, device: DeviceInfo): Promise<LoginResponse> {
      assertAuthEnabled(site);
      const email = body.email.trim().toLowerCase();
      let user = await repo.findUserByEmail(site.uid, email);
      // Set by an operator or a compromise signal, never by wrong passwords; a password reset clears it.
      if (user?.locked_at) throw accountLocked();
      const ip = device.ip ?? 'unknown';
      const keys = loginKeys(site.uid, email, user?.password_changed_at ?? null, ip);
      // A limit or a missing captcha refused it: a failure for the metric, not a wrong password.
      function refused(err: unknown): never {
        if (err instanceof AppError && err.statusCode < 500) deps.onLoginFailed?.('refused');
        throw err;
      }
      const admitted = await guard.reserve(keys).catch(refused);
      let ok: boolean;
      try {
        if (admitted.captcha) {
          if (!body.captchaToken) throw captchaRequired();
          await captcha.verify(body.captchaToken, { siteUid: site.uid, ip, action: LOGIN_ACTION });
        }
        // Exactly one verify either way, so the answer time does not tell whether the e-mail exists.
        // A user without a password (password_hash '') cannot log in with one.
        ok = await passwords.verify(user?.password_hash || DUMMY_HASH, body.password, ip);
      } catch (err) {
        // Stopped before the verify: the attempt does not count against anyone.
        await guard.refund(keys);
        refused(err);
      }
      if (!user || !user.password_hash || !ok) {
        deps.onLoginFailed?.('credentials');
        throw invalidCredentials();
      }
      await guard.succeeded(keys);
      if (user.password_expires_at !== null && Date.parse(user.password_expires_at) <= now())
        throw new AppError(403, 'pwdExpired', 'Your password has expired and must be changed');
      if (termsPending(site, user)) {
        if (body.terms !== true)
          throw new AppError(403, 'unreelTerms', 'Please accept the updated terms of use to continue');
        const acceptedAt = iso(now());
        await repo.acceptTerms(user.id, acceptedAt);
        user = { ...user, terms_accepted_at: acceptedAt };
      }
      return respond(await issue(user, randomUUID(), device));
    },

    async signup(site: Site, body: SignupBody, device: DeviceInfo): Promise<LoginResponse> {
      assertAuthEnabled(site);
      // A§6: accounts come from the external identity platform (its login creates them), not signup.
      if (site.identityPlatform)
        throw new AppError(403, 'signupDisabled', signupDisabledMessage(site.identityPlatform));
      const siteUid = site.uid;
      // Before the e-mail check, so signup does not tell bots which e-mails have accounts.
      await captcha.verify(body.captchaToken, { siteUid, ip: device.ip ?? undefined });
      const email = body.email.trim().toLowerCase();
      const emailTaken = () =>
        new AppError(409, 'emailTaken', 'An account with this email already exists', 'email');
      if (await repo.findUserByEmail(siteUid, email)) throw emailTaken();
      const row: UsersTable = {
        id: randomUUID(),
        site_uid: siteUid,
        email,
        password_hash: await passwords.hash(body.password, device.ip ?? undefined),
        first_name: body.firstName,
        last_name: body.lastName,
        roles: '[]',
        dob: null,
        gender: null,
        verified: 0,
        created_at: iso(now()),
        password_changed_at: iso(now()),
        password_expires_at: null,
        locked_at: null,
        terms_accepted_at: body.terms ? iso(now()) : null,
        name_changed_at: null,
        deletion_requested_at: null,
        chat_username: null,
        chat_mute_list: null,
      };
      try {
        await repo.insertUser(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      return respond(await issue(row, randomUUID(), device));
    },

    /**
     * Exchanges a refresh token for a new pair and spends it. A spent token presented again within
     * REUSE_GRACE_MS gets another pair of the same family; later, the whole family is revoked.
     */
    async refresh(token: string, request: DeviceInfo): Promise<LoginResponse> {
      const at = now();
      let row = await repo.findRefreshToken(sha256(token));
      if (!row || row.revoked_at !== null || Date.parse(row.expires_at) <= at) throw invalidRefresh();
      // A session keeps the device type it started with (a TV stays a TV).
      const device = { ...request, deviceType: row.device_type ?? request.deviceType };
      if (row.used_at === null) {
        if (await repo.markUsed(row.id, iso(at))) {
          const user = await repo.findUserById(row.user_id);
          if (!user) throw invalidRefresh();
          const next = await issue(user, row.family_id, device);
          await repo.setReplacedBy(row.id, next.id);
          return respond(next);
        }
        // Another request spent it a moment ago: judge it as a reuse.
        row = await repo.findRefreshToken(row.token_hash);
        if (!row || row.revoked_at !== null || row.used_at === null) throw invalidRefresh();
      }
      if (at - Date.parse(row.used_at) <= REUSE_GRACE_MS) {
        const user = await repo.findUserById(row.user_id);
        if (!user) throw invalidRefresh();
        return respond(await issue(user, row.family_id, device));
      }
      await revokeFamily(row.family_id);
      throw new AppError(401, 'refreshTokenReused', 'Refresh token was already used; the session is revoked');
    },

    /** Ends the token's session (its family). Unknown tokens are ignored, so logout is idempotent. */
    async logout(token: string): Promise<void> {
      const row = await repo.findRefreshToken(sha256(token));
      if (row) await revokeFamily(row.family_id);
    },

    async me(user: AuthUser): Promise<User> {
      const row = await repo.findUserById(user.id);
      if (!row) throw new AppError(401, 'unauthorized', 'Authentication required');
      return toUser(row);
    },

    /** POST /v2/me/auth/verify: the bearer token is valid and its user still exists and is not locked. */
    async verifySession(user: AuthUser): Promise<VerifyResponse> {
      const row = await repo.findUserById(user.id);
      if (!row) throw new AppError(401, 'unauthorized', 'Authentication required');
      if (row.locked_at) throw accountLocked();
      return { valid: true, user: toUser(row) };
    },

    /** 429 before a login is parsed when its client IP is already at the failed-login limit. */
    admitLoginSource: (ip: string) => guard.admitSource(ip),

    /** GET /api/unique/{name}: true when no account of the site uses the e-mail; limited per IP. */
    async isEmailFree(siteUid: string, email: string, ip: string): Promise<boolean> {
      await guard.admitUniqueLookup(ip);
      return (await repo.findUserByEmail(siteUid, email.trim().toLowerCase())) === undefined;
    },

    /** The site's terms of use; 404 noTerms when it has none. */
    terms(site: Site): TermsResponse {
      if (site.termsText === null || site.termsUpdatedAt === null)
        throw new AppError(404, 'noTerms', 'This site has no terms of use');
      return { text: site.termsText, updatedAt: site.termsUpdatedAt };
    },

    captchaConfig: (siteUid: string): CaptchaConfig => captcha.describe(siteUid),
    captchaChallenge: (siteUid: string) => captcha.challenge(siteUid),

    /** The token's user while its signature, expiry and session hold; a revoked session is 'invalid'. */
    async verifyAccessToken(token: string): Promise<{ user: AuthUser } | { error: 'expired' | 'invalid' }> {
      const result = await tokens.verify(token);
      if ('user' in result) {
        const revoked = sessions.isRevoked(result.user.sessionId);
        if (revoked === true || (revoked !== false && (await revoked))) return { error: 'invalid' };
      }
      return result;
    },
  };
}
