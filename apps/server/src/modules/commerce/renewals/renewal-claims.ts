import { validateAddress } from '@marquee/domain';
import type { PurchaseRow } from '../purchases/purchases.repository';
import type { RenewalsRepository } from './renewals.repository';

/** A renewal charge left pending this long belongs to a dead node: another run takes it over. */
export const RENEWAL_LEASE_MS = 2 * 60_000;

/** A purchase's stored billing address, complete, as the tax provider takes it. */
export type RenewalAddress = {
  address1: string;
  city: string;
  state: string;
  zip: string;
  countryCode: string;
};

/** What a renewal (or reactivation) charge stores in purchase_plan: billing history reads `name`. */
type RenewalPlan = { name: string; taxCents: number; amountCents: number };

/** The complete billing address stored on a purchase, or null (none, unreadable or incomplete). */
function billingAddressOf(json: string | null): RenewalAddress | null {
  if (!json) return null;
  let address: Partial<Record<keyof RenewalAddress, unknown>>;
  try {
    address = JSON.parse(json) as typeof address;
  } catch {
    return null;
  }
  if (!address || typeof address !== 'object') return null;
  const strings = Object.fromEntries(
    (['address1', 'city', 'state', 'zip', 'countryCode'] as const).map((k) => [
      k,
      typeof address[k] === 'string' ? address[k] : '',
    ]),
  ) as RenewalAddress;
  return Object.keys(validateAddress(strings)).length === 0 ? strings : null;
}

/** The tax on a cycle at a billing address (0 unless the site sets allowAvalara; decision 0032). */
export type RenewalTax = (request: {
  siteUid: string;
  amountCents: number;
  address: RenewalAddress;
}) => Promise<number>;

/**
 * The claim rows of renewals and reactivations: one `gateway_charges` row per (purchase, period)
 * or (suspension, card), claimed before any gateway call, so two nodes racing, or a crash and a
 * retry, charge once and charge the same total.
 */
export function createRenewalClaims(deps: {
  repo: RenewalsRepository;
  taxFor?: RenewalTax;
  now: () => number;
}) {
  const { repo, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();

  /**
   * The tax on one cycle of a purchase: the provider checkout uses, on the purchase's stored
   * billing address (decision 0032). No address (a wallet purchase, an incomplete one): no tax.
   */
  async function taxOn(p: PurchaseRow, amountCents: number): Promise<number> {
    const address = billingAddressOf(p.billing_address);
    if (!deps.taxFor || !address || amountCents <= 0) return 0;
    return deps.taxFor({ siteUid: p.site_uid, amountCents, address });
  }

  /** What a claimed charge row says it charges: the total and its tax (fixed when it was claimed). */
  const claimed = (row: { amount_cents: number; purchase_plan: string }) => {
    const plan = JSON.parse(row.purchase_plan) as Partial<RenewalPlan>;
    return { totalCents: row.amount_cents, taxCents: plan.taxCents ?? 0 };
  };

  /**
   * Claims one charge before any gateway call: a `gateway_charges` row whose id is also the
   * gateway's idempotency key, with its amount (the cycle plus its tax) fixed now, so a retry
   * charges what the row says. A row already there is read instead: charged (a crash before the
   * purchase moved), declined, or pending — taken over only once its lease has run out.
   */
  async function claim(
    p: PurchaseRow,
    chargeId: string,
    amountCents: number,
    row: { idempotencyKey: string; gateway: string; paymentMethodId: string | null; plan: object },
  ): Promise<
    | { kind: 'charge'; total: { totalCents: number; taxCents: number } }
    | { kind: 'succeeded'; taxCents: number; ref: string | null }
    | { kind: 'declined'; declineCode: string | null }
    | { kind: 'busy' }
    | { kind: 'gone' }
  > {
    const existing = await repo.charge(chargeId);
    const taxCents = existing ? 0 : await taxOn(p, amountCents);
    const at = iso();
    const inserted = await repo.insertClaim({
      id: chargeId,
      site_uid: p.site_uid,
      user_id: p.user_id,
      idempotency_key: row.idempotencyKey,
      gateway: row.gateway,
      payment_method_id: row.paymentMethodId,
      resource_id: null,
      amount_cents: amountCents + taxCents,
      currency: p.currency,
      status: 'pending',
      purchase_plan: JSON.stringify({ ...row.plan, taxCents, amountCents }),
      // Set from the start: reconcile (purchase_id IS NULL) leaves these charges alone.
      purchase_id: p.id,
      created_at: at,
      updated_at: at,
    });
    if (inserted) return { kind: 'charge', total: { totalCents: amountCents + taxCents, taxCents } };

    const found = await repo.charge(chargeId);
    if (!found) return { kind: 'gone' };
    const total = claimed(found);
    if (found.status === 'declined') return { kind: 'declined', declineCode: found.decline_code };
    if (found.status === 'succeeded')
      return { kind: 'succeeded', taxCents: total.taxCents, ref: found.gateway_ref };
    // Pending: another node holds the lease; after it runs out (a crash), take it over conditionally.
    if (found.updated_at > iso(now() - RENEWAL_LEASE_MS)) return { kind: 'busy' };
    const took = await repo.takeOverClaim(chargeId, found.updated_at, at);
    return took ? { kind: 'charge', total } : { kind: 'busy' };
  }

  return claim;
}
