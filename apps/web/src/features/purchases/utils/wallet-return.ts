/** What the wallet callback page does next (accounts-and-commerce §4 Wallet callback; decision 0035). */
export type WalletNext =
  | { kind: 'cancelled' }
  /** Confirmed: `redirect` after 3000 ms (ipmc → the purchase's update-payment-method page, iu → purchases), or stay and report the purchase. */
  | {
      kind: 'success';
      redirect: { to: 'updateMethod'; purchaseId: string } | { to: 'purchases' } | null;
      report: boolean;
    }
  /** The server asked for another approval. */
  | { kind: 'approval'; href: string }
  /** "Unexpected result from server". */
  | { kind: 'unexpected' };

/** The confirm or cancel answer, as loosely as the wallet may shape it. */
export interface WalletAnswer {
  success?: boolean;
  purchase?: unknown;
  approvalLink?: { href?: string } | null;
}

/**
 * On cancel the flow is cancelled. On confirm: a payment-method change (ipmc) goes to
 * update-payment-method (the purchase `ubid`, else purchases), an upgrade (iu) to purchases,
 * anything else sends purchase-success analytics. An answer without success and without an
 * approval link is "Unexpected result from server".
 */
export function walletNext(
  op: 'confirm' | 'cancel',
  query: URLSearchParams,
  answer: WalletAnswer,
): WalletNext {
  if (op === 'cancel') return { kind: 'cancelled' };
  if (!answer.success || !answer.purchase) {
    return answer.approvalLink?.href
      ? { kind: 'approval', href: answer.approvalLink.href }
      : { kind: 'unexpected' };
  }
  const ubid = query.get('ubid');
  if (query.get('ipmc')) {
    return {
      kind: 'success',
      redirect: ubid ? { to: 'updateMethod', purchaseId: ubid } : { to: 'purchases' },
      report: false,
    };
  }
  if (query.get('iu')) return { kind: 'success', redirect: { to: 'purchases' }, report: false };
  return { kind: 'success', redirect: null, report: true };
}
