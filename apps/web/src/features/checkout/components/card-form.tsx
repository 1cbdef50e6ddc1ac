import {
  COMMERCE_MESSAGES,
  cardCodeInput,
  cardFieldWarnings,
  cardNumberInput,
  expiryYears,
  isExpiryInFuture,
  validateCard,
  type CardErrors,
} from '@marquee/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form-fields';
import { useCommerceMessage } from '../hooks/use-commerce-message';

/** What the card form edits (§3 Card data without the address, which the address form gives). */
export interface CardValue {
  cardNumber: string;
  firstName: string;
  lastName: string;
  /** '1'–'12' or '' */
  month: string;
  /** four digits or '' */
  year: string;
  cardCode: string;
}

export const emptyCard = (): CardValue => ({
  cardNumber: '',
  firstName: '',
  lastName: '',
  month: '',
  year: '',
  cardCode: '',
});

export type CardFormErrors = Partial<Record<keyof CardValue | 'form', string>>;

/**
 * §5 card rules before a token is created (the zip comes from the billing address). Empty = valid;
 * messages are the spec's English texts (show them through useCommerceMessage).
 */
export function validateCardValue(card: CardValue, zip: string, nowMs = Date.now()): CardFormErrors {
  const errors: CardErrors = validateCard({ ...card, zip }, nowMs);
  const out: CardFormErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === 'zip') continue; // the address form shows its own
    out[key as keyof CardFormErrors] = message;
  }
  if (errors.zip && !out.form) out.form = errors.zip;
  return out;
}

/** The §3 Card data an Order or a create-method call sends. */
export function cardData(
  card: CardValue,
  address: { zip?: string; address1?: string; city?: string; state?: string; countryCode?: string },
) {
  return {
    cardNumber: card.cardNumber,
    firstName: card.firstName.trim(),
    lastName: card.lastName.trim(),
    month: Number(card.month),
    year: Number(card.year),
    cardCode: card.cardCode,
    zip: address.zip ?? '',
    address: address.address1,
    city: address.city,
    state: address.state,
    countryCode: address.countryCode,
  };
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));

/**
 * The card form (§5): number and code take digits only (16 and 4 at most), the expiry year list runs
 * 10 years ahead, an expiry in the past says "Card expiration date must be in the future.", and a
 * number under 14 digits, a code under 3 or an empty name get a red border once the field was left
 * (or the form submitted). Controlled: the parent keeps the value and runs validateCardValue.
 */
export function CardForm({
  value,
  onChange,
  errors = {},
  submitted = false,
  disabled = false,
}: {
  value: CardValue;
  onChange: (next: CardValue) => void;
  errors?: CardFormErrors;
  /** The form was submitted once: every red border shows. */
  submitted?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('checkout');
  const { text } = useCommerceMessage();
  const [touched, setTouched] = useState<Partial<Record<keyof CardValue, boolean>>>({});
  const seen = (k: keyof CardValue) => submitted || !!touched[k];
  const blur = (k: keyof CardValue) => () => setTouched((s) => (s[k] ? s : { ...s, [k]: true }));
  const set = <K extends keyof CardValue>(k: K, v: CardValue[K]) => onChange({ ...value, [k]: v });

  const warn = cardFieldWarnings({
    cardNumber: value.cardNumber,
    cardCode: value.cardCode,
    name: `${value.firstName}`,
  });
  const lastNameEmpty = value.lastName.trim() === '';
  // eslint-disable-next-line react-hooks/purity -- an expiry is past by the clock at render time
  const now = Date.now();
  const expiryPast =
    value.month !== '' &&
    value.year !== '' &&
    !isExpiryInFuture(Number(value.month), Number(value.year), now);
  // A missing month or year shows as a red border (the form's message says what is missing).
  const expiryError = [errors.month, errors.year].find(
    (m) => m && m !== COMMERCE_MESSAGES.requiredInformation,
  );
  const err = (k: keyof CardValue) => (errors[k] ? text(errors[k]) : undefined);

  return (
    <fieldset className="checkout-card" data-testid="card-form" disabled={disabled}>
      <legend>{t('card.legend')}</legend>
      <TextField
        label={t('card.number')}
        name="cardNumber"
        value={value.cardNumber}
        onValue={(v) => set('cardNumber', cardNumberInput(v))}
        onBlur={blur('cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={16}
        invalid={seen('cardNumber') && warn.cardNumber}
        error={err('cardNumber')}
      />
      <div className="checkout-row">
        <TextField
          label={t('card.firstName')}
          name="cardFirstName"
          value={value.firstName}
          onValue={(v) => set('firstName', v)}
          onBlur={blur('firstName')}
          autoComplete="cc-given-name"
          maxLength={100}
          invalid={seen('firstName') && warn.name}
          error={err('firstName')}
        />
        <TextField
          label={t('card.lastName')}
          name="cardLastName"
          value={value.lastName}
          onValue={(v) => set('lastName', v)}
          onBlur={blur('lastName')}
          autoComplete="cc-family-name"
          maxLength={100}
          invalid={seen('lastName') && lastNameEmpty}
          error={err('lastName')}
        />
      </div>
      <div className="checkout-row">
        <SelectField
          label={t('card.month')}
          name="cardMonth"
          value={value.month}
          onValue={(v) => set('month', v)}
          placeholder={t('card.monthPlaceholder')}
          options={MONTHS.map((m) => ({ value: m, label: m.padStart(2, '0') }))}
          autoComplete="cc-exp-month"
          invalid={expiryPast || !!errors.month}
        />
        <SelectField
          label={t('card.year')}
          name="cardYear"
          value={value.year}
          onValue={(v) => set('year', v)}
          placeholder={t('card.yearPlaceholder')}
          options={expiryYears(now).map((y) => ({ value: String(y), label: String(y) }))}
          autoComplete="cc-exp-year"
          invalid={expiryPast || !!errors.year}
        />
        <TextField
          label={t('card.code')}
          name="cardCode"
          value={value.cardCode}
          onValue={(v) => set('cardCode', cardCodeInput(v))}
          onBlur={blur('cardCode')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          hint={t('card.codeHint')}
          invalid={seen('cardCode') && warn.cardCode}
          error={err('cardCode')}
        />
      </div>
      {expiryPast || expiryError ? (
        <p className="field__error" role="alert" data-testid="error-cardExpiry">
          {expiryPast ? t('messages.cardExpiryPast') : text(expiryError!)}
        </p>
      ) : null}
    </fieldset>
  );
}
