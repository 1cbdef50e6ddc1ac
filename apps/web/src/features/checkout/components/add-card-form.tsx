import type { PaymentMethod } from '@marquee/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, SubmitButton } from '../../../components/form-fields';
import { useAddCard, useGateways } from '../api/use-commerce';
import { useCommerceMessage } from '../hooks/use-commerce-message';
import {
  AddressForm,
  addressData,
  emptyAddress,
  validateAddressValue,
  type AddressErrors,
} from './address-form';
import { CardForm, cardData, emptyCard, validateCardValue, type CardFormErrors } from './card-form';
import { CheckoutCaptcha, useCardCaptcha } from './checkout-captcha';

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
  const [card, setCard] = useState(emptyCard);
  const [address, setAddress] = useState(emptyAddress);
  const [makeDefault, setMakeDefault] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [cardErrors, setCardErrors] = useState<CardFormErrors>({});
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const ce = validateCardValue(card, address.zip);
    const ae = validateAddressValue(address);
    setCardErrors(ce);
    setAddressErrors(ae);
    if (Object.keys(ce).length || Object.keys(ae).length) {
      setFormError(text(ce.form ?? 'Please fill in the required information'));
      return;
    }
    if (captcha.required && !token) {
      setFormError(t('messages.captchaRequired'));
      return;
    }
    if (!gateways.cardGateway) {
      setFormError(text('Unexpected error. Please try again'));
      return;
    }
    setFormError(null);
    try {
      const method = await addCard.mutateAsync({
        gateway: gateways.cardGateway,
        body: {
          recaptchaToken: token ?? '',
          paymentMethod: cardData(card, address),
          billingAddress: addressData(address),
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
      <CardForm value={card} onChange={setCard} errors={cardErrors} submitted={submitted} />
      <AddressForm
        value={address}
        onChange={setAddress}
        errors={addressErrors}
        legend={t('address.billing')}
      />
      {offerDefault ? (
        <label className="checkout-check">
          <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
          {t('addCard.makeDefault')}
        </label>
      ) : null}
      <CheckoutCaptcha challengeUrl={captcha.challengeUrl} onToken={setToken} resetKey={captchaReset} />
      <FormError message={formError} testId="add-card-error" />
      <SubmitButton busy={addCard.isPending} busyLabel={t('addCard.saving')}>
        {submitLabel ?? t('addCard.submit')}
      </SubmitButton>
    </form>
  );
}
