import { ApiError } from '@marquee/api-client';

/** The purchase lists a card sits in on the Purchases page (§4). */
export type PurchaseListKind = 'purchased' | 'gifted' | 'rentals' | 'donations';

/** §4 Purchases page: Cancel leads from myBundles to cancelDonation for a donation, else to cancelBundle. */
export function cancelState(kind: PurchaseListKind): 'cancelBundle' | 'cancelDonation' {
  return kind === 'donations' ? 'cancelDonation' : 'cancelBundle';
}

/** §8 Cancel fallback: the server's message of a client error, else `fallback` ("Something went wrong. Please try again."). */
export function cancelErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.isClientError && error.message ? error.message : fallback;
}

/** What an upgrade answer leads to (§4 "The upgrade may redirect to the payment provider approval link"). */
export type UpgradeOutcome = { kind: 'approval'; href: string } | { kind: 'done' } | { kind: 'unexpected' };

export function upgradeOutcome(result: {
  success?: boolean;
  purchase?: unknown;
  approvalLink?: { href?: string } | null;
}): UpgradeOutcome {
  if ('approvalLink' in result && !('purchase' in result)) {
    return result.approvalLink?.href
      ? { kind: 'approval', href: result.approvalLink.href }
      : { kind: 'unexpected' };
  }
  return 'purchase' in result && result.success ? { kind: 'done' } : { kind: 'unexpected' };
}
