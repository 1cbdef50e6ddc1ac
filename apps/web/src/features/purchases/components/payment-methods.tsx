import { ApiError } from '@marquee/api-client';
import type { PaymentMethod } from '@marquee/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { showToast } from '../../../lib/toast';
import {
  usePaymentMethods,
  useRefreshPaymentMethods,
  useRemoveMethod,
  useSetDefaultMethod,
} from '../api/use-payment-methods';
import { UpdateAllModal } from './update-all-modal';

/** "Visa ending in 4242". */
export function useCardLabel() {
  const { t } = useTranslation('purchases');
  return (m: PaymentMethod) => t('methods.card', { type: m.cardType ?? '', last4: m.last4 }).trim();
}

interface PaymentMethodsProps {
  gateway: string | null;
  /** The add-card form (the checkout feature's), composed by the route; call onAdded once saved. */
  renderAddCard?: (onAdded: () => void) => ReactNode;
}

/** Saved cards with Make default, Use for all purchases (the update-all modal) and Delete (§7, §8). */
export function PaymentMethods({ gateway, renderAddCard }: PaymentMethodsProps) {
  const { t } = useTranslation('purchases');
  const label = useCardLabel();
  const methods = usePaymentMethods(gateway);
  const setDefault = useSetDefaultMethod(gateway);
  const remove = useRemoveMethod(gateway);
  const [applyAllFor, setApplyAllFor] = useState<PaymentMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const refresh = useRefreshPaymentMethods();

  const onDelete = (m: PaymentMethod) => {
    setError(null);
    remove.mutate(m.id, {
      onSuccess: () => showToast(t('methods.deleted'), 'success'),
      // §8: the in-use refusal (E00105) has its own message; any other refusal the generic one.
      onError: (e) =>
        setError(
          e instanceof ApiError && e.status === 409 ? t('methods.deleteInUse') : t('methods.deleteOther'),
        ),
    });
  };
  const onDefault = (m: PaymentMethod) => {
    setError(null);
    setDefault.mutate(
      { id: m.id, applyAll: false },
      {
        onSuccess: () => showToast(t('methods.defaultSet'), 'success'),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  let body: ReactNode;
  if (!gateway || methods.isPending) {
    body = (
      <p className="purchases__loading" role="status">
        {t('loading')}
      </p>
    );
  } else if (methods.isError) {
    body = (
      <StatusMessage kind="error" title={t('loadError')} onRetry={() => void methods.refetch()}>
        {errorMessage(methods.error)}
      </StatusMessage>
    );
  } else if (methods.data.length === 0) {
    body = <p className="purchases__empty">{t('empty.paymentMethods')}</p>;
  } else {
    body = (
      <ul className="purchases__list">
        {methods.data.map((m) => (
          <li key={m.id} className="payment-method" data-testid="payment-method" data-default={m.isDefault}>
            <span className="payment-method__label">{label(m)}</span>
            <span className="payment-method__expiry">
              {t('methods.expires', { month: String(m.expMonth).padStart(2, '0'), year: m.expYear })}
            </span>
            {m.isDefault ? <span className="payment-method__default">{t('methods.default')}</span> : null}
            <span className="purchase-card__actions">
              {!m.isDefault ? (
                <button type="button" className="button button--ghost" onClick={() => onDefault(m)}>
                  {t('actions.setDefault')}
                </button>
              ) : null}
              <button type="button" className="button button--ghost" onClick={() => setApplyAllFor(m)}>
                {t('actions.updateAll')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`${t('actions.delete')} ${label(m)}`}
                onClick={() => onDelete(m)}
              >
                {t('actions.delete')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="purchases__section" aria-labelledby="purchases-methods" data-testid="payment-methods">
      <h2 id="purchases-methods" className="purchases__section-title">
        {t('sections.paymentMethods')}
      </h2>
      {error ? (
        <p className="purchases__error" role="alert" data-testid="methods-error">
          {error}
        </p>
      ) : null}
      {body}
      {renderAddCard ? (
        adding ? (
          renderAddCard(() => {
            setAdding(false);
            refresh();
          })
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setAdding(true)}>
            {t('actions.addCard')}
          </button>
        )
      ) : null}
      {applyAllFor && gateway ? (
        <UpdateAllModal gateway={gateway} method={applyAllFor} onClose={() => setApplyAllFor(null)} />
      ) : null}
    </section>
  );
}
