import {
  isBuiltInRole,
  permissionsOf,
  rolesGranting,
  siteRoleProblem,
  type Permission,
  type SiteRole,
} from '@marquee/domain';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, forbidden } from '../../plugins/errors';
import type { RolesRepository } from './roles.repository';

export type RolesService = ReturnType<typeof createRolesService>;

/**
 * The one permission check (decision 0044). Every rule that depends on who the user is asks
 * `can`/`require` for a permission on a site; a user holds none on another site than their own.
 * Built-in roles cost no query; a site's own roles are read when a user holds one.
 */
export function createRolesService(repo: RolesRepository) {
  async function permissions(siteUid: string, roles: readonly string[]): Promise<Set<Permission>> {
    const own = roles.some((r) => !isBuiltInRole(r)) ? await repo.list(siteUid) : [];
    return permissionsOf(roles, own);
  }

  return {
    /** Whether the user may do this on the site. */
    async can(user: AuthUser, siteUid: string, permission: Permission): Promise<boolean> {
      return user.siteUid === siteUid && (await permissions(siteUid, user.roles)).has(permission);
    },

    /** 403 `forbidden` with the message unless the user may do this on the site. */
    async require(user: AuthUser, siteUid: string, permission: Permission, message: string): Promise<void> {
      if (!(await this.can(user, siteUid, permission))) throw forbidden(message);
    },

    /** Whether a user of the site with these roles may do anything a viewer may not. */
    async isPrivileged(siteUid: string, roles: readonly string[]): Promise<boolean> {
      return (await permissions(siteUid, roles)).size > 0;
    },

    /** The role names, built-in and the site's, that grant the permission (to find its holders). */
    async granting(siteUid: string, permission: Permission): Promise<string[]> {
      return rolesGranting(permission, await repo.list(siteUid));
    },

    /** The site's own roles. */
    list: (siteUid: string) => repo.list(siteUid),

    /** Defines (or redefines) a site's own role; 400 naming the field when it cannot be. */
    async define(siteUid: string, role: SiteRole): Promise<void> {
      const problem = siteRoleProblem(role);
      if (problem) throw badRequest(problem.split(':')[0]!, problem);
      await repo.put(siteUid, { name: role.name, permissions: [...new Set(role.permissions)] });
    },

    remove: (siteUid: string, name: string) => repo.remove(siteUid, name),
  };
}
