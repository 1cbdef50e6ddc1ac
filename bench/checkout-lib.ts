// Shared by bench:checkout and bench:checkout-fault: one checkout request, and the money check
// over the database the server wrote (test gateway ledger vs charges vs purchases).
import { loadConfig } from '../apps/server/src/plugins/config';
import { openDatabase } from '../apps/server/src/db/database';

export const ORDER = (paymentMethod: string) => ({
  gateway: 'test',
  gatewayMethod: 'existingCard',
  gatewayData: { paymentMethod },
  resourceId: 'pass',
  type: 'Bundle',
  billingAddress: { address1: '1 Main St', city: 'New York', state: 'NY', zip: '10001', countryCode: 'US' },
});

/** POST /api/payment/subscribe for buyer n with a key; answers the status (0 when the connection died) and the time. */
export async function checkout(port: number, token: string, n: number, key: string) {
  const t0 = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/payment/subscribe`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify(ORDER(`pm-${n}`)),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  } catch {
    return { status: 0, ms: performance.now() - t0 };
  }
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/**
 * The money invariants: every succeeded test-gateway charge belongs to one charge row with exactly
 * one purchase; no buyer was charged twice for the offer; every purchase has a succeeded charge.
 */
export async function verifyMoney(dataDir: string) {
  const db = openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    const ledger = await db
      .selectFrom('test_gateway_charges')
      .selectAll()
      .where('status', '=', 'succeeded')
      .execute();
    const charges = new Map(
      (await db.selectFrom('gateway_charges').selectAll().execute()).map((c) => [c.id, c]),
    );
    const purchases = await db
      .selectFrom('purchases')
      .selectAll()
      .where('site_uid', '=', 'benchshop')
      .execute();
    const byId = new Map(purchases.map((p) => [p.id, p]));
    const violations: string[] = [];
    const chargedPerUser = new Map<string, number>();
    for (const g of ledger) {
      const c = charges.get(g.idempotency_key);
      if (!c) {
        violations.push(`gateway charge ${g.idempotency_key} has no charge row`);
        continue;
      }
      chargedPerUser.set(c.user_id, (chargedPerUser.get(c.user_id) ?? 0) + 1);
      if (!c.purchase_id || !byId.has(c.purchase_id))
        violations.push(`charged ${c.id} has no purchase (lost)`);
    }
    const doubleCharges = [...chargedPerUser.values()].filter((n) => n > 1).length;
    if (doubleCharges > 0) violations.push(`${doubleCharges} buyers charged more than once`);
    const paid = new Set(ledger.map((g) => charges.get(g.idempotency_key)?.purchase_id).filter(Boolean));
    for (const p of purchases) if (!paid.has(p.id)) violations.push(`purchase ${p.id} lacks a charge`);
    const perUser = new Map<string, number>();
    for (const p of purchases) perUser.set(p.user_id, (perUser.get(p.user_id) ?? 0) + 1);
    const doublePurchases = [...perUser.values()].filter((n) => n > 1).length;
    if (doublePurchases > 0) violations.push(`${doublePurchases} buyers hold more than one purchase`);
    return {
      gatewayCharges: ledger.length,
      purchases: purchases.length,
      doubleCharges,
      lostPurchases: ledger.length - paid.size,
      unrecordedPending: [...charges.values()].filter((c) => !c.purchase_id && c.status === 'pending').length,
      violations,
    };
  } finally {
    await db.destroy();
  }
}
