import type { RolesService } from '../roles';
import { randomUUID } from 'node:crypto';
import type { Grant, GrantBody } from '@marquee/contract';
import {
  COMP_GATEWAY,
  computeEntitlements,
  type AccessInfo,
  type BundleForAccess,
  type Entitlements,
  type PurchaseForAccess,
} from '@marquee/domain';
import type { Insertable, Selectable } from 'kysely';
import type { PurchasesTable, UsersTable } from '../../db/schema';
import type { EventBus } from '../../infra/event-bus';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import type { EntitlementsRepository } from './entitlements.repository';

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;

/**
 * How long a user's purchases are kept in memory. Short: a purchase written by a process outside
 * the event relay shows within this; writers announce purchaseChanged, which clears it on every
 * node (decision 0025).
 */
export const ENTITLEMENTS_CACHE_MS = 10_000;
const CACHE_LIMIT = 10_000;

type Loaded = { purchases: PurchaseForAccess[]; bundles: Map<string, BundleForAccess> };

const list = (json: string) => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

function accessInfoOf(json: string | null): AccessInfo | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as Partial<AccessInfo> | null;
    if (!v || typeof v.contentUid !== 'string' || !v.contentUid) return null;
    const contentType = v.contentType === 'series' || v.contentType === 'movie' ? v.contentType : 'video';
    return { contentType, contentUid: v.contentUid };
  } catch {
    return null;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

type GrantRow = Pick<
  Selectable<PurchasesTable>,
  | 'id'
  | 'user_id'
  | 'bundle_id'
  | 'name'
  | 'bundle_type'
  | 'type'
  | 'status'
  | 'amount_cents'
  | 'available_from'
  | 'available_to'
  | 'description'
  | 'created_at'
>;

function toGrant(row: GrantRow): Grant {
  return {
    id: row.id,
    userId: row.user_id,
    bundleId: row.bundle_id ?? '',
    name: row.name,
    type: row.bundle_type ?? row.type,
    status: row.status,
    gateway: COMP_GATEWAY,
    amount: row.amount_cents / 100,
    availableFrom: row.available_from,
    availableTo: row.available_to,
    description: row.description,
    createdAt: row.created_at,
  };
}

/**
 * Decides what a user may watch from their purchases and the site's bundles (rules in
 * `@marquee/domain` entitlements.ts), with a short per-user cache that writers clear through
 * `invalidate`; and the operators' complimentary grants.
 */
export function createEntitlementsService(deps: {
  repo: EntitlementsRepository;
  getUser: (id: string) => Promise<UsersTable | undefined>;
  roles: Pick<RolesService, 'require'>;
  /** purchaseChanged clears a buyer's cached purchases, whichever node wrote it; grants announce it. */
  events: Pick<EventBus, 'emit' | 'onEveryNode'>;
  now: () => number;
  cacheMs?: number;
}) {
  const { repo, now } = deps;
  const cacheMs = deps.cacheMs ?? ENTITLEMENTS_CACHE_MS;
  const cache = new Map<string, { at: number; value: Promise<Loaded> }>();
  const keyOf = (siteUid: string, userId: string) => `${siteUid}\n${userId}`;

  async function load(siteUid: string, userId: string): Promise<Loaded> {
    const rows = await repo.purchasesOf(siteUid, userId);
    const purchases = rows.map<PurchaseForAccess>((r) => ({
      id: r.id,
      userId: r.user_id,
      bundleId: r.bundle_id,
      bundleType: r.bundle_type,
      status: r.status,
      availableFrom: r.available_from,
      availableTo: r.available_to,
      createdAt: r.created_at,
      isGift: r.is_gift === 1,
      redeemedByUserId: r.redeemed_by_user_id,
      accessInfo: accessInfoOf(r.access_info),
    }));
    const ids = [...new Set(purchases.map((p) => p.bundleId).filter((id): id is string => !!id))];
    const bundles = new Map(
      (await repo.bundles(siteUid, ids)).map((b) => [
        b.id,
        {
          id: b.id,
          type: b.type,
          preorderDate: b.preorder_date,
          channels: list(b.channels),
          liveChannels: list(b.live_channels),
          videoUids: list(b.video_uids),
        },
      ]),
    );
    return { purchases, bundles };
  }

  function loaded(siteUid: string, userId: string): Promise<Loaded> {
    const key = keyOf(siteUid, userId);
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < cacheMs) return hit.value;
    if (cache.size >= CACHE_LIMIT) cache.clear();
    const value = load(siteUid, userId);
    cache.set(key, { at: Date.now(), value });
    value.catch(() => {
      if (cache.get(key)?.value === value) cache.delete(key);
    });
    return value;
  }

  function invalidate(siteUid: string, userId: string): void {
    cache.delete(keyOf(siteUid, userId));
  }
  deps.events.onEveryNode('purchaseChanged', ({ siteUid, userId }) => invalidate(siteUid, userId));

  /** 403 unless the user may grant access on this very site. */
  const assertMayGrant = (siteUid: string, user: AuthUser) =>
    deps.roles.require(user, siteUid, 'access.grant', "Only the site's admins may grant or revoke access");

  async function userOn(siteUid: string, userId: string) {
    const user = await deps.getUser(userId);
    if (!user || user.site_uid !== siteUid) throw notFound(`User '${userId}'`);
    return user;
  }

  return {
    /**
     * What the user may watch at this instant. The purchases are cached briefly; the windows,
     * statuses and pre-order dates are evaluated against the clock on every call.
     */
    async forUser(siteUid: string, userId: string): Promise<Entitlements> {
      const { purchases, bundles } = await loaded(siteUid, userId);
      return computeEntitlements(userId, purchases, bundles, now());
    },

    /** Forget the user's cached purchases on this node (purchaseChanged does it on every node). */
    invalidate,

    /** The viewer's purchases changed somewhere this node cannot see (a webhook elsewhere): every node reads them again. */
    refresh(siteUid: string, userId: string): void {
      deps.events.emit('purchaseChanged', { siteUid, userId });
    },

    /** An operator's complimentary grant: a purchase of the bundle at no cost (gateway comp). */
    async grant(siteUid: string, admin: AuthUser, userId: string, body: GrantBody): Promise<Grant> {
      await assertMayGrant(siteUid, admin);
      await userOn(siteUid, userId);
      const bundle = await repo.findGrantableBundle(siteUid, body.bundleId);
      if (!bundle) throw notFound(`Bundle '${body.bundleId}'`);
      const at = now();
      let availableTo: string | null = null;
      if (body.availableTo) {
        const to = Date.parse(body.availableTo);
        if (!(to > at)) throw badRequest('availableTo', 'availableTo must be in the future');
        availableTo = iso(to);
      }
      const row = {
        id: randomUUID(),
        site_uid: siteUid,
        user_id: userId,
        bundle_id: bundle.id,
        rental_id: null,
        name: bundle.name,
        type: bundle.type,
        status: 'active',
        currency: 'USD',
        amount_cents: 0,
        original_amount_cents: bundle.amount_cents,
        taxes_amount_cents: 0,
        is_recurring: 0,
        discounted_billing_cycles: null,
        gateway: COMP_GATEWAY,
        gateway_id: admin.id,
        gateway_method: null,
        plan_type: bundle.plan_type,
        coupon_code: null,
        available_from: iso(at),
        available_to: availableTo,
        previous_purchase: null,
        access_info: null,
        bundle_type: bundle.type,
        billing_address: null,
        shipping_address: null,
        shipping_full_name: null,
        description: body.description ?? `Complimentary access granted by ${admin.email}`,
        canceled_date: null,
        status_history: JSON.stringify([{ status: 'active', timestamp: iso(at) }]),
        cancel_subscription_in_progress: 0,
        is_gift: 0,
        gifted_to_email: null,
        redeemed_by_user_id: null,
        redeemed_at: null,
        created_at: iso(at),
        updated_at: iso(at),
      } satisfies Insertable<PurchasesTable>;
      await repo.insertPurchase(row);
      deps.events.emit('purchaseChanged', { siteUid, userId });
      return toGrant(row);
    },

    /** Ends a grant now (status canceled, window closed). Only grants of this user: 404 otherwise. */
    async revoke(siteUid: string, admin: AuthUser, userId: string, purchaseId: string): Promise<void> {
      await assertMayGrant(siteUid, admin);
      await userOn(siteUid, userId);
      const row = await repo.findPurchase(siteUid, purchaseId);
      if (!row || row.user_id !== userId || row.gateway !== COMP_GATEWAY)
        throw notFound(`Grant '${purchaseId}'`);
      if (row.status !== 'canceled') {
        const at = iso(now());
        let history: unknown[] = [];
        try {
          const parsed = JSON.parse(row.status_history) as unknown;
          if (Array.isArray(parsed)) history = parsed;
        } catch {
          // A malformed history is replaced rather than blocking the revoke.
        }
        await repo.endPurchase(
          row.id,
          at,
          JSON.stringify([...history, { status: 'canceled', timestamp: at }]),
        );
      }
      deps.events.emit('purchaseChanged', { siteUid, userId });
    },
  };
}
