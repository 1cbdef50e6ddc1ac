import type { PaymentMethod } from '@marquee/contract';
import { COMMERCE_MESSAGES } from '@marquee/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, SubmitButton } from '../../../components/form-fields';
import { useAddCard, useGateways } from '../api/use-commerce';
import { useCommerceMessage } from '../hooks/use-commerce-message';
import { addCardProblem, emptyPayment, validatePayment, type PaymentErrors } from '../utils/payment';
import { addressData } from './address-form';
import { cardData } from './card-form';
import { useCardCaptcha } from './checkout-captcha';
import { PaymentSection } from './payment-section';

/**
 * "Add card" (§7 POST /api/payment/method/create/{gateway}, captcha action addCard): the card form,
 * the billing address and the captcha. The purchases screens use it for "add card" and before an
 * upgrade or a payment-method change when there is no saved card. `onAdded` gets the saved card.
 */
export function AddCardForm({
  onAdded,
  submitLabel,
  offerDefault = false,
}: {
  onAdded: (method: PaymentMethod) => void;
  submitLabel?: string;
  /** Show "Make it the default card" (the first card always is). */
  offerDefault?: boolean;
}) {
  const { t } = useTranslation('checkout');
  const { text, error: errorText } = useCommerceMessage();
  const gateways = useGateways();
  const addCard = useAddCard();
  const captcha = useCardCaptcha();
  const [payment, setPayment] = useState(emptyPayment);
  const [makeDefault, setMakeDefault] = useState(false);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<PaymentErrors>({ card: {}, billing: {} });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const { card, billing, token } = payment;
    // No saved cards given: the card rules of a new card (the captcha is checked after them).
    const checked = validatePayment(payment, [], { captchaRequired: false, captchaMessage: '' });
    setErrors(checked.errors);
    const problem = addCardProblem(checked.errors, {
      captchaRequired: captcha.required,
      token,
      captchaMessage: t('messages.captchaRequired'),
      cardGateway: gateways.cardGateway ?? null,
    });
    if (problem || !gateways.cardGateway) {
      setFormError(text(problem ?? COMMERCE_MESSAGES.unexpectedErrorRetry));
      return;
    }
    setFormError(null);
    try {
      const method = await addCard.mutateAsync({
        gateway: gateways.cardGateway,
        body: {
          recaptchaToken: token ?? '',
          paymentMethod: cardData(card, billing),
          billingAddress: addressData(billing),
          ...(offerDefault ? { isDefault: makeDefault } : {}),
        },
      });
      onAdded(method);
    } catch (err) {
      setFormError(errorText(err));
      setCaptchaReset((n) => n + 1);
    }
  };

  return (
    <form className="checkout-form" onSubmit={onSubmit} noValidate data-testid="add-card-form">
      <PaymentSection
        value={payment}
        onChange={(patch) => setPayment((p) => ({ ...p, ...patch }))}
        errors={errors}
        submitted={submitted}
        newCardOnly
        captchaUrl={captcha.challengeUrl}
        captchaReset={captchaReset}
      >
        {offerDefault ? (
          <label className="checkout-check">
            <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
            {t('addCard.makeDefault')}
          </label>
        ) : null}
      </PaymentSection>
      <FormError message={formError} testId="add-card-error" />
      <SubmitButton busy={addCard.isPending} busyLabel={t('addCard.saving')}>
        {submitLabel ?? t('addCard.submit')}
      </SubmitButton>
    </form>
  );
}
