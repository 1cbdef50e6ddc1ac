import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';

/** The checkout's coupon box (§4): the code, Apply, and the server's answer under it. */
export function CouponBox({
  value,
  onValue,
  applied,
  pending,
  result,
  onApply,
}: {
  value: string;
  onValue: (value: string) => void;
  /** The code applied now (Apply is off while the box still holds it). */
  applied: string | null;
  pending: boolean;
  result: { ok: boolean; text: string } | null;
  onApply: (code: string) => void;
}) {
  const { t } = useTranslation('checkout');
  const disabled = value.trim() === '' || value.trim() === applied || pending;
  return (
    <>
      <div className="checkout-coupon">
        <TextField
          label={t('coupon.label')}
          name="couponCode"
          value={value}
          onValue={onValue}
          maxLength={64}
          autoComplete="off"
        />
        <button
          type="button"
          className="button button--ghost"
          disabled={disabled}
          onClick={() => onApply(value)}
          data-testid="apply-coupon"
        >
          {pending ? t('coupon.applying') : t('coupon.apply')}
        </button>
      </div>
      {result ? (
        <p
          className={result.ok ? 'form-message form-message--success' : 'field__error'}
          role={result.ok ? 'status' : 'alert'}
          data-testid={result.ok ? 'coupon-applied' : 'coupon-error'}
        >
          {result.text}
        </p>
      ) : null}
    </>
  );
}
