import { profileManagedMessage } from '@marquee/domain';
import type { RolesService } from '../roles';
import type { User } from '@marquee/contract';
import type { Site } from '../sites';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import type { Mailer } from '../../infra/mailer';
import { sharedPasswordHasher, type PasswordHasher } from '../../infra/password-hasher';
import type { RateLimiter, RateRule } from '../../infra/rate-limiter';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest, rateLimited } from '../../plugins/errors';
import { toUser, type AuthService } from '../auth';
import type { ProfileRepository } from './profile.repository';

export type ProfileService = ReturnType<typeof createProfileService>;

/** The parts of the user's site the profile rules read. */
export type ProfileSite = Pick<Site, 'uid' | 'name' | 'perms' | 'identityPlatform'>;

export type UserInfoChange = {
  firstName: string;
  lastName: string;
  gender?: 'male' | 'female' | 'other' | null;
  dob?: number | null;
};

const DAY_MS = 24 * 3600 * 1000;
/** accounts-and-commerce §9: "Name change once per 60 days". */
export const NAME_CHANGE_INTERVAL_MS = 60 * DAY_MS;
/** A second deletion request this soon after the first is refused (the admins already have it). */
export const DELETION_REQUEST_INTERVAL_MS = DAY_MS;
/** §9: "Date-of-birth years list 100 years" (ending with the current year). */
export const DOB_YEARS = 100;
/** §9: "Password minimum 6". */
export const PASSWORD_MIN = 6;
/**
 * Password checks per user (e-mail change, password change, confirm identity, delete) before a
 * 429: a stolen access token must not become a password oracle. A correct password resets it.
 */
export const PASSWORD_ATTEMPTS: RateRule = { limit: 10, windowMs: 15 * 60 * 1000 };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const invalidCredentials = (field: string) =>
  new AppError(401, 'invalidCredentials', 'Invalid Credentials', field);
const userGone = () => new AppError(401, 'unauthorized', 'Authentication required');

/** "bob.smith@example.com" → "b***h@e***.com": enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const maskedLocal = local.length > 2 ? `${local[0]}***${local.at(-1)}` : `${local[0] ?? ''}***`;
  const maskedDomain = dot > 0 ? `${domain[0]}***${domain.slice(dot)}` : `${domain[0] ?? ''}***`;
  return `${maskedLocal}@${maskedDomain}`;
}

/** Numeric YYYYMMDD → 'YYYY-MM-DD' when it is a real date in the last DOB_YEARS years and not after today (UTC). */
export function parseDob(dob: number, now: number): string | null {
  if (!Number.isInteger(dob) || dob < 10000101 || dob > 99991231) return null;
  const year = Math.floor(dob / 10000);
  const month = Math.floor(dob / 100) % 100;
  const day = dob % 100;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  const today = new Date(now);
  const todayNum = today.getUTCFullYear() * 10000 + (today.getUTCMonth() + 1) * 100 + today.getUTCDate();
  if (dob > todayNum || year <= today.getUTCFullYear() - DOB_YEARS) return null;
  return date.toISOString().slice(0, 10);
}

/** "2026-05-01 at 12:00 UTC" */
const describeInstant = (ms: number) => {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;
};

/**
 * The signed-in user's own account (accounts-and-commerce §5 and §7 Profile): user info and name,
 * e-mail, password, identity confirmation, and deletion (requested from the site's admins, or done
 * directly where the site allows selfDelete). Rules are recorded in docs/decisions/0011-profile-rules.md.
 */
export function createProfileService(deps: {
  repo: ProfileRepository;
  auth: Pick<AuthService, 'findUser' | 'getUser' | 'revokeAllSessions'>;
  roles: Pick<RolesService, 'granting'>;
  mailer: Mailer;
  limiter: RateLimiter;
  now: () => number;
  log: { error: (obj: object, msg: string) => void };
  /** argon2 off libuv's pool (the process's shared workers by default). */
  passwords?: PasswordHasher;
}) {
  const { repo, auth, mailer, limiter, now, log } = deps;
  const passwords = deps.passwords ?? sharedPasswordHasher();
  const iso = (ms: number) => new Date(ms).toISOString();

  async function currentRow(user: AuthUser): Promise<UsersTable> {
    const row = await auth.getUser(user.id);
    if (!row) throw userGone();
    return row;
  }

  /** Verifies the user's password under the per-user attempt limit; throws 401 naming `field` when wrong. */
  async function checkPassword(row: UsersTable, password: string, field: string): Promise<void> {
    const key = `profile:pwd:${row.id}`;
    const attempt = await limiter.hit(key, PASSWORD_ATTEMPTS);
    if (!attempt.allowed)
      throw rateLimited(attempt.retryAfterMs, 'Too many attempts. Please try again later');
    // Users who signed up through a social login or an autologin link have no password ('').
    const ok = row.password_hash !== '' && (await passwords.verify(row.password_hash, password));
    if (!ok) throw invalidCredentials(field);
    await limiter.reset(key);
  }

  /**
   * 403 profileManagedExternally where the site signs viewers in through an external identity
   * platform (A§6): the name, e-mail and password are the platform's to change (decision 0061).
   */
  function assertProfileEditable(site: ProfileSite): void {
    if (site.identityPlatform)
      throw new AppError(403, 'profileManagedExternally', profileManagedMessage(site.identityPlatform));
  }

  /** The first blank of `fields`, as a 400 with `message` naming it. */
  function requireAll(fields: Record<string, string>, message: string): void {
    for (const [field, value] of Object.entries(fields))
      if (value.trim() === '') throw badRequest(field, message);
  }

  return {
    async updateInfo(user: AuthUser, site: ProfileSite, body: UserInfoChange): Promise<User> {
      const firstName = body.firstName.trim();
      const lastName = body.lastName.trim();
      requireAll({ firstName, lastName }, 'Missing values');
      if (firstName.length < 2)
        throw badRequest('firstName', 'First name must be at least 2 characters long');

      const values: Updateable<UsersTable> = { first_name: firstName, last_name: lastName };
      // Fields the site hides are not editable there: what a client sends for them is ignored.
      if (body.gender !== undefined && !site.perms.hideUserGender) {
        if (body.gender === 'other' && site.perms.rudimentaryGenders)
          throw badRequest('gender', 'Invalid gender');
        values.gender = body.gender;
      }
      if (body.dob !== undefined && !site.perms.hideUserDOB) {
        if (body.dob === null) values.dob = null;
        else {
          const dob = parseDob(body.dob, now());
          if (!dob) throw badRequest('dob', 'Invalid DOB');
          values.dob = dob;
        }
      }

      const row = await currentRow(user);
      const renames = firstName !== row.first_name || lastName !== row.last_name;
      let guard: { expected: string | null } | undefined;
      if (renames) {
        // Gender and birth date stay the viewer's (the age gate saves it here); the name does not.
        assertProfileEditable(site);
        const last = row.name_changed_at === null ? null : Date.parse(row.name_changed_at);
        if (last !== null && now() < last + NAME_CHANGE_INTERVAL_MS) throw nameChangeTooSoon(last);
        values.name_changed_at = iso(now());
        guard = { expected: row.name_changed_at };
      }
      if (!(await repo.updateInfo(row.id, values, guard))) {
        // A concurrent rename won the race (or the account is gone).
        const fresh = await currentRow(user);
        throw nameChangeTooSoon(Date.parse(fresh.name_changed_at ?? iso(now())));
      }
      return toUser(await currentRow(user));
    },

    /** The viewer's playback settings (§3 User.autoPlay; §4.5 reads it at the end of a video). */
    async setPreferences(user: AuthUser, body: { autoPlay: boolean }): Promise<User> {
      const row = await currentRow(user);
      await repo.updateInfo(row.id, { auto_play: body.autoPlay ? 1 : 0 });
      return toUser(await currentRow(user));
    },

    async changeEmail(user: AuthUser, site: ProfileSite, body: { email: string; password: string }) {
      assertProfileEditable(site);
      requireAll({ email: body.email, password: body.password }, 'All fields are required');
      const email = body.email.trim().toLowerCase();
      if (!EMAIL_SHAPE.test(email)) throw badRequest('email', 'Invalid email');
      const row = await currentRow(user);
      if (email === row.email) throw badRequest('email', 'Email is the same as current');
      await checkPassword(row, body.password, 'password');
      const taken = () =>
        new AppError(409, 'emailTaken', 'An account with this email already exists', 'email');
      if (await auth.findUser(row.site_uid, email)) throw taken();
      if (!(await repo.updateEmail(row.id, email))) throw taken();

      // The change is done; a notice that cannot be sent is logged, not turned into a failed request.
      const oldEmail = row.email;
      await mailer
        .send({
          to: oldEmail,
          subject: 'Your e-mail was changed',
          text:
            `Hello ${row.first_name},\n\n` +
            `The e-mail address of your ${site.name} account was changed from ${oldEmail} to ${maskEmail(email)}.\n\n` +
            `If you did not make this change, reset your password right away and contact ${site.name} support.\n`,
        })
        .catch((err: unknown) => log.error({ err, userId: row.id }, 'e-mail change notice not sent'));
      return toUser({ ...row, email });
    },

    async changePassword(
      user: AuthUser,
      site: ProfileSite,
      body: { currentPassword: string; newPassword: string },
    ) {
      assertProfileEditable(site);
      requireAll(
        { currentPassword: body.currentPassword, newPassword: body.newPassword },
        'All fields are required',
      );
      if (body.newPassword.length < PASSWORD_MIN)
        throw badRequest('newPassword', `Password must be atleast ${PASSWORD_MIN} characters`);
      const row = await currentRow(user);
      await checkPassword(row, body.currentPassword, 'currentPassword');
      const at = iso(now());
      await repo.updatePassword(row.id, await passwords.hash(body.newPassword), at);
      // Every other session ends; the caller's own (the token's sid) stays signed in.
      await auth.revokeAllSessions(row.id, { except: user.sessionId });
    },

    async confirmIdentity(user: AuthUser, body: { email: string; password: string }): Promise<void> {
      requireAll({ email: body.email, password: body.password }, 'All fields are required');
      const row = await currentRow(user);
      // Still one password check for a wrong e-mail, so both failures count and cost the same.
      const sameEmail = body.email.trim().toLowerCase() === row.email;
      await checkPassword(row, sameEmail ? body.password : '', sameEmail ? 'password' : 'email');
    },

    async requestDeletion(user: AuthUser, site: ProfileSite): Promise<{ message: 'Request sent' }> {
      const row = await currentRow(user);
      const at = now();
      const previous = row.deletion_requested_at;
      if (!(await repo.claimDeletionRequest(row.id, iso(at), iso(at - DELETION_REQUEST_INTERVAL_MS))))
        throw new AppError(
          409,
          'deletionAlreadyRequested',
          'Your account deletion request was already sent in the last 24 hours',
        );
      const name = `${row.first_name} ${row.last_name}`.trim();
      const holders = await deps.roles.granting(row.site_uid, 'accounts.delete');
      const admins = (await repo.findHolders(row.site_uid, holders)).filter((a) => a.id !== row.id);
      try {
        // The request only exists once the admins have it: a failed send un-records it, so the user can retry.
        await Promise.all([
          mailer.send({
            to: row.email,
            subject: `Your request to delete your ${site.name} account`,
            text:
              `Hello ${row.first_name},\n\n` +
              `We received your request to delete your ${site.name} account (${row.email}). ` +
              `The site's administrators will process it and delete the account and its data.\n\n` +
              `If you did not ask for this, sign in, change your password and contact ${site.name} support.\n`,
          }),
          ...admins.map((admin) =>
            mailer.send({
              to: admin.email,
              subject: `Account deletion request: ${row.email}`,
              text:
                `${name || row.email} asked to delete their ${site.name} account.\n\n` +
                `E-mail: ${row.email}\nName: ${name}\nUser id: ${row.id}\nSite: ${site.uid}\n` +
                `Requested at: ${iso(at)}\n`,
            }),
          ),
        ]);
      } catch (err) {
        await repo.setDeletionRequestedAt(row.id, previous);
        throw err;
      }
      return { message: 'Request sent' };
    },

    async deleteAccount(user: AuthUser, site: ProfileSite, body: { password: string }): Promise<void> {
      if (!site.perms.selfDelete)
        throw new AppError(
          403,
          'selfDeleteDisabled',
          'This site does not allow deleting an account directly; request the deletion instead',
        );
      requireAll({ password: body.password }, 'All fields are required');
      const row = await currentRow(user);
      await checkPassword(row, body.password, 'password');
      await repo.deleteUser(row.id);
    },
  };
}

function nameChangeTooSoon(lastChange: number): AppError {
  return new AppError(
    409,
    'nameChangeTooSoon',
    `Your name can be changed once every 60 days. You can change it again on ${describeInstant(lastChange + NAME_CHANGE_INTERVAL_MS)}`,
  );
}
