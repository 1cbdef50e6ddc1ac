import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/database';
import type { BundlesTable, PurchasesTable } from '../../src/db/schema';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, START } from '../support/accounts';

const iso = (ms: number) => new Date(ms).toISOString();

/** A bundle row of the acme site; `over` sets any column. */
export const bundleRow = (
  id: string,
  type: string,
  over: Partial<Insertable<BundlesTable>> = {},
): Insertable<BundlesTable> =>
  // Columns left out take the table's defaults (inserted one row at a time, see below).
  ({
    site_uid: 'acme',
    id,
    name: `Bundle ${id}`,
    description: '',
    type,
    plan_type: type === 'RENTAL' ? 'rental' : 'month',
    amount_cents: 500,
    ...over,
  }) as Insertable<BundlesTable>;

let seq = 0;
/** A purchase as the commerce module writes it (active, bought at START); `over` sets any column. */
export function purchaseRow(
  userId: string,
  bundleId: string,
  over: Partial<Insertable<PurchasesTable>> = {},
): Insertable<PurchasesTable> {
  // Columns left out take the table's defaults.
  return {
    id: `purchase-${++seq}`,
    site_uid: 'acme',
    user_id: userId,
    bundle_id: bundleId,
    name: bundleId,
    type: 'ENTIRE_SITE',
    status: 'active',
    amount_cents: 500,
    gateway: 'test',
    created_at: iso(START),
    updated_at: iso(START),
    ...over,
  } as Insertable<PurchasesTable>;
}

export const insertPurchase = (db: Db, row: Insertable<PurchasesTable>) =>
  db.insertInto('purchases').values(row).execute();

/**
 * Sites acme and other; acme's admin, a viewer and a second viewer, other's admin; acme's bundles:
 * ENTIRE_SITE, CHANNELS (news), PRODUCT (v-product), DISABLE_ADS, a 48 h rental of the movies, and a
 * deleted one. Videos: v-paid (paid, channel news), v-free (public), v-product (paid).
 */
export async function entitlementsHarness(env: Record<string, string> = {}) {
  const t = await accountsHarness({ env, sites: [newSiteRow('acme', 'Acme'), newSiteRow('other', 'Other')] });
  const { h } = t;
  await t.insertUser({ id: 'admin', site_uid: 'acme', email: 'admin@acme.test', roles: '["admin"]' }, null);
  await t.insertUser({ id: 'viewer', site_uid: 'acme', email: 'viewer@acme.test' }, null);
  await t.insertUser({ id: 'viewer2', site_uid: 'acme', email: 'viewer2@acme.test' }, null);
  await t.insertUser(
    { id: 'other-admin', site_uid: 'other', email: 'a@other.test', roles: '["admin"]' },
    null,
  );
  await h.db
    .insertInto('channels')
    .values({ site_uid: 'acme', id: 'news', name: 'News', type: 'videos', description: '', position: 0 })
    .execute();
  // One row per insert: a multi-row insert on SQLite sends NULL (not the default) for omitted columns.
  for (const row of [
    bundleRow('b-site', 'ENTIRE_SITE'),
    bundleRow('b-news', 'CHANNELS', { channels: '["news"]' }),
    bundleRow('b-product', 'PRODUCT', { plan_type: 'single', video_uids: '["v-product"]' }),
    bundleRow('b-ads', 'DISABLE_ADS'),
    bundleRow('b-rental', 'RENTAL', { video_uids: '["v-paid"]', duration: 48, duration_unit: 'hours' }),
    bundleRow('b-gone', 'ENTIRE_SITE', { is_deleted: 1 }),
  ])
    await h.db.insertInto('bundles').values(row).execute();
  const token = (id: string, site = 'acme', roles: string[] = []) =>
    t.accessTokenFor({ id, site, email: `${id}@${site}.test`, roles });
  const tokens = {
    admin: bearer(await token('admin', 'acme', ['admin'])),
    viewer: bearer(await token('viewer')),
    viewer2: bearer(await token('viewer2')),
    otherAdmin: bearer(await token('other-admin', 'other', ['admin'])),
  };
  return { ...t, tokens };
}
