import type { CheckoutResult } from '@marquee/contract';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-fields';

/** The checkout's success block: the message for its kind, the bundle's own text, "Continue". */
export function CheckoutSuccess({
  kind,
  giftEmail,
  purchasedText,
  autoContinue,
  result,
  onDone,
}: {
  kind: 'purchase' | 'gift' | 'upgrade';
  giftEmail?: string;
  purchasedText?: string | null;
  /** Continues by itself after 3000 ms (says so). */
  autoContinue: boolean;
  result: CheckoutResult;
  onDone: (result: CheckoutResult) => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div className="checkout-panel" data-testid="checkout-success">
      <FormMessage kind="success" testId="checkout-success-message">
        <p>
          {kind === 'gift'
            ? t('success.gift', { email: giftEmail ?? '' })
            : kind === 'upgrade'
              ? t('success.upgrade')
              : t('success.purchase')}
        </p>
        {purchasedText ? <p>{purchasedText}</p> : null}
        {autoContinue ? <p className="checkout-muted">{t('success.continuing')}</p> : null}
      </FormMessage>
      <div className="checkout-actions">
        <button type="button" className="button" onClick={() => onDone(result)} autoFocus>
          {t('success.continueNow')}
        </button>
      </div>
    </div>
  );
}
