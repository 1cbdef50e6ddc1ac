import type { Db } from '../../db/database';
import { PERMISSIONS, type Permission, type SiteRole } from '@marquee/domain';

export type RolesRepository = ReturnType<typeof createRolesRepository>;

/** Permissions no longer known (a renamed one) are dropped when read, so they grant nothing. */
const parsePermissions = (json: string): Permission[] =>
  (JSON.parse(json) as unknown[]).filter((p): p is Permission =>
    (PERMISSIONS as readonly unknown[]).includes(p),
  );

export function createRolesRepository(db: Db) {
  return {
    /** The site's own roles. */
    async list(siteUid: string): Promise<SiteRole[]> {
      const rows = await db
        .selectFrom('site_roles')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .orderBy('name')
        .execute();
      return rows.map((r) => ({ name: r.name, permissions: parsePermissions(r.permissions) }));
    },

    /** Creates or replaces a role of the site. */
    async put(siteUid: string, role: SiteRole): Promise<void> {
      const permissions = JSON.stringify(role.permissions);
      await db
        .insertInto('site_roles')
        .values({ site_uid: siteUid, name: role.name, permissions })
        .onConflict((oc) => oc.columns(['site_uid', 'name']).doUpdateSet({ permissions }))
        .execute();
    },

    async remove(siteUid: string, name: string): Promise<void> {
      await db.deleteFrom('site_roles').where('site_uid', '=', siteUid).where('name', '=', name).execute();
    },
  };
}
