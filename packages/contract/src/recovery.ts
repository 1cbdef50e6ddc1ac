import { z } from 'zod';
import { LoginResponse } from './auth';

/** Schemas of the recovery API (accounts-and-commerce §4 Autologin, §5 Reset password, §7). */

/** The spec's reset-password messages (§5); the server answers them as written and the web shows them. */
export const ResetPasswordMessages = {
  tooShort: 'Password must be atleast 6 characters',
  mismatch: 'Passwords do not match',
} as const;
export const RESET_PASSWORD_MIN = 6;

/** A required string whose missing, wrong-type and empty forms all carry `message`. */
const required = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? message : 'must be a string') });

/** Trimmed before the format check: addresses pasted from mail often carry spaces. */
const Email = required('Email is required')
  .trim()
  .pipe(z.email({ error: 'Invalid email' }).max(320));

/** Where the client runs (e.g. `https://tv.acme.test`); links in mails point there when it is one of the site's hosts. */
const CallbackHost = z.string().max(2048).optional();

/** POST /api/reset/pw: mails a reset link when the e-mail has an account; 204 either way. */
export const ResetRequestBody = z.object({
  email: Email,
  site: z.string().min(1).max(64).optional(),
  callbackHost: CallbackHost,
});
export type ResetRequestBody = z.infer<typeof ResetRequestBody>;

/** A code from a link: reset (`/reset-pw/{code}`) or autologin (`/autologin/{code}`). */
export const CodeParams = z.object({ code: z.string().min(1).max(256) });
export type CodeParams = z.infer<typeof CodeParams>;
export const SiteCodeParams = CodeParams.extend({ site: z.string().min(1).max(64) });
export type SiteCodeParams = z.infer<typeof SiteCodeParams>;

/** GET /api/reset/pw/{code}: the account the code resets. */
export const ResetCodeInfo = z.object({ email: z.string() }).meta({ id: 'ResetCodeInfo' });
export type ResetCodeInfo = z.infer<typeof ResetCodeInfo>;

/** PATCH /api/reset/pw/{code}. Lengths and equality are checked by the server with the spec's messages. */
export const ResetPasswordBody = z.object({
  password: required(ResetPasswordMessages.tooShort).max(1024),
  confirm: required(ResetPasswordMessages.mismatch).max(1024),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** POST /api/reset/pw/expired: the forced reset of /required-reset-pw after a pwdExpired login. */
export const ExpiredResetBody = z.object({
  email: required('Email is required').trim().min(1, 'Email is required').max(320),
  password: required('Password is required').min(1, 'Password is required').max(1024),
  newPassword: required(ResetPasswordMessages.tooShort).max(1024),
  site: z.string().min(1).max(64).optional(),
});
export type ExpiredResetBody = z.infer<typeof ExpiredResetBody>;

/** POST /v2/sites/{site}/autologin and /passcodes (role admin): whom the link or passcode signs in. */
export const IssueLoginCodeBody = z.object({ email: Email, callbackHost: CallbackHost });
export type IssueLoginCodeBody = z.infer<typeof IssueLoginCodeBody>;

/** An issued autologin link: reusable until `expiresAt` (30 days). */
export const AutologinLink = z
  .object({ code: z.string(), url: z.string(), expiresAt: z.string() })
  .meta({ id: 'AutologinLink' });
export type AutologinLink = z.infer<typeof AutologinLink>;

/**
 * POST /v2/sites/{site}/autologin/{code} (§4 Autologin): 0 the code is expired or invalid, 1 the
 * user must set a password first (POST …/password), 2 signed in.
 */
export const AutologinResult = z
  .union([
    z.object({
      status: z.literal(0),
      /** True when the code is a real link of this site whose expiry has passed. */
      expired: z.literal(true).optional(),
    }),
    z.object({ status: z.literal(1) }),
    LoginResponse.extend({ status: z.literal(2) }),
  ])
  .meta({ id: 'AutologinResult' });
export type AutologinResult = z.infer<typeof AutologinResult>;
export const AutologinSignedIn = LoginResponse.extend({ status: z.literal(2) });
export type AutologinSignedIn = z.infer<typeof AutologinSignedIn>;

/** POST /v2/sites/{site}/autologin/{code}/password. */
export const AutologinPasswordBody = z.object({
  password: required(ResetPasswordMessages.tooShort).max(1024),
});
export type AutologinPasswordBody = z.infer<typeof AutologinPasswordBody>;

/** An issued passcode: 8 digits, single use, valid until `expiresAt` (7 days). */
export const IssuedPasscode = z
  .object({ passcode: z.string(), expiresAt: z.string() })
  .meta({ id: 'IssuedPasscode' });
export type IssuedPasscode = z.infer<typeof IssuedPasscode>;

/** POST /passcode-login. */
export const PasscodeLoginBody = z.object({
  passcode: required('Passcode is required').trim().min(1, 'Passcode is required').max(64),
  site: z.string().min(1).max(64).optional(),
  callbackHost: CallbackHost,
});
export type PasscodeLoginBody = z.infer<typeof PasscodeLoginBody>;

/**
 * A passcode that cannot sign in directly: no session, only where to go (§4 Session). Exactly one
 * flag is true. redirectLogin: the account (admin, staff, support) must log in with its password.
 * resetPassword: the account has no password yet; send the user to /forgot-pw?fromPasscode.
 * automaticResetPassword: the password expired or the account is locked; a reset link was mailed,
 * send the user to /forgot-pw?fromPasscode&automatic.
 */
export const PasscodeRedirect = z
  .object({
    email: z.string(),
    redirectLogin: z.boolean(),
    automaticResetPassword: z.boolean(),
    resetPassword: z.boolean(),
  })
  .meta({ id: 'PasscodeRedirect' });
export type PasscodeRedirect = z.infer<typeof PasscodeRedirect>;

/** A session (all flags false) or a redirect (one flag true, no tokens). */
export const PasscodeLoginResponse = z.union([LoginResponse, PasscodeRedirect]);
export type PasscodeLoginResponse = z.infer<typeof PasscodeLoginResponse>;
