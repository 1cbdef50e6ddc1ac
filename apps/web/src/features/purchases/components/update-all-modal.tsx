import type { PaymentMethod } from '@marquee/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/error-message';
import { showToast } from '../../../lib/toast';
import { useSetDefaultMethod } from '../api/use-payment-methods';
import { Modal } from '../../../components/modal';

/**
 * The "update all payment methods" modal (§2 Modals: Confirm; warns that all active subscriptions
 * will use the new method): makes the card the default with applyAllPurchases.
 */
export function UpdateAllModal({
  gateway,
  method,
  onClose,
  onDone,
}: {
  gateway: string;
  method: PaymentMethod;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation('purchases');
  const setDefault = useSetDefaultMethod(gateway);
  const [error, setError] = useState<string | null>(null);
  const onConfirm = () => {
    setError(null);
    setDefault.mutate(
      { id: method.id, applyAll: true },
      {
        onSuccess: (result) => {
          showToast(result.message ?? t('updated'), 'success');
          onClose();
          onDone?.();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <Modal title={t('updateAll.title')} onClose={onClose} testId="update-all-modal">
      <p className="purchases-modal__warning" role="note">
        {t('updateAll.warning')}
      </p>
      <p>{t('methods.card', { type: method.cardType ?? '', last4: method.last4 }).trim()}</p>
      {error ? (
        <p className="purchases__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="purchases-modal__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('updateAll.cancel')}
        </button>
        <button type="button" className="button" disabled={setDefault.isPending} onClick={onConfirm}>
          {t('updateAll.confirm')}
        </button>
      </div>
    </Modal>
  );
}
