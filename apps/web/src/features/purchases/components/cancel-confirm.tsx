import type { Purchase } from '@marquee/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useCancelPurchase } from '../api/use-cancel-purchase';
import { cancelErrorText } from '../utils/purchase-rules';

interface CancelConfirmProps {
  /** The purchase being canceled; null when nothing was selected. */
  purchase: Purchase | null;
  donation: boolean;
  onDone: () => void;
  onBack: () => void;
}

/**
 * The cancelBundle and cancelDonation states: confirm calls unsubscribe; "There is no subscription
 * selected for cancelling" without a selection; the server's message, else "Something went wrong.
 * Please try again." on failure (§4, §8).
 */
export function CancelConfirm({ purchase, donation, onDone, onBack }: CancelConfirmProps) {
  const { t } = useTranslation('purchases');
  const cancel = useCancelPurchase();
  const [error, setError] = useState<string | null>(null);
  const onConfirm = () => {
    if (!purchase) {
      setError(t('cancel.noSelection'));
      return;
    }
    setError(null);
    cancel.mutate(purchase.id, {
      onSuccess: () => {
        showToast(t('cancel.done'), 'success');
        onDone();
      },
      onError: (e) => setError(cancelErrorText(e, t('cancel.fallback'))),
    });
  };
  const name = purchase?.name ?? '';
  return (
    <section className="purchases__confirm" aria-labelledby="cancel-title" data-testid="cancel-confirm">
      <h2 id="cancel-title" className="purchases__section-title">
        {donation ? t('cancel.donationTitle') : t('cancel.title')}
      </h2>
      {purchase ? (
        <p>{donation ? t('cancel.donationConfirmText', { name }) : t('cancel.confirmText', { name })}</p>
      ) : null}
      {error ? (
        <p className="purchases__error" role="alert" data-testid="cancel-error">
          {error}
        </p>
      ) : null}
      <div className="purchases-modal__actions">
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('cancel.keep')}
        </button>
        <button type="button" className="button" disabled={cancel.isPending} onClick={onConfirm}>
          {cancel.isPending ? t('cancel.canceling') : t('cancel.confirm')}
        </button>
      </div>
    </section>
  );
}
