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
  terms: z.boolean().optional(),
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
  /** Checked by the captcha slice; accepted and ignored for now. */
  captchaToken: z.string().max(4096).optional(),
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
    userMuteList: z.array(z.string()),
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
