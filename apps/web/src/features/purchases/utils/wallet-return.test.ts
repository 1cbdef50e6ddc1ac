import { describe, expect, it } from 'vitest';
import { walletNext } from './wallet-return';

const q = (s: string) => new URLSearchParams(s);
const ok = { success: true, purchase: { id: 'p2' } };

describe('wallet callback (§4 Wallet callback)', () => {
  it('op cancel cancels the flow', () => {
    expect(walletNext('cancel', q('op=cancel&cid=c1'), { success: true })).toEqual({ kind: 'cancelled' });
  });

  it('a payment-method change (ipmc) goes to update-payment-method; an upgrade (iu) to purchases', () => {
    expect(walletNext('confirm', q('ipmc=1&ubid=p1'), ok)).toEqual({
      kind: 'success',
      redirect: { to: 'updateMethod', purchaseId: 'p1' },
      report: false,
    });
    expect(walletNext('confirm', q('ipmc=1'), ok)).toMatchObject({ redirect: { to: 'purchases' } });
    expect(walletNext('confirm', q('iu=1&ubid=p1'), ok)).toEqual({
      kind: 'success',
      redirect: { to: 'purchases' },
      report: false,
    });
  });

  it('otherwise reports the purchase (purchase-success analytics)', () => {
    expect(walletNext('confirm', q('bid=demo-annual'), ok)).toEqual({
      kind: 'success',
      redirect: null,
      report: true,
    });
  });

  it('an answer without success follows its approval link, else "Unexpected result from server"', () => {
    expect(
      walletNext('confirm', q(''), { success: false, approvalLink: { href: 'https://pay.test/a' } }),
    ).toEqual({
      kind: 'approval',
      href: 'https://pay.test/a',
    });
    expect(walletNext('confirm', q(''), { success: false })).toEqual({ kind: 'unexpected' });
    expect(walletNext('confirm', q(''), {})).toEqual({ kind: 'unexpected' });
  });
});
