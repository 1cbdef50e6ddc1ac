import type { PaymentMethod } from '@marquee/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { effectivePayment, type PaymentErrors, type PaymentValue } from '../utils/payment';
import { AddressForm } from './address-form';
import { CardForm } from './card-form';
import { CheckoutCaptcha } from './checkout-captcha';
import { PaymentMethodChoice } from './payment-method-choice';

export interface PaymentSectionProps {
  value: PaymentValue;
  /** Merges a change into the value (a patch, so a late captcha token never undoes a keystroke). */
  onChange: (patch: Partial<PaymentValue>) => void;
  errors: PaymentErrors;
  /** The form was submitted once: every red border shows. */
  submitted: boolean;
  /** The viewer's saved cards; none (or `newCardOnly`) means a new card. */
  saved?: readonly PaymentMethod[];
  /** Only a new card (add card): no method choice. */
  newCardOnly?: boolean;
  /** Offer the wallet (the site runs the PayPal gateway the offer may use). */
  paypal?: boolean;
  /** The field names' prefix of the billing form, when it has one. */
  billingName?: string;
  captchaUrl: string | null;
  captchaReset: number;
  /** Shown after the billing address, before the captcha (e.g. "Make it the default card"). */
  children?: ReactNode;
}

/**
 * The payment section (§4 Checkout step 1, §5 card rules, §7 captcha): saved card, new card or the
 * wallet; the card form for a new card, the billing address for a card, the captcha for a new card.
 * The checkout panel, the tip jar and "Add card" (the purchases screens' upgrade, update-method and
 * payment-method flows) all collect a payment through it; `utils/payment` holds its pure rules.
 */
export function PaymentSection({
  value,
  onChange,
  errors,
  submitted,
  saved = [],
  newCardOnly = false,
  paypal = false,
  billingName,
  captchaUrl,
  captchaReset,
  children,
}: PaymentSectionProps) {
  const { t } = useTranslation('checkout');
  const { method, cardId } = newCardOnly
    ? { method: 'newCard' as const, cardId: null }
    : effectivePayment(value, saved);
  return (
    <>
      {newCardOnly ? null : (
        <PaymentMethodChoice
          saved={saved}
          method={method}
          onMethod={(m) => onChange({ method: m })}
          cardId={cardId}
          onCardId={(id) => onChange({ cardId: id })}
          paypal={paypal}
        />
      )}
      {method === 'newCard' ? (
        <CardForm
          value={value.card}
          onChange={(card) => onChange({ card })}
          errors={errors.card}
          submitted={submitted}
        />
      ) : null}
      {method === 'paypal' ? <p className="checkout-muted">{t('payment.paypalHint')}</p> : null}
      {method !== 'paypal' ? (
        <AddressForm
          value={value.billing}
          onChange={(billing) => onChange({ billing })}
          errors={errors.billing}
          legend={t('address.billing')}
          name={billingName}
        />
      ) : null}
      {children}
      {method === 'newCard' ? (
        <CheckoutCaptcha
          challengeUrl={captchaUrl}
          onToken={(token) => onChange({ token })}
          resetKey={captchaReset}
        />
      ) : null}
    </>
  );
}
