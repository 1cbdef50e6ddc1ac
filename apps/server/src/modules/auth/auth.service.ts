import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LoginBody, LoginResponse, SignupBody, User } from '@marquee/contract';
import { hash, verify, type Options as Argon2Options } from '@node-rs/argon2';
import type { RefreshTokensTable, UsersTable } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { AccessTokens } from './access-token';
import type { AuthRepository } from './auth.repository';

export type AuthService = ReturnType<typeof createAuthService>;

/** argon2id cost: about 90 ms per verify on the reference machine (see modules/README.md). */
export const ARGON2_OPTIONS: Argon2Options = { memoryCost: 65_536, timeCost: 2, parallelism: 1 };
/** Verified when the e-mail is unknown, so a miss costs the same as a wrong password. Same cost as above. */
const DUMMY_HASH =
  '$argon2id$v=19$m=65536,t=2,p=1$WKkFdcM0c1JTce4JYJ0mgw$hRlxhXMmDjJTILLe6aDajRWLrjH55Z/j/vZB8fbOcEw';

export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
/** A spent refresh token presented again this soon gets a fresh pair (two tabs refreshing at once). */
export const REUSE_GRACE_MS = 5_000;

export type DeviceInfo = { userAgent?: string | null; ip?: string | null };

const invalidCredentials = () => new AppError(401, 'invalidCredentials', 'Invalid email or password');
const invalidRefresh = () => new AppError(401, 'invalidRefreshToken', 'Refresh token is invalid or expired');

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

function toUser(row: UsersTable): User {
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
    autoPlay: true,
    trialUsed: [],
    userMuteList: [],
  };
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Login, signup and the session (accounts-and-commerce §4 Session, §7 Authentication): argon2id
 * passwords, short-lived JWT access tokens and rotating opaque refresh tokens stored as sha256.
 */
export function createAuthService(deps: { repo: AuthRepository; tokens: AccessTokens; now: () => number }) {
  const { repo, tokens, now } = deps;
  const iso = (ms: number) => new Date(ms).toISOString();

  /** A new access token and the next refresh token of `familyId` (a new family when omitted). */
  async function issue(
    user: UsersTable,
    familyId: string,
    device: DeviceInfo,
  ): Promise<LoginResponse & { id: string }> {
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
    };
    await repo.insertRefreshToken(row);
    const authUser: AuthUser = {
      id: user.id,
      siteUid: user.site_uid,
      email: user.email,
      roles: JSON.parse(user.roles) as string[],
    };
    return {
      id: row.id,
      token: await tokens.sign(authUser),
      expiresIn: tokens.ttlSeconds,
      refreshToken,
      user: toUser(user),
      redirectLogin: false,
      automaticResetPassword: false,
      resetPassword: false,
    };
  }

  const respond = ({ id: _id, ...response }: LoginResponse & { id: string }): LoginResponse => response;

  return {
    async login(siteUid: string, body: LoginBody, device: DeviceInfo): Promise<LoginResponse> {
      const user = await repo.findUserByEmail(siteUid, body.email.trim().toLowerCase());
      // Exactly one verify either way, so the answer time does not tell whether the e-mail exists.
      const ok = await verify(user?.password_hash ?? DUMMY_HASH, body.password).catch(() => false);
      if (!user || !ok) throw invalidCredentials();
      return respond(await issue(user, randomUUID(), device));
    },

    async signup(siteUid: string, body: SignupBody, device: DeviceInfo): Promise<LoginResponse> {
      // body.captchaToken is checked by the captcha slice; not verified yet.
      const email = body.email.trim().toLowerCase();
      const emailTaken = () =>
        new AppError(409, 'emailTaken', 'An account with this email already exists', 'email');
      if (await repo.findUserByEmail(siteUid, email)) throw emailTaken();
      const row: UsersTable = {
        id: randomUUID(),
        site_uid: siteUid,
        email,
        password_hash: await hash(body.password, ARGON2_OPTIONS),
        first_name: body.firstName,
        last_name: body.lastName,
        roles: '[]',
        dob: null,
        gender: null,
        verified: 0,
        created_at: iso(now()),
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
    async refresh(token: string, device: DeviceInfo): Promise<LoginResponse> {
      const at = now();
      let row = await repo.findRefreshToken(sha256(token));
      if (!row || row.revoked_at !== null || Date.parse(row.expires_at) <= at) throw invalidRefresh();
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
      await repo.revokeFamily(row.family_id, iso(at));
      throw new AppError(401, 'refreshTokenReused', 'Refresh token was already used; the session is revoked');
    },

    /** Ends the token's session (its family). Unknown tokens are ignored, so logout is idempotent. */
    async logout(token: string): Promise<void> {
      const row = await repo.findRefreshToken(sha256(token));
      if (row) await repo.revokeFamily(row.family_id, iso(now()));
    },

    async me(user: AuthUser): Promise<User> {
      const row = await repo.findUserById(user.id);
      if (!row) throw new AppError(401, 'unauthorized', 'Authentication required');
      return toUser(row);
    },

    verifyAccessToken: (token: string) => tokens.verify(token),
  };
}
