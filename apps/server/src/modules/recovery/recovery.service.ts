import type { RolesService } from '../roles';
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  RESET_PASSWORD_MIN,
  ResetPasswordMessages,
  type AutologinLink,
  type AutologinResult,
  type AutologinSignedIn,
  type ExpiredResetBody,
  type IssuedPasscode,
  type LoginResponse,
  type PasscodeLoginResponse,
  type ResetCodeInfo,
  type ResetPasswordBody,
} from '@marquee/contract';
import type { UsersTable } from '../../db/schema';
import type { Site } from '../sites';
import type { Mailer } from '../../infra/mailer';
import { sharedPasswordHasher, type PasswordHasher } from '../../infra/password-hasher';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest } from '../../plugins/errors';
import { AUTH_DISABLED_MESSAGE, type AuthService, type DeviceInfo } from '../auth';
import type { CodeKind, PasswordUpdate, RecoveryRepository } from './recovery.repository';
import { createRecoveryLimits, LIMITS } from './recovery-limits';

export type RecoveryService = ReturnType<typeof createRecoveryService>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const RESET_CODE_TTL_MS = 60 * MINUTE;
export const AUTOLOGIN_TTL_MS = 30 * DAY;
export const PASSCODE_TTL_MS = 7 * DAY;

/** Roles whose accounts must sign in with their password, never with a passcode. */

const invalidResetCode = () => new AppError(404, 'invalidResetCode', 'Reset code is invalid or expired');
const invalidCredentials = () => new AppError(401, 'invalidCredentials', 'Invalid email or password');
const accountLocked = () =>
  new AppError(
    403,
    'accountLocked',
    'Welcome back! Your account has been locked for security reasons and your password needs to be reset',
  );
const invalidPasscode = () => new AppError(404, 'invalidPasscode', 'Passcode is invalid or expired');

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Passcodes are short, so their hash carries the site: the same digits may live on two sites. */
const passcodeHash = (siteUid: string, passcode: string) => sha256(`passcode:${siteUid}:${passcode}`);
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** What the request says about where the client runs, for links in mails and answers. */
export type OriginHint = { callbackHost?: string; protocol: string; host: string };

/** An http(s) origin, or null for anything else. */
function parseOrigin(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

/**
 * The origin links point to: callbackHost, else the request's own origin. When the site lists its
 * hosts, only those are trusted (a forged Host or callbackHost must not receive a victim's reset
 * link); if neither matches, the site's first host over https.
 */
export function linkOrigin({ hosts }: Pick<Site, 'hosts'>, hint: OriginHint): string {
  const candidates = [parseOrigin(hint.callbackHost), parseOrigin(`${hint.protocol}://${hint.host}`)];
  for (const url of candidates) {
    if (url && (hosts.length === 0 || hosts.includes(url.hostname.toLowerCase()))) return url.origin;
  }
  return `https://${hosts[0]}`;
}

function passwordExpired(user: UsersTable, at: number): boolean {
  return user.password_expires_at !== null && Date.parse(user.password_expires_at) <= at;
}

/** The account cannot sign in with a link until it has a usable password. */
function mustSetPassword(user: UsersTable, at: number): boolean {
  return user.password_hash === '' || user.locked_at !== null || passwordExpired(user, at);
}

/** 403 authDisabled on a site that has turned logins off (perm hideAuth): no way in by code either. */
function assertAuthEnabled(site: Site) {
  if (site.perms.hideAuth) throw new AppError(403, 'authDisabled', AUTH_DISABLED_MESSAGE);
}

function checkNewPassword(field: string, password: string) {
  if (password.length < RESET_PASSWORD_MIN) throw badRequest(field, ResetPasswordMessages.tooShort);
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Ways back into an account without the current password (accounts-and-commerce §4 Autologin, §5
 * Reset password, §7): mailed reset codes, the forced reset of an expired password, admin-issued
 * autologin links and passcodes. Codes are random and stored only as sha256 in one_time_codes.
 */
export function createRecoveryService(deps: {
  repo: RecoveryRepository;
  auth: AuthService;
  roles: Pick<RolesService, 'require' | 'isPrivileged'>;
  mailer: Mailer;
  limiter: RateLimiter;
  now: () => number;
  /** argon2 off libuv's pool (the process's shared workers by default). */
  passwords?: PasswordHasher;
}) {
  const { repo, auth, mailer, limiter, now } = deps;
  const { count, admitCodeAttempt, codeAttemptFailed } = createRecoveryLimits(limiter);
  const passwords = deps.passwords ?? sharedPasswordHasher();
  const iso = (ms: number) => new Date(ms).toISOString();
  let dummyHash: Promise<string> | undefined;

  /**
   * A hash to verify unknown e-mails against, computed on first need only (a promise made and not
   * awaited would reject unhandled when the hashing queue refuses it). Not kept after a refusal.
   */
  function dummyHashFor(ip: string): Promise<string> {
    dummyHash ??= passwords.hash(randomBytes(16).toString('hex'), ip).catch((err: unknown) => {
      dummyHash = undefined;
      throw err;
    });
    return dummyHash;
  }

  async function newCode(user: UsersTable, kind: CodeKind, code: string, codeHash: string, ttlMs: number) {
    const at = now();
    await repo.insertCode({
      id: randomUUID(),
      site_uid: user.site_uid,
      user_id: user.id,
      kind,
      code_hash: codeHash,
      created_at: iso(at),
      expires_at: iso(at + ttlMs),
      used_at: null,
    });
    return { code, expiresAt: iso(at + ttlMs) };
  }

  /** Voids the user's older reset links, stores a new code and mails its link. */
  async function mailResetLink(site: Site, user: UsersTable, hint: OriginHint) {
    await repo.deleteUnusedCodes(user.id, 'reset');
    const code = randomBytes(32).toString('base64url');
    await newCode(user, 'reset', code, sha256(code), RESET_CODE_TTL_MS);
    const link = `${linkOrigin(site, hint)}/reset-pw/${code}`;
    await mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text:
        `Hello ${user.first_name},\n\n` +
        `Someone, hopefully you, asked to reset the password of your ${site.name} account. ` +
        `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
        `If you did not ask for this, ignore this mail and your password stays as it is.\n`,
    });
  }

  const requireRecoverer = (issuer: AuthUser, site: Site, what: string) =>
    deps.roles.require(issuer, site.uid, 'accounts.recover', `Only the site's admins may issue ${what}`);

  async function targetUser(site: Site, email: string): Promise<UsersTable> {
    const user = await auth.findUser(site.uid, normalizeEmail(email));
    if (!user) throw new AppError(404, 'userNotFound', 'No account with this email on this site', 'email');
    return user;
  }

  /** A new password ends every session of the user (the caller then starts a new one). */
  async function setPassword(update: PasswordUpdate): Promise<void> {
    await repo.setPassword(update);
    await auth.revokeAllSessions(update.userId);
  }

  async function sessionFor(userId: string, device: DeviceInfo): Promise<LoginResponse> {
    const user = await auth.getUser(userId);
    if (!user) throw invalidCredentials();
    return auth.startSession(user, device);
  }

  /** A live autologin code of the site, or null. */
  async function findAutologin(site: Site, code: string) {
    const row = await repo.findLiveCode('autologin', sha256(code), iso(now()));
    if (!row || row.site_uid !== site.uid) return null;
    const user = await auth.getUser(row.user_id);
    return user ? { row, user } : null;
  }

  /** The autologin code's user, counting the attempt per IP (a miss counts as a wrong code). */
  async function redeemAutologin(site: Site, code: string, ip: string) {
    await admitCodeAttempt('autologin', ip);
    const found = await findAutologin(site, code);
    if (!found) await codeAttemptFailed('autologin', ip);
    return found;
  }

  return {
    /** POST /api/reset/pw. Answers the same for unknown e-mails; only the limits can refuse. */
    async requestReset(site: Site, email: string, ip: string, hint: OriginHint): Promise<void> {
      assertAuthEnabled(site);
      const address = normalizeEmail(email);
      const message = 'Too many password reset requests. Please try again later';
      await count(`reset:ip:${ip}`, LIMITS.resetPerIp, message);
      await count(`reset:email:${site.uid}:${address}`, LIMITS.resetPerEmail, message);
      const user = await auth.findUser(site.uid, address);
      if (user) await mailResetLink(site, user, hint);
    },

    /** GET /api/reset/pw/{code}. */
    async resetCodeInfo(code: string): Promise<ResetCodeInfo> {
      const row = await repo.findLiveCode('reset', sha256(code), iso(now()));
      const user = row && (await auth.getUser(row.user_id));
      if (!user) throw invalidResetCode();
      return { email: user.email };
    },

    /** PATCH /api/reset/pw/{code}: sets the password, spends the code, ends other sessions, signs in. */
    async resetWithCode(code: string, body: ResetPasswordBody, device: DeviceInfo): Promise<LoginResponse> {
      checkNewPassword('password', body.password);
      if (body.confirm !== body.password) throw badRequest('confirm', ResetPasswordMessages.mismatch);
      const row = await repo.findLiveCode('reset', sha256(code), iso(now()));
      if (!row) throw invalidResetCode();
      const passwordHash = await passwords.hash(body.password, device.ip ?? undefined);
      const spent = await repo.spendCodeAndSetPassword(row.id, {
        userId: row.user_id,
        passwordHash,
        at: iso(now()),
      });
      if (!spent) throw invalidResetCode();
      await auth.revokeAllSessions(row.user_id);
      return sessionFor(row.user_id, device);
    },

    /** POST /api/reset/pw/expired: the current password proves the user; the new one replaces it. */
    async resetExpired(
      site: Site,
      body: ExpiredResetBody,
      ip: string,
      device: DeviceInfo,
    ): Promise<LoginResponse> {
      assertAuthEnabled(site);
      checkNewPassword('newPassword', body.newPassword);
      const email = normalizeEmail(body.email);
      const message = 'Too many failed attempts. Please try again later';
      const accountKey = `reset-expired:acct:${site.uid}:${email}`;
      const ipKey = `reset-expired:ip:${ip}`;
      // Both counted before the verify, so a concurrent burst runs at most `limit` verifies
      // (a count read before the verify and written after it let a burst through).
      await count(ipKey, LIMITS.expiredPerIp, message);
      await count(accountKey, LIMITS.expiredPerAccount, message);
      const user = await auth.findUser(site.uid, email);
      // As at login: no guess is verified against a locked account; only a mailed reset unlocks it.
      if (user?.locked_at) throw accountLocked();
      // One verify either way, so the answer time does not tell whether the e-mail exists.
      const stored = user?.password_hash || undefined;
      const verified = await passwords.verify(stored ?? (await dummyHashFor(ip)), body.password, ip);
      if (!user || stored === undefined || !verified) throw invalidCredentials();
      if (!passwordExpired(user, now()))
        throw new AppError(409, 'pwdNotExpired', 'Your password has not expired; log in as usual');
      if (body.newPassword === body.password)
        throw badRequest('newPassword', 'The new password must differ from the current one');
      await setPassword({
        userId: user.id,
        passwordHash: await passwords.hash(body.newPassword, ip),
        at: iso(now()),
      });
      await limiter.reset(accountKey);
      return sessionFor(user.id, device);
    },

    /** POST /v2/sites/{site}/autologin (role admin): a link that signs the user in for 30 days. */
    async issueAutologin(
      site: Site,
      issuer: AuthUser,
      email: string,
      hint: OriginHint,
    ): Promise<AutologinLink> {
      await requireRecoverer(issuer, site, 'autologin links');
      const user = await targetUser(site, email);
      const code = randomBytes(32).toString('base64url');
      const { expiresAt } = await newCode(user, 'autologin', code, sha256(code), AUTOLOGIN_TTL_MS);
      return { code, url: `${linkOrigin(site, hint)}/autologin/${code}`, expiresAt };
    },

    /** POST /v2/sites/{site}/autologin/{code}: reusable until it expires; failures count per IP. */
    async autologin(site: Site, code: string, ip: string, device: DeviceInfo): Promise<AutologinResult> {
      assertAuthEnabled(site);
      const found = await redeemAutologin(site, code, ip);
      // A real link past its 30 days says so (A§4 "…has expired, please bookmark…"); the caller
      // already holds the code, so this tells them nothing new.
      if (!found)
        return (await repo.hasExpiredCode('autologin', sha256(code), site.uid, iso(now())))
          ? { status: 0, expired: true }
          : { status: 0 };
      if (mustSetPassword(found.user, now())) return { status: 1 };
      return { status: 2, ...(await auth.startSession(found.user, device)) };
    },

    /** POST /v2/sites/{site}/autologin/{code}/password: only while the link answers status 1. */
    async autologinPassword(
      site: Site,
      code: string,
      password: string,
      ip: string,
      device: DeviceInfo,
    ): Promise<AutologinResult> {
      checkNewPassword('password', password);
      assertAuthEnabled(site);
      const found = await redeemAutologin(site, code, ip);
      if (!found) return { status: 0 };
      // A link must not replace a working password: whoever holds it could lock the owner out.
      if (!mustSetPassword(found.user, now()))
        throw new AppError(409, 'passwordAlreadySet', 'This account already has a password; log in with it');
      await setPassword({
        userId: found.user.id,
        passwordHash: await passwords.hash(password, ip),
        at: iso(now()),
      });
      const signedIn: AutologinSignedIn = { status: 2, ...(await sessionFor(found.user.id, device)) };
      return signedIn;
    },

    /** POST /v2/sites/{site}/passcodes (role admin): an 8-digit single-use passcode, valid 7 days. */
    async issuePasscode(site: Site, issuer: AuthUser, email: string): Promise<IssuedPasscode> {
      await requireRecoverer(issuer, site, 'passcodes');
      const user = await targetUser(site, email);
      // 10^8 codes per site: a collision with a stored one is rare, so a few draws always suffice.
      for (let attempt = 0; ; attempt++) {
        const passcode = String(randomInt(0, 100_000_000)).padStart(8, '0');
        try {
          const { expiresAt } = await newCode(
            user,
            'passcode',
            passcode,
            passcodeHash(site.uid, passcode),
            PASSCODE_TTL_MS,
          );
          return { passcode, expiresAt };
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 4) throw err;
        }
      }
    },

    /**
     * POST /passcode-login: spends the passcode. Signs in, unless the account must go elsewhere
     * first (see PasscodeRedirect in the contract): then it answers only the flag, without tokens.
     */
    async passcodeLogin(
      site: Site,
      passcode: string,
      ip: string,
      device: DeviceInfo,
      hint: OriginHint,
    ): Promise<PasscodeLoginResponse> {
      assertAuthEnabled(site);
      await admitCodeAttempt('passcode', ip);
      const at = now();
      const row = await repo.findLiveCode(
        'passcode',
        passcodeHash(site.uid, passcode.replace(/[\s-]/g, '')),
        iso(at),
      );
      const user = row && (await repo.spendCode(row.id, iso(at))) && (await auth.getUser(row.user_id));
      if (!user) {
        await codeAttemptFailed('passcode', ip);
        throw invalidPasscode();
      }
      const redirect = {
        email: user.email,
        redirectLogin: false,
        automaticResetPassword: false,
        resetPassword: false,
      };
      const roles = JSON.parse(user.roles) as string[];
      if (await deps.roles.isPrivileged(site.uid, roles)) return { ...redirect, redirectLogin: true };
      if (user.password_hash === '') return { ...redirect, resetPassword: true };
      if (mustSetPassword(user, at)) {
        await mailResetLink(site, user, hint);
        return { ...redirect, automaticResetPassword: true };
      }
      return auth.startSession(user, device);
    },
  };
}
