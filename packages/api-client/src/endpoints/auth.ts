// Fetchers of the auth, recovery, social-login, captcha and device-activation API (accounts-and-commerce §7).
import type {
  ActivateSecondScreenResponse,
  AutologinResult,
  CaptchaConfig,
  LoginBody,
  LoginResponse,
  PasscodeLoginResponse,
  SignupBody,
  SocialProvider,
  TermsResponse,
  User,
} from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPath, sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

/** The login form's fields (the client adds the site). */
export type LoginInput = Omit<LoginBody, 'site' | 'rakuten'>;

/** The signup form's fields (the client adds the site); the captcha is left out when the site asks none. */
export type SignupInput = Omit<SignupBody, 'site' | 'rakuten' | 'captchaToken'> & { captchaToken?: string };

export type { AutologinResult, CaptchaConfig };
export type SiteTerms = TermsResponse;
export type OauthProvider = SocialProvider;
export type PasscodeLoginResult = PasscodeLoginResponse;
export type ActivatedDevice = ActivateSecondScreenResponse;

/** POST /v2/me/auth/login. */
export function login(api: ApiClient, input: LoginInput) {
  return api.request<LoginResponse>('POST', '/v2/me/auth/login', { body: { ...input, site: api.site } });
}

/** POST /v2/me/auth/signup. */
export function signup(api: ApiClient, input: SignupInput) {
  return api.request<LoginResponse>('POST', '/v2/me/auth/signup', { body: { ...input, site: api.site } });
}

/** POST /v2/me/auth/refresh-access: the next token pair for a refresh token (single use). */
export function refreshAccess(api: ApiClient, refreshToken: string) {
  return api.request<LoginResponse>('POST', '/v2/me/auth/refresh-access', { body: { token: refreshToken } });
}

/** POST /v2/me/auth/logout: revokes the session of the refresh token. */
export function logout(api: ApiClient, refreshToken: string) {
  return api.request<void>('POST', '/v2/me/auth/logout', { body: { token: refreshToken } });
}

/** GET /v2/me/info: the signed-in user. */
export function getMe(api: ApiClient, signal?: AbortSignal) {
  return api.get<User>('/v2/me/info', { signal });
}

/** GET /v2/me/info as a query (the TV's profile, age gate and heartbeat read the user through it). */
export const meQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: [...queryKeys.all(api), 'me'], queryFn: ({ signal }) => getMe(api, signal) });

/** GET /v2/sites/{site}/terms. */
export function getSiteTerms(api: ApiClient, signal?: AbortSignal) {
  return api.get<SiteTerms>(sitePath(api.site, 'terms'), { signal });
}

/** GET /v2/sites/{site}/captcha. */
export function getCaptchaConfig(api: ApiClient, signal?: AbortSignal) {
  return api.get<CaptchaConfig>(sitePath(api.site, 'captcha'), { signal });
}

/** POST /api/reset/pw: mails a reset link (204 whether or not the account exists). */
export function requestPasswordReset(api: ApiClient, email: string, callbackHost?: string) {
  return api.request<void>('POST', '/api/reset/pw', { body: { email, site: api.site, callbackHost } });
}

/** GET /api/reset/pw/{code}: the e-mail a valid reset code belongs to (404 invalidResetCode). */
export function getResetCode(api: ApiClient, code: string, signal?: AbortSignal) {
  return api.get<{ email: string }>(apiPath('api', 'reset', 'pw', code), { signal });
}

/** PATCH /api/reset/pw/{code}: sets the new password and signs in. */
export function resetPassword(api: ApiClient, code: string, password: string, confirm: string) {
  return api.request<LoginResponse>('PATCH', apiPath('api', 'reset', 'pw', code), {
    body: { password, confirm },
  });
}

/** POST /api/reset/pw/expired: the forced reset after 403 pwdExpired. */
export function resetExpiredPassword(
  api: ApiClient,
  input: { email: string; password: string; newPassword: string },
) {
  return api.request<LoginResponse>('POST', '/api/reset/pw/expired', { body: { ...input, site: api.site } });
}

/** POST /v2/sites/{site}/autologin/{code}. */
export function autologin(api: ApiClient, code: string) {
  return api.request<AutologinResult>('POST', sitePath(api.site, 'autologin', code));
}

/** POST /v2/sites/{site}/autologin/{code}/password: sets the first password, then signs in. */
export function autologinSetPassword(api: ApiClient, code: string, password: string) {
  return api.request<AutologinResult>('POST', sitePath(api.site, 'autologin', code, 'password'), {
    body: { password },
  });
}

/** POST /passcode-login. */
export function passcodeLogin(api: ApiClient, passcode: string) {
  return api.request<PasscodeLoginResult>('POST', '/passcode-login', { body: { passcode } });
}

/** GET /v2/sites/{site}/oauth/providers: the configured social logins. */
export function getOauthProviders(api: ApiClient, signal?: AbortSignal) {
  return api.get<{ items: OauthProvider[] }>(sitePath(api.site, 'oauth', 'providers'), { signal });
}

/**
 * GET /v2/sites/{site}/oauth/{provider}/authorize: the provider URL to send the browser to.
 * `binding` is a random value the browser keeps (sessionStorage) and sends again with the callback,
 * so that a callback started in another browser is refused (login CSRF).
 */
export function getOauthAuthorizeUrl(
  api: ApiClient,
  provider: string,
  query: { callbackHost: string; binding: string; odrc?: string },
) {
  return api.get<{ url: string }>(sitePath(api.site, 'oauth', provider, 'authorize'), { query });
}

/** POST /oauth/{provider}/callback: trades the provider's code for a session (`binding` as sent to authorize). */
export function oauthCallback(
  api: ApiClient,
  provider: string,
  input: { code: string; state: string; callbackHost: string; iss?: string; binding: string },
) {
  return api.request<LoginResponse>('POST', apiPath('oauth', provider, 'callback'), { body: input });
}

/** PUT /v2/sites/{site}/second-screens/{code}: the signed-in viewer activates a TV by its code. */
export function activateDeviceCode(api: ApiClient, code: string, query?: { source?: string }) {
  return api.request<ActivatedDevice>('PUT', sitePath(api.site, 'second-screens', code), { query });
}
