import { z } from 'zod';
import { paginated, pagingQuery } from './common';

/**
 * Dropped (abandoned) carts (accounts-and-commerce §7 Profile: "POST me/sites/{site}/dropped-cart:
 * bundleId, bundleName"; decision 0060): a viewer who leaves checkout without paying, and the
 * operators' list of them.
 */

/** POST /v2/me/sites/{site}/dropped-cart {bundleId, bundleName}. */
export const DroppedCartBody = z.object({
  bundleId: z
    .string()
    .trim()
    .min(1, 'bundleId is required')
    .max(100)
    .regex(/^[\w.:-]+$/, 'bundleId must be letters, digits, dot, underscore, colon or dash'),
  bundleName: z
    .string()
    .trim()
    .min(1, 'bundleName is required')
    .max(200, 'bundleName must be at most 200 characters'),
});
export type DroppedCartBody = z.infer<typeof DroppedCartBody>;

/** One viewer's dropped cart of one bundle: a repeat drop counts in `times` and moves `droppedAt`. */
export const DroppedCart = z
  .object({
    id: z.string(),
    bundleId: z.string(),
    bundleName: z.string(),
    times: z.number().int(),
    firstDroppedAt: z.string(),
    droppedAt: z.string(),
  })
  .meta({ id: 'DroppedCart' });
export type DroppedCart = z.infer<typeof DroppedCart>;

/** A dropped cart in the operators' list: whose it is. */
export const SiteDroppedCart = DroppedCart.extend({ userId: z.string(), email: z.string() }).meta({
  id: 'SiteDroppedCart',
});
export type SiteDroppedCart = z.infer<typeof SiteDroppedCart>;

/** GET /v2/sites/{site}/dropped-carts?page&pageSize: the most recent drop first, 20 a page. */
export const DroppedCartsQuery = pagingQuery(20);
export type DroppedCartsQuery = z.infer<typeof DroppedCartsQuery>;
export const DroppedCartsPage = paginated(SiteDroppedCart).meta({ id: 'DroppedCartsPage' });
export type DroppedCartsPage = z.infer<typeof DroppedCartsPage>;
