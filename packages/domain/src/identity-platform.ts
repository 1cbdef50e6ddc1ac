/**
 * An external identity platform (accounts-and-commerce §6: "When an external identity platform is
 * enabled, signup and profile editing are disabled"; decision 0061). The site's viewers sign in
 * through one OpenID Connect provider (`provider`, an id of the server's social providers); their
 * accounts, names, e-mails and passwords are the platform's to change.
 */
export type IdentityPlatform = { provider: string; name: string };

/** The stored setting as a platform, or null when absent or malformed (a provider id and a name). */
export function parseIdentityPlatform(stored: unknown): IdentityPlatform | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { provider, name } = stored as Record<string, unknown>;
  if (typeof provider !== 'string' || !/^[a-z0-9_-]{1,40}$/.test(provider)) return null;
  if (typeof name !== 'string' || name.trim() === '') return null;
  return { provider, name: name.trim() };
}

/** Why signup is refused (403 `signupDisabled`), naming the platform. */
export const signupDisabledMessage = (platform: IdentityPlatform): string =>
  `Signup is disabled: accounts on this site are created through ${platform.name}`;

/** Why a name, e-mail or password change is refused (403 `profileManagedExternally`). */
export const profileManagedMessage = (platform: IdentityPlatform): string =>
  `Your profile is managed by ${platform.name}: change your name, e-mail and password there`;
