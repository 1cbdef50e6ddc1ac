import type { CheckoutResult } from '@marquee/contract';
import { COMMERCE_LIMITS } from '@marquee/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { useWalletCallback, type WalletGateway } from '../api/use-wallet-callback';
import { reportPurchaseSuccess } from '../../../lib/purchase-analytics';
import { walletNext, type WalletAnswer } from '../utils/wallet-return';
import './purchases.css';

interface WalletCallbackProps {
  gateway: WalletGateway;
  /** The wallet's return query: op, cid, ubid, bid, ipmc, iu, token, paymentId, PayerID, subscription_id, vuid. */
  query: URLSearchParams;
  purchasesHref: string;
  updateMethodHref: (purchaseId: string) => string;
  /** Where a completed purchase continues (the library, or the video it was bought for). */
  continueHref: string;
}

type Outcome =
  | { kind: 'working' }
  | { kind: 'cancelled' }
  | { kind: 'success'; redirectTo: string | null }
  | { kind: 'error'; message: string };

/**
 * /paypal and /paypal-sub (§4 Wallet callback): op cancel cancels the checkout; op confirm
 * confirms it, then a payment-method change (ipmc) goes to update-payment-method and an upgrade
 * (iu) to purchases after 3000 ms; any other purchase sends purchase-success analytics (USD).
 */
export function WalletCallback({
  gateway,
  query,
  purchasesHref,
  updateMethodHref,
  continueHref,
}: WalletCallbackProps) {
  const { t } = useTranslation('purchases');
  const navigate = useNavigate();
  const callback = useWalletCallback(gateway);
  const started = useRef(false);
  const op = query.get('op');
  const cid = query.get('cid');
  const valid = (op === 'confirm' || op === 'cancel') && !!cid;
  const [outcome, setOutcome] = useState<Outcome>(
    valid ? { kind: 'working' } : { kind: 'error', message: t('wallet.missing') },
  );

  useEffect(() => {
    if (!valid || started.current) return;
    started.current = true;
    const body = {
      token: query.get('token') ?? undefined,
      PayerID: query.get('PayerID') ?? undefined,
      paymentId: query.get('paymentId') ?? undefined,
      subscription_id: query.get('subscription_id') ?? undefined,
    };
    callback.mutate(
      { op: op as 'confirm' | 'cancel', cid: cid!, body },
      {
        onSuccess: (result) => {
          const next = walletNext(op as 'confirm' | 'cancel', query, result as WalletAnswer);
          if (next.kind === 'cancelled') setOutcome({ kind: 'cancelled' });
          else if (next.kind === 'approval') window.location.assign(next.href);
          else if (next.kind === 'unexpected') setOutcome({ kind: 'error', message: t('wallet.unexpected') });
          else {
            const checkout = result as Partial<CheckoutResult>;
            if (next.report && checkout.purchase) {
              reportPurchaseSuccess(
                checkout.purchase,
                checkout.chargedCents ?? checkout.purchase.amountCents,
              );
            }
            const redirectTo = !next.redirect
              ? null
              : next.redirect.to === 'updateMethod'
                ? updateMethodHref(next.redirect.purchaseId)
                : purchasesHref;
            setOutcome({ kind: 'success', redirectTo });
          }
        },
        onError: (e) => setOutcome({ kind: 'error', message: errorMessage(e) }),
      },
    );
  }, [valid, op, cid, query, callback, purchasesHref, updateMethodHref, t]);

  const redirectTo = outcome.kind === 'success' ? outcome.redirectTo : null;
  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(
      () => void navigate(redirectTo, { replace: true }),
      COMMERCE_LIMITS.walletCallbackRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  return (
    <div className="purchases purchases--narrow" data-testid="wallet-callback" data-outcome={outcome.kind}>
      <h1 className="purchases__title">{t('wallet.title')}</h1>
      {outcome.kind === 'working' ? (
        <p role="status" className="purchases__loading">
          {t('wallet.confirming')}
        </p>
      ) : null}
      {outcome.kind === 'cancelled' ? (
        <StatusMessage kind="info" title={t('wallet.cancelled')}>
          <Link to={purchasesHref}>{t('wallet.toPurchases')}</Link>
        </StatusMessage>
      ) : null}
      {outcome.kind === 'success' ? (
        <StatusMessage kind="info" title={t('wallet.success')}>
          {outcome.redirectTo ? (
            <p role="status">{t('wallet.redirecting')}</p>
          ) : (
            <Link className="button" to={continueHref}>
              {t('wallet.continue')}
            </Link>
          )}
        </StatusMessage>
      ) : null}
      {outcome.kind === 'error' ? (
        <StatusMessage kind="error" title={outcome.message}>
          <Link to={purchasesHref}>{t('wallet.toPurchases')}</Link>
        </StatusMessage>
      ) : null}
    </div>
  );
}
