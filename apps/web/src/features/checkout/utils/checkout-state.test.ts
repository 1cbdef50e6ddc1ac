import type { CheckoutResult } from '@marquee/contract';
import { COMMERCE_MESSAGES } from '@marquee/domain';
import { describe, expect, it } from 'vitest';
import {
  checkoutReducer,
  initialCheckoutState,
  validateCheckout,
  type CheckoutState,
} from './checkout-state';
import { address, goodCard, monthly, visa } from './test-fixtures';

const ctx = {
  saved: [],
  disclaimerNeeded: true,
  captchaRequired: true,
  captchaMessage: 'Solve the captcha',
  nowMs: Date.UTC(2026, 0, 1),
};

const filled = (over: Partial<CheckoutState> = {}): CheckoutState => ({
  ...initialCheckoutState(monthly),
  disclaimer: true,
  payment: { method: null, cardId: null, card: goodCard, billing: address, token: 'tok' },
  ...over,
});

describe('checkoutReducer (§4 Checkout)', () => {
  it('starts on the payment step with the URL coupon typed in and nothing applied', () => {
    const s = initialCheckoutState(monthly, 'SAVE');
    expect(s).toMatchObject({ step: 'payment', couponInput: 'SAVE', appliedCoupon: null, paying: false });
  });

  it('a coupon reprices the bundle; a refused one puts the bundle back and clears the applied code', () => {
    const discounted = { ...monthly, amountCents: 399 };
    let s = checkoutReducer(initialCheckoutState(monthly), {
      type: 'couponApplied',
      bundle: discounted,
      code: 'HALF',
      text: 'ok',
    });
    expect(s).toMatchObject({
      bundle: discounted,
      appliedCoupon: 'HALF',
      couponResult: { ok: true, text: 'ok' },
    });
    s = checkoutReducer(s, { type: 'couponPending' });
    expect(s.couponResult).toBeNull();
    s = checkoutReducer(s, { type: 'couponFailed', bundle: monthly, text: 'bad' });
    expect(s).toMatchObject({
      bundle: monthly,
      appliedCoupon: null,
      couponResult: { ok: false, text: 'bad' },
    });
  });

  it('payment and shipping changes merge into their blocks', () => {
    let s = checkoutReducer(initialCheckoutState(monthly), { type: 'payment', patch: { method: 'newCard' } });
    s = checkoutReducer(s, { type: 'payment', patch: { token: 't' } });
    expect(s.payment).toMatchObject({ method: 'newCard', token: 't', cardId: null });
    s = checkoutReducer(s, { type: 'shipping', patch: { name: 'Ada' } });
    expect(s.shipping).toMatchObject({ name: 'Ada', sameAsBilling: false });
  });

  it('continue → confirm resets the quote; back returns to payment, keeping the selection, without taxes', () => {
    let s = checkoutReducer(filled({ formError: 'x' }), { type: 'confirm' });
    expect(s).toMatchObject({ step: 'confirm', quote: null });
    s = checkoutReducer(s, { type: 'quote', quote: { taxesCents: 10 } as never });
    expect(s.quote).toEqual({ taxesCents: 10 });
    s = checkoutReducer(s, { type: 'back' });
    expect(s).toMatchObject({ step: 'payment', quote: null, formError: null });
    expect(s.payment.card).toEqual(goodCard);
  });

  it('paying: success ends on the success step; a refusal returns to payment with a fresh captcha', () => {
    const result = { success: true } as CheckoutResult;
    let s = checkoutReducer(filled({ step: 'confirm', formError: 'old' }), { type: 'pay' });
    expect(s).toMatchObject({ paying: true, formError: null });
    expect(checkoutReducer(s, { type: 'paid', result })).toMatchObject({
      step: 'success',
      paying: false,
      result,
    });
    s = checkoutReducer(s, { type: 'payFailed', message: 'Declined', refused: true });
    expect(s).toMatchObject({ step: 'payment', paying: false, formError: 'Declined', captchaReset: 1 });
    expect(s.payment.token).toBeNull();
  });

  it('a lost answer (network, 5xx) stays on its step and keeps the captcha token for the retry', () => {
    const s = checkoutReducer(filled({ step: 'confirm', paying: true }), {
      type: 'payFailed',
      message: 'Payment failed',
      refused: false,
    });
    expect(s).toMatchObject({ step: 'confirm', paying: false, captchaReset: 0 });
    expect(s.payment.token).toBe('tok');
  });
});

describe('validateCheckout (§4, §5)', () => {
  it('the disclaimer comes first, then the card rules', () => {
    const s = filled({
      disclaimer: false,
      payment: { ...filled().payment, billing: { ...address, city: '' } },
    });
    expect(validateCheckout(s, ctx).message).toBe(COMMERCE_MESSAGES.requiredInformation);
    const noCity = validateCheckout({ ...s, disclaimer: true }, ctx);
    expect(noCity.message).toBe(COMMERCE_MESSAGES.addressMandatory);
    expect(noCity.errors.billing.city).toBeDefined();
  });

  it('a new card needs the captcha solved; a saved card does not', () => {
    const unsolved = filled({ payment: { ...filled().payment, token: null } });
    expect(validateCheckout(unsolved, ctx).message).toBe('Solve the captcha');
    expect(validateCheckout(unsolved, { ...ctx, saved: [visa] }).message).toBeNull();
    expect(validateCheckout(filled(), ctx)).toEqual({
      message: null,
      errors: { card: {}, billing: {}, shipping: {} },
    });
  });

  it('the wallet and a free bundle skip the card rules; a bundle that ships checks its block', () => {
    const empty = initialCheckoutState(monthly);
    expect(
      validateCheckout({ ...empty, disclaimer: true, payment: { ...empty.payment, method: 'paypal' } }, ctx)
        .message,
    ).toBeNull();
    const free = { ...monthly, amountCents: 0, requiresShippingAddress: true };
    const shipping = validateCheckout(initialCheckoutState(free), { ...ctx, disclaimerNeeded: false });
    expect(shipping.message).toBe(COMMERCE_MESSAGES.requiredInformation);
    expect(shipping.errors.shipping.shippingFullName).toBeDefined();
    expect(shipping.errors.card).toEqual({});
  });
});
