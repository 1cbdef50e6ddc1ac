import { formatMoney, formatPreorderDate } from '@marquee/domain';
import { ApiError } from '@marquee/api-client';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/use-modal-dialog';
import { useOffer } from '../api/use-offers';
import './subscribe.css';

/**
 * /preorder/{bundleId}/{videoUid} (§2, §4 "Pre-order bundles show the preorderDate; the playable
 * result with isPreorder leads here"): the bundle, its release date and the way to checkout.
 */
export function PreorderOverlay({
  bundleId,
  onCheckout,
  onClose,
}: {
  bundleId: string;
  onCheckout: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('subscribe');
  const offer = useOffer(bundleId);
  const { ref, onKeyDown } = useModalDialog();
  const b = offer.data;
  return (
    <dialog
      ref={ref}
      className="preorder-overlay__dialog"
      aria-labelledby="preorder-title"
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      data-testid="preorder-overlay"
    >
      <h2 id="preorder-title">{b?.name ?? t('preorder.title')}</h2>
      {offer.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : offer.isError ? (
        <p role="alert">{offer.error instanceof ApiError ? offer.error.message : t('loadError')}</p>
      ) : (
        <>
          {b?.preorderDate ? (
            <p data-testid="preorder-date">
              {t('preorder.available', { date: formatPreorderDate(b.preorderDate, i18n.language) })}
            </p>
          ) : null}
          <p>{t('preorder.body')}</p>
        </>
      )}
      <div className="preorder-overlay__actions">
        {b ? (
          <button type="button" className="button" onClick={onCheckout} data-testid="preorder-checkout">
            {t('preorder.cta', { price: formatMoney(b.amountCents) })}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('preorder.close')}
        </button>
      </div>
    </dialog>
  );
}
