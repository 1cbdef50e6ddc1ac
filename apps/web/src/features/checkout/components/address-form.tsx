import type { CountryCode } from '@marquee/contract';
import { orderCountries, validateAddress } from '@marquee/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form-fields';
import { useCountryCodes } from '../api/use-commerce';
import { useCommerceMessage } from '../hooks/use-commerce-message';

/** What the address form edits (§3 Address). */
export interface AddressValue {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  countryCode: string;
}

export const emptyAddress = (): AddressValue => ({
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  countryCode: '',
});

export type AddressErrors = Partial<Record<keyof AddressValue, string>>;

/** §5 "address1, city, state, countryCode, zip required; address2 optional" (spec English texts). */
export function validateAddressValue(a: AddressValue): AddressErrors {
  return validateAddress(a) as AddressErrors;
}

/** The §3 Address an Order sends (address2 omitted when empty). */
export function addressData(a: AddressValue, countries?: CountryCode[]) {
  const country = countries?.find((c) => c.c === a.countryCode)?.n;
  return {
    address1: a.address1.trim(),
    ...(a.address2.trim() ? { address2: a.address2.trim() } : {}),
    city: a.city.trim(),
    state: a.state.trim(),
    zip: a.zip.trim(),
    countryCode: a.countryCode,
    ...(country ? { country } : {}),
  };
}

/** Used when the country list cannot load: the three the spec puts first. */
const FALLBACK: CountryCode[] = [
  { c: 'CA', n: 'Canada', f: '🇨🇦' },
  { c: 'US', n: 'United States', f: '🇺🇸' },
  { c: 'GB', n: 'United Kingdom', f: '🇬🇧' },
];

/**
 * A billing or shipping address (§5): the country list shows CA, US, GB first, then a divider, then
 * every other country by name; a country with states gets a state select, others a text field.
 * `name` prefixes the field names so a billing and a shipping form can share a page.
 */
export function AddressForm({
  value,
  onChange,
  errors = {},
  legend,
  name = 'billing',
  disabled = false,
}: {
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  errors?: AddressErrors;
  legend: string;
  name?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('checkout');
  const { text } = useCommerceMessage();
  const countries = useCountryCodes();
  const list = countries.data ?? (countries.isError ? FALLBACK : []);
  const ordered = orderCountries(list.map((c) => ({ ...c, code: c.c, name: c.n })));
  const states = list.find((c) => c.c === value.countryCode)?.states;
  const stateOptions = states
    ? Object.entries(states)
        .map(([code, label]) => ({ value: code, label }))
        .sort((a, b) => a.label.localeCompare(b.label))
    : null;
  const set = <K extends keyof AddressValue>(k: K, v: AddressValue[K]) => onChange({ ...value, [k]: v });
  const err = (k: keyof AddressValue) => (errors[k] ? text(errors[k]) : undefined);
  const countryId = useId();

  return (
    <fieldset className="checkout-address" data-testid={`address-form-${name}`} disabled={disabled}>
      <legend>{legend}</legend>
      <div className={`field${errors.countryCode ? ' field--invalid' : ''}`}>
        <label htmlFor={countryId}>{t('address.country')}</label>
        <select
          id={countryId}
          name={`${name}CountryCode`}
          value={value.countryCode}
          autoComplete={`${name === 'shipping' ? 'shipping' : 'billing'} country`}
          aria-invalid={errors.countryCode ? true : undefined}
          aria-busy={countries.isPending || undefined}
          onChange={(e) => onChange({ ...value, countryCode: e.target.value, state: '' })}
        >
          <option value="">{t('address.countryPlaceholder')}</option>
          {ordered.map((c, i) =>
            c === null ? (
              i > 0 && i < ordered.length - 1 ? (
                <option key="divider" disabled value="---">
                  ──────────
                </option>
              ) : null
            ) : (
              <option key={c.code} value={c.code}>
                {c.f ? `${c.f} ${c.name}` : c.name}
              </option>
            ),
          )}
        </select>
        {countries.isError ? <p className="field__hint">{t('address.countriesFailed')}</p> : null}
        {errors.countryCode ? (
          <p className="field__error" data-testid={`error-${name}CountryCode`}>
            {err('countryCode')}
          </p>
        ) : null}
      </div>
      <TextField
        label={t('address.address1')}
        name={`${name}Address1`}
        value={value.address1}
        onValue={(v) => set('address1', v)}
        autoComplete={`${name === 'shipping' ? 'shipping' : 'billing'} address-line1`}
        maxLength={200}
        error={err('address1')}
      />
      <TextField
        label={t('address.address2')}
        name={`${name}Address2`}
        value={value.address2}
        onValue={(v) => set('address2', v)}
        autoComplete={`${name === 'shipping' ? 'shipping' : 'billing'} address-line2`}
        maxLength={200}
      />
      <div className="checkout-row">
        <TextField
          label={t('address.city')}
          name={`${name}City`}
          value={value.city}
          onValue={(v) => set('city', v)}
          autoComplete={`${name === 'shipping' ? 'shipping' : 'billing'} address-level2`}
          maxLength={100}
          error={err('city')}
        />
        {stateOptions ? (
          <SelectField
            label={t('address.state')}
            name={`${name}State`}
            value={value.state}
            onValue={(v) => set('state', v)}
            placeholder={t('address.statePlaceholder')}
            options={stateOptions}
            invalid={!!errors.state}
          />
        ) : (
          <TextField
            label={t('address.state')}
            name={`${name}State`}
            value={value.state}
            onValue={(v) => set('state', v)}
            autoComplete={`${name === 'shipping' ? 'shipping' : 'billing'} address-level1`}
            maxLength={100}
            error={err('state')}
          />
        )}
        <TextField
          label={t('address.zip')}
          name={`${name}Zip`}
          value={value.zip}
          onValue={(v) => set('zip', v)}
          autoComplete={`${name === 'shipping' ? 'shipping' : 'billing'} postal-code`}
          maxLength={20}
          error={err('zip')}
        />
      </div>
      {stateOptions && errors.state ? (
        <p className="field__error" data-testid={`error-${name}State`}>
          {err('state')}
        </p>
      ) : null}
    </fieldset>
  );
}
