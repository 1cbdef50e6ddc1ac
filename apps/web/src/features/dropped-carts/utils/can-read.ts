import { permissionsOf } from '@marquee/domain';

/** Who may see dropped carts: holders of `analytics.read` (the site's admins); the server checks again. */
export const canReadDroppedCarts = (roles: readonly string[] | undefined) =>
  permissionsOf(roles ?? []).has('analytics.read');
