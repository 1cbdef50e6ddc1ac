/**
 * Per-site roles (decision 0044). A user's `roles` holds role names (the spec's staff, admin and
 * support, or a site's own); a viewer holds none. A role grants permissions, and every check asks
 * for a permission, never for a role name, so a site's own roles (stored per site, defined by the
 * operator console later) work wherever a built-in one does.
 */
export const PERMISSIONS = [
  /** Ban a chat user for 48 hours (the spec: staff, admin and support only). */
  'chat.ban',
  /** Delete another user's chat message. */
  'chat.delete',
  /** Review viewers' reports of moments and gifs; hide, unhide or dismiss (decision 0054). */
  'content.moderate',
  /** End or take over another user's watch party. */
  'party.moderate',
  /** Grant or revoke a bundle at no cost. */
  'access.grant',
  /** Read the site's analytics. */
  'analytics.read',
  /** Issue autologin links and recovery for the site's users. */
  'accounts.recover',
  /** Receive the users' account deletion requests. */
  'accounts.delete',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MODERATION: Permission[] = ['chat.ban', 'chat.delete', 'party.moderate', 'content.moderate'];

/** The built-in roles; `viewer` is everybody's (an empty `roles`). */
export const BUILT_IN_ROLES = {
  viewer: [],
  staff: MODERATION,
  support: MODERATION,
  admin: [...PERMISSIONS],
} as const satisfies Record<string, readonly Permission[]>;
export type BuiltInRole = keyof typeof BUILT_IN_ROLES;

/** A site's own role: a name that no built-in role has, and what it may do. */
export type SiteRole = { name: string; permissions: Permission[] };

export const isBuiltInRole = (name: string): name is BuiltInRole => Object.hasOwn(BUILT_IN_ROLES, name);

/** Role names: lower-case letters, digits and `-`, 2–32 long. */
export const ROLE_NAME = /^[a-z][a-z0-9-]{1,31}$/;

/** Why a site role cannot be defined as given, or undefined when it can. */
export function siteRoleProblem(role: SiteRole): string | undefined {
  if (!ROLE_NAME.test(role.name)) return 'name: lower-case letters, digits and -, 2 to 32 long';
  if (isBuiltInRole(role.name)) return `name: '${role.name}' is a built-in role`;
  const unknown = role.permissions.find((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown !== undefined) return `permissions: unknown permission '${unknown}'`;
  return undefined;
}

/** Everything the holder of these roles may do; names neither built in nor the site's grant nothing. */
export function permissionsOf(
  roles: readonly string[],
  siteRoles: readonly SiteRole[] = [],
): Set<Permission> {
  const granted = new Set<Permission>();
  for (const name of roles) {
    const permissions = isBuiltInRole(name)
      ? BUILT_IN_ROLES[name]
      : (siteRoles.find((r) => r.name === name)?.permissions ?? []);
    for (const p of permissions) granted.add(p);
  }
  return granted;
}

/** The roles, built-in and the site's, that grant a permission (to find its holders). */
export function rolesGranting(permission: Permission, siteRoles: readonly SiteRole[] = []): string[] {
  const builtIn = Object.entries(BUILT_IN_ROLES)
    .filter(([, permissions]) => (permissions as readonly Permission[]).includes(permission))
    .map(([name]) => name);
  return [...builtIn, ...siteRoles.filter((r) => r.permissions.includes(permission)).map((r) => r.name)];
}

/** True when the roles grant anything at all (such accounts never sign in by a link alone). */
export const isPrivileged = (roles: readonly string[], siteRoles: readonly SiteRole[] = []) =>
  permissionsOf(roles, siteRoles).size > 0;
