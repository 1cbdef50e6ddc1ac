import type { SavedAddress } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { COMMERCE_MESSAGES } from '@marquee/domain';
import { en } from '../locales';
import { addressFormErrors, addressUpdateMessageKey, formValuesOf, updateBodyOf } from './address-form';

const saved: SavedAddress = {
  _id: 'a1b2c3',
  address1: '1 Main St',
  address2: null,
  city: 'New York',
  state: 'NY',
  zip: '10001',
  countryCode: 'US',
  country: 'United States',
  fullName: null,
  fullAddress: '1 Main St, New York, NY 10001, United States',
  isNew: false,
  isPlaceHolder: false,
  sameAsBilling: false,
};

describe('saved address form (§5 address update, §8)', () => {
  it('a saved address fills the form and passes', () => {
    expect(addressFormErrors(formValuesOf(saved))).toEqual({});
  });

  it.each(['address1', 'city', 'state', 'countryCode', 'zip'] as const)(
    'requires %s ("Please fill in the required information")',
    (field) => {
      expect(addressFormErrors({ ...formValuesOf(saved), [field]: '  ' })).toEqual({
        [field]: 'Please fill in the required information',
      });
    },
  );

  it('address2 and the full name are optional', () => {
    expect(addressFormErrors({ ...formValuesOf(saved), address2: '', fullName: '' })).toEqual({});
  });

  it('sends trimmed text with the saved id, the country code upper-cased, empty optionals left out', () => {
    const body = updateBodyOf(saved, { ...formValuesOf(saved), address1: ' 2 Side St ', countryCode: 'us' });
    expect(body).toEqual({
      address: {
        _id: 'a1b2c3',
        address1: '2 Side St',
        city: 'New York',
        state: 'NY',
        zip: '10001',
        countryCode: 'US',
      },
    });
    expect(updateBodyOf(saved, { ...formValuesOf(saved), address2: 'Apt 4' }).address.address2).toBe('Apt 4');
  });

  it('the §8 messages, word for word in English', () => {
    const text = (key: string) => en.addresses[key.split('.')[1] as 'modified' | 'modifyError'];
    expect(text(addressUpdateMessageKey(true))).toBe('Address was modified successfully');
    expect(text(addressUpdateMessageKey(false))).toBe('There was an error modifying the address');
    expect(text(addressUpdateMessageKey(false))).toBe(COMMERCE_MESSAGES.addressModifyError);
  });
});
