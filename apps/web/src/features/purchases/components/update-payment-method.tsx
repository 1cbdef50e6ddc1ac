import { ApiError } from '@marquee/api-client';
import type { PaymentMethod } from '@marquee/contract';
import { canChangeMethod } from '@marquee/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { showToast } from '../../../lib/toast';
import { useChangePurchaseMethod } from '../api/use-change-method';
import { useCardGateway, usePaymentMethods, useRefreshPaymentMethods } from '../api/use-payment-methods';
import { usePurchase } from '../api/use-purchase';
import { SavedCardList } from './saved-card-list';
import { UpdateAllModal } from './update-all-modal';
import './purchases.css';

interface UpdatePaymentMethodProps {
  purchaseId: string;
  /** After a successful change (back to /purchases). */
  onDone: () => void;
  onBack: () => void;
  /** The add-card form (the checkout feature's), composed by the route; call onAdded once saved. */
  renderAddCard?: (onAdded: () => void) => ReactNode;
}

/**
 * /purchases/{purchaseId}: choose the saved card a purchase renews with (§4: recurring, listed
 * gateway, not canceled), or move every purchase to it (the update-all modal).
 */
export function UpdatePaymentMethod({ purchaseId, onDone, onBack, renderAddCard }: UpdatePaymentMethodProps) {
  const { t } = useTranslation('purchases');
  const refresh = useRefreshPaymentMethods();
  const purchase = usePurchase(purchaseId);
  const gateway = useCardGateway();
  const methods = usePaymentMethods(gateway.name);
  const change = useChangePurchaseMethod(purchaseId);
  const [choice, setChoice] = useState<string | null>(null);
  const [applyAll, setApplyAll] = useState(false);
  const [modalFor, setModalFor] = useState<PaymentMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  if (purchase.isPending || gateway.isPending || (gateway.name && methods.isPending)) {
    return (
      <p className="purchases__loading" role="status">
        {t('loading')}
      </p>
    );
  }
  if (purchase.isError) {
    const notFound = purchase.error instanceof ApiError && purchase.error.status === 404;
    return (
      <StatusMessage
        kind="error"
        title={notFound ? t('update.notFound') : t('loadError')}
        onRetry={notFound ? undefined : () => void purchase.refetch()}
      >
        {notFound ? null : errorMessage(purchase.error)}
      </StatusMessage>
    );
  }
  const p = purchase.data;
  if (!canChangeMethod(p)) {
    return (
      <StatusMessage kind="info" title={t('update.notAllowed')}>
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('actions.back')}
        </button>
      </StatusMessage>
    );
  }
  const cards = methods.data ?? [];
  // Offer another card than the one the purchase renews with (the server refuses the same one).
  const others = cards.filter((m) => m.id !== p.paymentMethodId);
  const selected = choice ?? others.find((m) => m.isDefault)?.id ?? others[0]?.id ?? cards[0]?.id ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const method = cards.find((m) => m.id === selected);
    if (!method || !gateway.name) {
      setError(t('update.noCards'));
      return;
    }
    if (applyAll) {
      setModalFor(method);
      return;
    }
    change.mutate(
      { gateway: gateway.name, paymentMethod: method.id },
      {
        onSuccess: (result) => {
          showToast(result.message || t('updated'), 'success');
          onDone();
        },
        // The server answers the §5 message for the current card ("This is your current payment
        // method, you should choose another one"); any other refusal its own message.
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <div className="purchases" data-testid="update-payment-method">
      {p.status === 'suspended' ? (
        <p className="purchases__alert" role="alert">
          {t('alert.body')}
        </p>
      ) : null}
      <form className="purchases__form" onSubmit={onSubmit} noValidate>
        <SavedCardList
          legend={t('update.choose')}
          cards={cards}
          selected={selected}
          onSelect={setChoice}
          note={(m) =>
            (m.isDefault ? ` · ${t('methods.default')}` : '') +
            (m.id === p.paymentMethodId ? ` · ${t('methods.current')}` : '')
          }
        >
          <p className="purchases__note">{t('update.intro', { name: p.name })}</p>
          {cards.length === 0 ? <p className="purchases__empty">{t('update.noCards')}</p> : null}
        </SavedCardList>
        {cards.length > 0 ? (
          <label className="purchases__check">
            <input type="checkbox" checked={applyAll} onChange={(e) => setApplyAll(e.target.checked)} />
            <span>{t('actions.updateAll')}</span>
          </label>
        ) : null}
        {error ? (
          <p className="purchases__error" role="alert" data-testid="update-error">
            {error}
          </p>
        ) : null}
        <div className="purchases-modal__actions">
          <button type="button" className="button button--ghost" onClick={onBack}>
            {t('actions.back')}
          </button>
          <button type="submit" className="button" disabled={change.isPending || cards.length === 0}>
            {change.isPending ? t('update.saving') : t('update.save')}
          </button>
        </div>
      </form>
      {renderAddCard && (adding || cards.length === 0) ? (
        <div className="purchases__add-card">
          {renderAddCard(() => {
            setAdding(false);
            refresh();
          })}
        </div>
      ) : renderAddCard ? (
        <button type="button" className="button button--ghost" onClick={() => setAdding(true)}>
          {t('actions.addCard')}
        </button>
      ) : null}
      {modalFor && gateway.name ? (
        <UpdateAllModal
          gateway={gateway.name}
          method={modalFor}
          onClose={() => setModalFor(null)}
          onDone={onDone}
        />
      ) : null}
    </div>
  );
}
