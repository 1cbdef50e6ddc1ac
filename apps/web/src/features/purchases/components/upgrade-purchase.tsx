import { ApiError } from '@marquee/api-client';
import type { UpgradePurchaseBody } from '@marquee/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { showToast } from '../../../lib/toast';
import { useCardGateway, usePaymentMethods, useRefreshPaymentMethods } from '../api/use-payment-methods';
import { useProration, usePurchase, useUpgradeOptions } from '../api/use-purchase';
import { useUpgradePurchase } from '../api/use-upgrade-purchase';
import { money } from '../utils/format';
import { upgradeOutcome } from '../utils/purchase-rules';
import { SavedCardList } from './saved-card-list';
import './purchases.css';

interface UpgradePurchaseProps {
  purchaseId: string;
  couponCode?: string | null;
  /** ?bundleId: the plan chosen first (an Upgrade To offer of /subscribe), when it is one of the options. */
  initialBundleId?: string | null;
  /** After the upgrade (to /purchases). */
  onDone: () => void;
  onBack: () => void;
  /** The add-card form (the checkout feature's), composed by the route; call onAdded once saved. */
  renderAddCard?: (onAdded: () => void) => ReactNode;
  /** Leaves for the wallet's approval page. */
  redirect?: (href: string) => void;
}

/**
 * /upgrade-purchase/{purchaseId}?couponCode (§4 Purchases page): the plan to upgrade to, the
 * proration shown as unused time credited to the first payment only, the card to pay with (an
 * add-card form first when there is none), "Confirm Upgrade"; a wallet subscription goes to the
 * provider's approval link.
 */
export function UpgradePurchase({
  purchaseId,
  couponCode,
  initialBundleId,
  onDone,
  onBack,
  renderAddCard,
  redirect = (href) => window.location.assign(href),
}: UpgradePurchaseProps) {
  const { t } = useTranslation('purchases');
  const refresh = useRefreshPaymentMethods();
  const purchase = usePurchase(purchaseId);
  const options = useUpgradeOptions(purchaseId);
  const [target, setTarget] = useState<string | null>(null);
  const bundles = options.data?.bundles ?? [];
  const preferred = bundles.find((b) => b.id === initialBundleId)?.id;
  const bundleId = target ?? preferred ?? bundles[0]?.id ?? null;
  const proration = useProration(purchaseId, bundleId, couponCode);
  const wallet = purchase.data?.gateway === 'paypal-sub';
  const gateway = useCardGateway();
  const methods = usePaymentMethods(wallet ? null : gateway.name);
  const upgrade = useUpgradePurchase(purchaseId);
  const [card, setCard] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  if (purchase.isPending || options.isPending) {
    return (
      <p className="purchases__loading" role="status">
        {t('loading')}
      </p>
    );
  }
  if (purchase.isError || options.isError) {
    const failure = purchase.error ?? options.error;
    const notFound = failure instanceof ApiError && failure.status === 404;
    return (
      <StatusMessage kind="error" title={notFound ? t('update.notFound') : t('loadError')}>
        {notFound ? null : errorMessage(failure)}
      </StatusMessage>
    );
  }
  if (!options.data.requiresUpgrade || bundles.length === 0) {
    return (
      <StatusMessage kind="info" title={t('upgrade.none')}>
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('actions.back')}
        </button>
      </StatusMessage>
    );
  }

  const cards = methods.data ?? [];
  const cardId = card ?? cards.find((m) => m.isDefault)?.id ?? cards[0]?.id ?? null;
  const needsCard = !wallet && !methods.isPending && cards.length === 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!bundleId) return;
    setError(null);
    const body: UpgradePurchaseBody = wallet
      ? { bundleId, couponCode: couponCode || undefined, gateway: 'paypal-sub' }
      : {
          bundleId,
          couponCode: couponCode || undefined,
          gateway: (gateway.name ?? 'test') as UpgradePurchaseBody['gateway'],
          gatewayMethod: 'existingCard',
          gatewayData: { paymentMethod: cardId ?? undefined },
        };
    upgrade.mutate(body, {
      onSuccess: (result) => {
        const next = upgradeOutcome(result);
        if (next.kind === 'approval') {
          setLeaving(true);
          redirect(next.href);
        } else if (next.kind === 'done') {
          showToast(t('upgrade.done'), 'success');
          onDone();
        } else setError(t('upgrade.unexpected'));
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  const p = purchase.data;
  const pr = proration.data;
  return (
    <div className="purchases" data-testid="upgrade-purchase">
      <form className="purchases__form" onSubmit={onSubmit} noValidate>
        <p className="purchases__intro">{t('upgrade.intro', { name: p.name })}</p>
        <fieldset className="purchases__fieldset">
          <legend>{t('upgrade.target')}</legend>
          {bundles.map((b) => (
            <label key={b.id} className="purchases__radio">
              <input
                type="radio"
                name="bundleId"
                value={b.id}
                checked={bundleId === b.id}
                onChange={() => setTarget(b.id)}
              />
              <span>
                {b.name} · {money(b.discount?.discountedPriceCents ?? b.amountCents)}
              </span>
            </label>
          ))}
        </fieldset>
        <dl className="purchases__proration" data-testid="proration" aria-busy={proration.isPending}>
          {proration.isError ? (
            <div className="purchases__error" role="alert">
              {errorMessage(proration.error)}
            </div>
          ) : pr ? (
            <>
              <div>
                <dt>{t('upgrade.unusedTime')}</dt>
                <dd data-testid="unused-time">−{money(pr.unusedTimeCents)}</dd>
              </div>
              <div>
                <dt>{t('upgrade.firstPayment')}</dt>
                <dd data-testid="first-payment">{money(pr.firstPaymentCents)}</dd>
              </div>
              {pr.laterPaymentsCents !== null ? (
                <div>
                  <dt>{t('upgrade.laterPayments')}</dt>
                  <dd>{money(pr.laterPaymentsCents)}</dd>
                </div>
              ) : null}
            </>
          ) : (
            <div className="purchases__loading" role="status">
              {t('loading')}
            </div>
          )}
        </dl>
        {pr ? <p className="purchases__note">{t('upgrade.unusedNote')}</p> : null}
        {!wallet && cards.length > 0 ? (
          <SavedCardList legend={t('upgrade.payWith')} cards={cards} selected={cardId} onSelect={setCard} />
        ) : null}
        {needsCard ? <p className="purchases__note">{t('upgrade.addCardFirst')}</p> : null}
        {error ? (
          <p className="purchases__error" role="alert" data-testid="upgrade-error">
            {error}
          </p>
        ) : null}
        {leaving ? (
          <p role="status">{t('upgrade.redirecting')}</p>
        ) : needsCard ? null : (
          <div className="purchases-modal__actions">
            <button type="button" className="button button--ghost" onClick={onBack}>
              {t('actions.back')}
            </button>
            <button
              type="submit"
              className="button"
              disabled={upgrade.isPending || !pr || (!wallet && !cardId)}
            >
              {upgrade.isPending ? t('upgrade.confirming') : t('upgrade.confirm')}
            </button>
          </div>
        )}
      </form>
      {needsCard && renderAddCard ? (
        <div className="purchases__add-card">{renderAddCard(refresh)}</div>
      ) : null}
    </div>
  );
}
