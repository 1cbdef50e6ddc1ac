import { describe, expect, it } from 'vitest';
import { orderCountries, validateAddress, validateShipping } from './address';
import {
  cardCodeInput,
  cardFieldWarnings,
  cardNumberInput,
  cardTypeOf,
  expiryYears,
  isExpiryInFuture,
  luhnValid,
  validateCard,
} from './card';
import { COMMERCE_LIMITS, TIP_JAR_PLANS } from './constants';
import { lookupTaxRate, taxFor, isValidRateBp } from './tax';

const NOW = Date.parse('2026-03-15T12:00:00.000Z');
const good = {
  cardNumber: '4242424242424242',
  firstName: 'Ada',
  lastName: 'Lovelace',
  month: 12,
  year: 2030,
  cardCode: '123',
  zip: '10001',
};

describe('card form (§5 "number and code accept digits only; number max 16, code max 4")', () => {
  it('keeps digits only and cuts at 16 and 4', () => {
    expect(cardNumberInput('4242 4242-4242 4242 999')).toBe('4242424242424242');
    expect(cardCodeInput('12a345')).toBe('1234');
  });
  it('"expiry year list runs 10 years ahead"', () => {
    expect(expiryYears(NOW)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036]);
  });
  it('"expiry must not be in the past"', () => {
    expect(isExpiryInFuture(3, 2026, NOW)).toBe(true); // the current month still works
    expect(isExpiryInFuture(2, 2026, NOW)).toBe(false);
    expect(isExpiryInFuture(13, 2027, NOW)).toBe(false);
    expect(validateCard({ ...good, month: 1, year: 2026 }, NOW)).toEqual({
      month: 'Card expiration date must be in the future.',
      form: 'There are errors in the form, please fix them and try again',
    });
  });
  it('"Token creation needs cardNumber, firstName, lastName, month, year, cardCode, zip, else "Please fill in the required information""', () => {
    expect(validateCard(good, NOW)).toEqual({});
    const errors = validateCard({ ...good, zip: ' ', firstName: '' }, NOW);
    expect(errors.zip).toBe('Please fill in the required information');
    expect(errors.firstName).toBe('Please fill in the required information');
    expect(errors.form).toBe('Please fill in the required information');
  });
  it('refuses non-digits and overlong numbers with the form message', () => {
    expect(validateCard({ ...good, cardNumber: '4242x' }, NOW).form).toBe(
      'There are errors in the form, please fix them and try again',
    );
    expect(validateCard({ ...good, cardNumber: '42424242424242424' }, NOW).cardNumber).toBeDefined();
    expect(validateCard({ ...good, cardCode: '12345' }, NOW).cardCode).toBeDefined();
    expect(validateCard({ ...good, year: 2037 }, NOW).year).toBeDefined();
  });
  it('"red border for number under 14, code under 3, empty name"', () => {
    expect(cardFieldWarnings({ cardNumber: '1234567890123', cardCode: '12', name: ' ' })).toEqual({
      cardNumber: true,
      cardCode: true,
      name: true,
    });
    expect(cardFieldWarnings({ cardNumber: '12345678901234', cardCode: '123', name: 'A' })).toEqual({
      cardNumber: false,
      cardCode: false,
      name: false,
    });
    expect(COMMERCE_LIMITS.cardNumberMax).toBe(16);
    expect(COMMERCE_LIMITS.cardCodeMax).toBe(4);
  });
  it('knows the §3 card types and the Luhn check', () => {
    expect(cardTypeOf('4242424242424242')).toBe('Visa');
    expect(cardTypeOf('5555555555554444')).toBe('MasterCard');
    expect(cardTypeOf('378282246310005')).toBe('American Express');
    expect(cardTypeOf('6011111111111117')).toBe('Discover');
    expect(cardTypeOf('3566002020360505')).toBe('JCB');
    expect(cardTypeOf('30569309025904')).toBe('Diners Club');
    expect(cardTypeOf('6200000000000005')).toBe('UnionPay');
    expect(cardTypeOf('6759649826438453')).toBe('Maestro');
    expect(cardTypeOf('9999')).toBeNull();
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });
});

describe('addresses (§5 "address1, city, state, countryCode, zip required; address2 optional")', () => {
  const billing = {
    address1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    countryCode: 'US',
    zip: '62701',
  };
  it('requires the five fields', () => {
    expect(validateAddress(billing)).toEqual({});
    expect(validateAddress({ ...billing, city: '', address2: '' })).toEqual({
      city: 'Please fill in the required information',
    });
    expect(Object.keys(validateAddress(null))).toEqual(['address1', 'city', 'state', 'countryCode', 'zip']);
  });
  it('shipping needs shippingFullName and same-as-billing or an address; "Select first a billing address."', () => {
    expect(validateShipping({ shippingFullName: 'Ada', sameAsBilling: true }, billing)).toEqual({});
    expect(validateShipping({ shippingFullName: 'Ada', sameAsBilling: true }, null)).toEqual({
      sameAsBilling: 'Select first a billing address.',
    });
    expect(validateShipping({ sameAsBilling: false, address: billing }, billing)).toEqual({
      shippingFullName: 'Please fill in the required information',
    });
    expect(validateShipping({ shippingFullName: 'Ada', address: { ...billing, zip: '' } }, billing)).toEqual({
      zip: 'Please fill in the required information',
    });
  });
  it('"The list shows CA, US, GB first, then a divider"', () => {
    const list = orderCountries([
      { code: 'FR', name: 'France' },
      { code: 'GB', name: 'United Kingdom' },
      { code: 'AR', name: 'Argentina' },
      { code: 'US', name: 'United States' },
      { code: 'CA', name: 'Canada' },
    ]);
    expect(list.map((c) => c?.code ?? '---')).toEqual(['CA', 'US', 'GB', '---', 'AR', 'FR']);
  });
});

describe('tax table (rates by country and state, in basis points)', () => {
  const rates = [
    { countryCode: 'US', state: '', rateBp: 0 },
    { countryCode: 'US', state: 'NY', rateBp: 888 },
    { countryCode: 'GB', state: '', rateBp: 2000 },
  ];
  it("takes the state's rate, else the country's, else none", () => {
    expect(lookupTaxRate(rates, 'us', 'ny')).toBe(888);
    expect(lookupTaxRate(rates, 'US', 'TX')).toBe(0);
    expect(lookupTaxRate(rates, 'GB', 'London')).toBe(2000);
    expect(lookupTaxRate(rates, 'FR', null)).toBe(0);
  });
  it('rounds tax half up to a cent', () => {
    expect(taxFor(799, 888)).toBe(71); // 70.95
    expect(taxFor(799, 2000)).toBe(160); // 159.8
    expect(isValidRateBp(10_001)).toBe(false);
    expect(isValidRateBp(725)).toBe(true);
  });
});

describe('§9 constants', () => {
  it('"Tip jar default option 25; plan types single ("One Time") and month ("Monthly")"', () => {
    expect(COMMERCE_LIMITS.tipJarDefaultOption).toBe(25);
    expect(TIP_JAR_PLANS.map((p) => p.label)).toEqual(['One Time', 'Monthly']);
    expect(COMMERCE_LIMITS.checkoutSuccessRedirectMs).toBe(3000);
    expect(COMMERCE_LIMITS.expiryYearsAhead).toBe(10);
    expect(COMMERCE_LIMITS.firstPurchasesPage).toBe(0);
  });
});
