import { isApprovalGateway, type GatewayRegistry } from '../gateways/gateway';
import type { ChargeRow, ChargesRepository } from './charges.repository';

/** Reconcile leaves younger unrecorded charges alone: their request may still be running. */
export const RECONCILE_GRACE_MS = 2 * 60_000;

/**
 * Finds charges without a purchase (a crash between the gateway and our record) and settles
 * each by what the gateway says: charged → exactly one purchase; declined → marked; never seen
 * → abandoned (no money moved; a retry with the same key charges anew under the same id).
 */
export function createReconcile(deps: {
  repo: ChargesRepository;
  gateways: GatewayRegistry;
  /** Writes the charge's purchase once (checkout's record). */
  record: (charge: ChargeRow, ref: string | null) => Promise<unknown>;
  now: () => number;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const { repo, gateways, record, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();
  return async function reconcile(opts: { graceMs?: number } = {}) {
    const counts = { recorded: 0, declined: 0, abandoned: 0, skipped: 0 };
    const rows = await repo.unrecordedCharges(iso(now() - (opts.graceMs ?? RECONCILE_GRACE_MS)));
    for (const charge of rows) {
      try {
        const gw = gateways[charge.gateway];
        // A wallet trial costs 0 now but is nothing until the buyer approves (decision 0031).
        const free = charge.amount_cents === 0 && !(gw && isApprovalGateway(gw));
        if (free || charge.status === 'succeeded') {
          await record(charge, charge.gateway_ref);
          counts.recorded++;
          continue;
        }
        const gateway = gateways[charge.gateway];
        if (!gateway) {
          counts.skipped++;
          continue;
        }
        const outcome = await gateway.findCharge(charge.id);
        if (!outcome) {
          await repo.markCharge(charge.id, { status: 'abandoned' }, iso());
          counts.abandoned++;
        } else if (outcome.status === 'declined') {
          await repo.markCharge(charge.id, { status: 'declined', decline_code: outcome.declineCode }, iso());
          counts.declined++;
        } else {
          await record(charge, outcome.ref);
          counts.recorded++;
        }
      } catch (err) {
        deps.log.warn({ err, chargeId: charge.id }, 'reconcile could not settle a charge');
        counts.skipped++;
      }
    }
    if (counts.recorded + counts.declined + counts.abandoned > 0)
      deps.log.warn(counts, 'reconciled unrecorded charges');
    return counts;
  };
}
