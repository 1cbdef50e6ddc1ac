import type { Insertable } from 'kysely';
import type { BundlesTable } from './schema';

/**
 * A bundle row with every column named (a one-time ENTIRE_SITE offer unless `over` says otherwise).
 * Naming every column matters: SQLite fills the gaps of a multi-row insert with NULL, not the
 * column defaults. The seed, the tests and the benches all build bundles through this.
 */
export function newBundleRow(
  site: string,
  id: string,
  over: Partial<Insertable<BundlesTable>> = {},
): Insertable<BundlesTable> {
  return {
    site_uid: site,
    id,
    name: `Bundle ${id}`,
    description: '',
    type: 'ENTIRE_SITE',
    plan_type: 'single',
    recurring: 0,
    amount_cents: 1000,
    trial_duration_days: 0,
    duration: null,
    duration_unit: null,
    preorder_date: null,
    enabled: 1,
    is_deleted: 0,
    unlisted: 0,
    channels: '[]',
    live_channels: '[]',
    video_uids: '[]',
    upgrades_to: '[]',
    original_amount_cents: null,
    trial_duration_unit: null,
    period_duration: null,
    requires_shipping_address: 0,
    passcode: null,
    premium: 0,
    subscribe_allowed: 1,
    purchased_text: null,
    unlisted_description: null,
    unlisted_redirect: null,
    hide_channel_details: 0,
    giftable: 0,
    position: 0,
    ...over,
  };
}
