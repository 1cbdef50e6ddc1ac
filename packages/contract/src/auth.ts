import { z } from 'zod';

/** A required string whose missing, wrong-type and empty forms all carry the spec's message. */
const required = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? message : 'must be a string') });

const PASSWORD_MIN = 6;

/** POST /v2/me/auth/login (accounts-and-commerce §7; messages from §5). */
export const LoginBody = z.object({
  email: required('Email is required').trim().min(1, 'Email is required').max(320),
  password: required('Password is required').min(1, 'Password is required').max(1024),
  /** The site uid; else __site, else the host name. */
  site: z.string().min(1).max(64).optional(),
  rakuten: z.unknown().optional(),
  /** True when the user accepts the site's current terms (the retry after 403 unreelTerms). */
  terms: z.boolean().optional(),
  /** The solved captcha (as signup's), needed after 403 captchaRequired: too many failed logins. */
  captchaToken: z.string().min(1, 'Captcha is required').max(4096).optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** POST /v2/me/auth/signup (accounts-and-commerce §5: valid e-mail, password minimum 6, terms). */
export const SignupBody = z.object({
  firstName: required('First name is required').trim().min(1, 'First name is required').max(100),
  lastName: required('Last name is required').trim().min(1, 'Last name is required').max(100),
  email: z
    .email({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Invalid email') })
    .max(320),
  password: required('Password is required')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(1024),
  site: z.string().min(1).max(64).optional(),
  rakuten: z.unknown().optional(),
  /** The solved ALTCHA payload (base64), or the reCAPTCHA / Turnstile response token. */
  captchaToken: required('Captcha is required').min(1, 'Captcha is required').max(4096),
  terms: z.literal(true, { error: 'You must accept the terms' }),
});
export type SignupBody = z.infer<typeof SignupBody>;

/** POST /v2/me/auth/refresh-access and /logout: the opaque refresh token. */
export const RefreshBody = z.object({
  token: required('Token is required').min(1, 'Token is required').max(512),
});
export type RefreshBody = z.infer<typeof RefreshBody>;
export const LogoutBody = RefreshBody;
export type LogoutBody = RefreshBody;

/** The spec's user (accounts-and-commerce §3). */
export const User = z
  .object({
    _id: z.string(),
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    gender: z.enum(['male', 'female', 'other']).nullable(),
    /** Numeric YYYYMMDD. */
    dob: z.number().int().nullable(),
    /** staff, admin, support; checked by membership. */
    roles: z.array(z.string()),
    verified: z.boolean(),
    pending: z.boolean(),
    autoPlay: z.boolean(),
    trialUsed: z.array(z.string()),
    /** The users whose chat messages this user does not see (PATCH chats/mute/{id}). */
    userMuteList: z.array(z.string()),
    /** The name the user chats under ("add name to chat"); null: their first name. */
    chatUsername: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** Login, signup and refresh answer with a fresh access token, a new refresh token and the user. */
export const LoginResponse = z
  .object({
    /** Short-lived JWT for `Authorization: Bearer`. */
    token: z.string(),
    /** Seconds until `token` expires. */
    expiresIn: z.number().int(),
    /** Opaque, single use: exchange it at /v2/me/auth/refresh-access for the next pair. */
    refreshToken: z.string(),
    user: User,
    redirectLogin: z.boolean(),
    automaticResetPassword: z.boolean(),
    resetPassword: z.boolean(),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /v2/me/auth/verify: the bearer access token is valid and its user still exists. */
export const VerifyResponse = z.object({ valid: z.literal(true), user: User }).meta({ id: 'VerifyResponse' });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

/** GET /api/unique/{name}: the e-mail to check, on the request's site. */
export const UniqueParams = z.object({
  name: z.email({ error: 'Invalid email' }).max(320),
});
export type UniqueParams = z.infer<typeof UniqueParams>;
/** Whether no account of the site uses the e-mail yet. */
export const UniqueResponse = z.object({ unique: z.boolean() }).meta({ id: 'UniqueResponse' });
export type UniqueResponse = z.infer<typeof UniqueResponse>;

/** GET /v2/sites/{site}/terms: the site's terms of use; accepting them is recorded at login or signup. */
export const TermsResponse = z
  .object({ text: z.string(), updatedAt: z.string().describe('ISO time of the last change') })
  .meta({ id: 'Terms' });
export type TermsResponse = z.infer<typeof TermsResponse>;

/** GET /v2/sites/{site}/captcha: which captcha the signup form shows. */
export const CaptchaConfig = z
  .discriminatedUnion('provider', [
    z.object({
      provider: z.literal('altcha'),
      /** The altcha widget's `challengeurl`. */
      challengeUrl: z.string(),
    }),
    z.object({ provider: z.enum(['recaptcha', 'turnstile']), siteKey: z.string() }),
  ])
  .meta({ id: 'CaptchaConfig' });
export type CaptchaConfig = z.infer<typeof CaptchaConfig>;

/**
 * GET /v2/sites/{site}/captcha/challenge: an ALTCHA v2 challenge. The parameters are signed as a
 * whole, so unknown keys are passed through untouched.
 */
export const AltchaChallenge = z
  .object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string(),
  })
  .meta({ id: 'AltchaChallenge' });
export type AltchaChallenge = z.infer<typeof AltchaChallenge>;
