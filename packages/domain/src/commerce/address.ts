import { COMMERCE_MESSAGES } from './messages';

/** §3 Address (the fields a form sends). */
export interface AddressInput {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  countryCode?: string | null;
  fullName?: string | null;
}

/** "Billing address: address1, city, state, countryCode, zip required; address2 optional". */
export const ADDRESS_REQUIRED = ['address1', 'city', 'state', 'countryCode', 'zip'] as const;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** The required fields an address lacks; each is "Please fill in the required information". */
export function validateAddress(
  a: AddressInput | null | undefined,
): Partial<Record<keyof AddressInput, string>> {
  const errors: Partial<Record<keyof AddressInput, string>> = {};
  for (const key of ADDRESS_REQUIRED)
    if (blank(a?.[key])) errors[key] = COMMERCE_MESSAGES.requiredInformation;
  return errors;
}

export interface ShippingInput {
  shippingFullName?: string | null;
  sameAsBilling?: boolean;
  address?: AddressInput | null;
}

/**
 * "Shipping (when the bundle requires it): shippingFullName and either same-as-billing or address1,
 * city, state, countryCode, zip. Same-as-billing needs a selected billing address ("Select first a
 * billing address.")."
 */
export function validateShipping(
  shipping: ShippingInput | null | undefined,
  billing: AddressInput | null | undefined,
): Partial<Record<keyof AddressInput | 'shippingFullName' | 'sameAsBilling', string>> {
  const errors: Partial<Record<keyof AddressInput | 'shippingFullName' | 'sameAsBilling', string>> = {};
  if (blank(shipping?.shippingFullName)) errors.shippingFullName = COMMERCE_MESSAGES.requiredInformation;
  if (shipping?.sameAsBilling) {
    if (!billing || Object.keys(validateAddress(billing)).length > 0)
      errors.sameAsBilling = COMMERCE_MESSAGES.selectBillingFirst;
  } else Object.assign(errors, validateAddress(shipping?.address));
  return errors;
}

/** "The list shows CA, US, GB first, then a divider" (§3 Country; §9 Country list order). */
export const COUNTRIES_FIRST = ['CA', 'US', 'GB'] as const;

/**
 * The country list in display order: CA, US, GB, then the divider (null), then every other
 * country by name.
 */
export function orderCountries<T extends { code: string; name: string }>(
  countries: readonly T[],
): (T | null)[] {
  const first = COUNTRIES_FIRST.map((code) => countries.find((c) => c.code === code)).filter(
    (c): c is T => c !== undefined,
  );
  const rest = countries
    .filter((c) => !(COUNTRIES_FIRST as readonly string[]).includes(c.code))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [...first, null, ...rest];
}
