import { randomBytes } from 'node:crypto';
import type { DroppedCart, DroppedCartBody, DroppedCartsPage } from '@marquee/contract';
import { pageOffset, toPage } from '@marquee/domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { RolesService } from '../roles';
import { ownSite, type Site } from '../sites';
import type { DroppedCartRow, DroppedCartsRepository } from './dropped-carts.repository';

export type DroppedCartsService = ReturnType<typeof createDroppedCartsService>;

const toCart = (r: DroppedCartRow): DroppedCart => ({
  id: r.id,
  bundleId: r.bundle_id,
  bundleName: r.bundle_name,
  times: Number(r.times),
  firstDroppedAt: r.first_dropped_at,
  droppedAt: r.dropped_at,
});

/**
 * Dropped carts (accounts-and-commerce §7 Profile; decision 0060): the web checkout reports a
 * viewer leaving it without paying; the site's operators list them; a purchase of the bundle
 * removes the viewer's cart of it.
 */
export function createDroppedCartsService(deps: {
  repo: DroppedCartsRepository;
  roles: Pick<RolesService, 'require'>;
  /** Throws the checkout's 404 when the bundle is not for sale on the site. */
  requireBundle: (siteUid: string, bundleId: string) => Promise<unknown>;
  /** The bundle ids the user holds now on the site. */
  heldBundles: (siteUid: string, userId: string) => Promise<Set<string>>;
  now: () => number;
}) {
  const { repo, now } = deps;
  return {
    /** 201 a new cart, 200 a repeat (times + 1); 409 when the viewer already holds the bundle. */
    async record(user: AuthUser, site: Site, body: DroppedCartBody) {
      const siteUid = ownSite(site, user);
      await deps.requireBundle(siteUid, body.bundleId);
      if ((await deps.heldBundles(siteUid, user.id)).has(body.bundleId))
        throw new AppError(409, 'alreadyPurchased', 'You already have access to this bundle', 'bundleId');
      const at = new Date(now()).toISOString();
      const { row, created } = await repo.record({
        id: `dc_${randomBytes(8).toString('hex')}`,
        site_uid: siteUid,
        user_id: user.id,
        bundle_id: body.bundleId,
        bundle_name: body.bundleName,
        first_dropped_at: at,
        dropped_at: at,
      });
      return { cart: toCart(row), created };
    },

    /** The site's dropped carts, latest first: holders of `analytics.read` (the site's admins). */
    async list(
      user: AuthUser,
      siteUid: string,
      p: { page: number; pageSize: number },
    ): Promise<DroppedCartsPage> {
      await deps.roles.require(
        user,
        siteUid,
        'analytics.read',
        "Only the site's admins may read its dropped carts",
      );
      const { rows, total } = await repo.page(siteUid, pageOffset(p.page, p.pageSize), p.pageSize);
      return toPage(
        rows.map((r) => ({ ...toCart(r), userId: r.user_id, email: r.email })),
        p.page,
        p.pageSize,
        total,
      );
    },

    /** On purchaseChanged: the viewer's carts of bundles they now hold are no longer dropped. */
    async purchased(siteUid: string, userId: string): Promise<void> {
      await repo.remove(siteUid, userId, [...(await deps.heldBundles(siteUid, userId))]);
    },
  };
}
