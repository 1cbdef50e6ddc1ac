import { COMMERCE_MESSAGES } from '@marquee/domain';
import { describe, expect, it } from 'vitest';
import { emptyAddress } from '../components/address-form';
import { cardPaymentFields, effectivePayment, emptyPayment, validatePayment } from './payment';
import { address, goodCard, mastercard, visa } from './test-fixtures';

const options = { captchaRequired: true, captchaMessage: 'captcha', nowMs: Date.UTC(2026, 0, 1) };

describe('the payment section rules (§4 step 1, §5 card rules)', () => {
  it('defaults: the default saved card, else the first; no saved card means a new card', () => {
    expect(effectivePayment(emptyPayment(), [visa, mastercard])).toEqual({
      method: 'existingCard',
      cardId: 'pm-mc',
    });
    expect(effectivePayment(emptyPayment(), [visa])).toEqual({ method: 'existingCard', cardId: 'pm-visa' });
    expect(effectivePayment(emptyPayment(), [])).toEqual({ method: 'newCard', cardId: null });
    expect(effectivePayment({ ...emptyPayment(), method: 'newCard' }, [visa]).method).toBe('newCard');
  });

  it('the billing address is mandatory for a card; an empty new card asks for the required information', () => {
    const empty = validatePayment(emptyPayment(), [], options);
    expect(empty.message).toBe(COMMERCE_MESSAGES.addressMandatory);
    expect(empty.errors.card.form).toBe(COMMERCE_MESSAGES.requiredInformation);
    const noCard = validatePayment({ ...emptyPayment(), billing: address }, [], options);
    expect(noCard.message).toBe(COMMERCE_MESSAGES.requiredInformation);
    expect(noCard.errors.billing).toEqual({});
  });

  it('a complete new card still needs the captcha when the site asks; the wallet needs nothing', () => {
    const card = { ...emptyPayment(), card: goodCard, billing: address };
    expect(validatePayment(card, [], options).message).toBe('captcha');
    expect(validatePayment({ ...card, token: 't' }, [], options).message).toBeNull();
    expect(validatePayment(card, [], { ...options, captchaRequired: false }).message).toBeNull();
    const wallet = { ...emptyPayment(), method: 'paypal' as const, billing: emptyAddress() };
    expect(validatePayment(wallet, [], options)).toEqual({
      message: null,
      errors: { card: {}, billing: {} },
    });
  });

  it('the card part of an order: a saved card by id (no captcha token), a new card with its token', () => {
    const saved = cardPaymentFields({ ...emptyPayment(), billing: address, token: 't' }, [visa]);
    expect(saved).toEqual({
      gatewayMethod: 'existingCard',
      billingAddress: {
        address1: '1 Main St',
        city: 'Toronto',
        state: 'ON',
        zip: 'M5V 1A1',
        countryCode: 'CA',
      },
      gatewayData: { paymentMethod: 'pm-visa' },
    });
    const fresh = cardPaymentFields({ ...emptyPayment(), card: goodCard, billing: address, token: 't' }, []);
    expect(fresh.gatewayMethod).toBe('newCard');
    expect(fresh.recaptchaToken).toBe('t');
    expect(fresh.gatewayData).toMatchObject({ card: { cardNumber: goodCard.cardNumber, zip: 'M5V 1A1' } });
  });
});
