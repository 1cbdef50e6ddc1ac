import type { SavedAddress, UpdateAddressBody } from '@marquee/contract';
import type { ADDRESS_REQUIRED } from '@marquee/domain';
import { validateAddress } from '@marquee/domain';

/** The edit form's fields (§3 Address as a form holds it). */
export type AddressFormValues = Record<(typeof ADDRESS_REQUIRED)[number] | 'address2' | 'fullName', string>;

/** The form starts from the saved address. */
export function formValuesOf(a: SavedAddress): AddressFormValues {
  return {
    address1: a.address1,
    address2: a.address2 ?? '',
    city: a.city,
    state: a.state,
    zip: a.zip,
    countryCode: a.countryCode,
    fullName: a.fullName ?? '',
  };
}

/**
 * §5 "Address update requires address1, city, state, countryCode, zip": the message per missing
 * field ("Please fill in the required information"), empty when the form may be sent.
 */
export function addressFormErrors(v: AddressFormValues): Partial<Record<keyof AddressFormValues, string>> {
  return validateAddress(v);
}

/** The PATCH body: trimmed text, the country code upper-cased, optional fields left out when empty. */
export function updateBodyOf(a: SavedAddress, v: AddressFormValues): UpdateAddressBody {
  const t = (s: string) => s.trim();
  return {
    address: {
      _id: a._id,
      address1: t(v.address1),
      ...(t(v.address2) ? { address2: t(v.address2) } : {}),
      city: t(v.city),
      state: t(v.state),
      zip: t(v.zip),
      countryCode: t(v.countryCode).toUpperCase(),
      ...(t(v.fullName) ? { fullName: t(v.fullName) } : {}),
    },
  };
}

/** §8 Address update: the success message's key, or the error's whatever the failure. */
export const addressUpdateMessageKey = (ok: boolean) =>
  ok ? ('addresses.modified' as const) : ('addresses.modifyError' as const);
