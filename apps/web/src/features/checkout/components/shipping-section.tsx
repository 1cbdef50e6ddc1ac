import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';
import { useCommerceMessage } from '../hooks/use-commerce-message';
import type { ShippingErrors, ShippingValue } from '../utils/build-order';
import { AddressForm } from './address-form';

/** The shipping block of a physical bundle (§5): full name, "same as billing" for a card, the address. */
export function ShippingSection({
  value,
  onChange,
  errors,
  disabled,
  offerSameAsBilling,
}: {
  value: ShippingValue;
  onChange: (patch: Partial<ShippingValue>) => void;
  errors: ShippingErrors;
  disabled: boolean;
  /** A paid bundle has a billing address to copy. */
  offerSameAsBilling: boolean;
}) {
  const { t } = useTranslation('checkout');
  const { text } = useCommerceMessage();
  return (
    <fieldset disabled={disabled} data-testid="shipping-area">
      <legend>{t('address.shipping')}</legend>
      <TextField
        label={t('address.shippingFullName')}
        name="shippingFullName"
        value={value.name}
        onValue={(name) => onChange({ name })}
        autoComplete="shipping name"
        maxLength={200}
        error={errors.shippingFullName ? text(errors.shippingFullName) : undefined}
      />
      {offerSameAsBilling ? (
        <label className="checkout-check">
          <input
            type="checkbox"
            checked={value.sameAsBilling}
            onChange={(e) => onChange({ sameAsBilling: e.target.checked })}
          />
          {t('address.sameAsBilling')}
        </label>
      ) : null}
      {!value.sameAsBilling ? (
        <AddressForm
          value={value.address}
          onChange={(address) => onChange({ address })}
          errors={errors}
          legend={t('address.shipping')}
          name="shipping"
        />
      ) : null}
    </fieldset>
  );
}
