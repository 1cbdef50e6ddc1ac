// The checkout's coupon box and card form as they render (accounts-and-commerce §5, §9), and the
// add-card form's checks before it calls the gateway (§8).
import { COMMERCE_MESSAGES } from '@marquee/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../lib/render-static';
import { en } from '../locales';
import { addCardProblem } from '../utils/payment';
import { specMessageKey } from '../utils/checkout-rules';
import { CardForm, emptyCard, type CardValue } from './card-form';
import { CouponBox } from './coupon-box';

beforeAll(() => initTestI18n({ en: { checkout: en } }));

describe('coupon Apply (§5 "disabled when empty, prefilled or loading")', () => {
  const apply = (value: string, applied: string | null, pending: boolean) => {
    const html = renderToStaticMarkup(
      createElement(CouponBox, {
        value,
        onValue: () => {},
        applied,
        pending,
        result: null,
        onApply: () => {},
      }),
    );
    return /<button[^>]*data-testid="apply-coupon"[^>]*>/.exec(html)![0];
  };
  const disabled = (button: string) => / disabled=""/.test(button);

  it('is enabled for a new code', () => {
    expect(disabled(apply('SAVE10', null, false))).toBe(false);
    expect(disabled(apply('SAVE20', 'SAVE10', false))).toBe(false);
  });

  it('is disabled when empty, when the code is the one applied (prefilled), or while applying', () => {
    expect(disabled(apply('', null, false))).toBe(true);
    expect(disabled(apply('   ', null, false))).toBe(true);
    expect(disabled(apply('SAVE10', 'SAVE10', false))).toBe(true);
    expect(disabled(apply(' SAVE10 ', 'SAVE10', false))).toBe(true);
    expect(disabled(apply('SAVE20', null, true))).toBe(true);
  });
});

describe('card form red borders (§9 number under 14, code under 3, empty name)', () => {
  const invalid = (card: Partial<CardValue>, submitted = true) => {
    const html = renderToStaticMarkup(
      createElement(CardForm, { value: { ...emptyCard(), ...card }, onChange: () => {}, submitted }),
    );
    return ['cardNumber', 'cardCode', 'cardFirstName'].filter((name) =>
      new RegExp(
        `<input[^>]*aria-invalid="true"[^>]*name="${name}"|<input[^>]*name="${name}"[^>]*aria-invalid="true"`,
      ).test(html),
    );
  };

  it('marks a number under 14 digits, a code under 3 and an empty name once submitted', () => {
    expect(invalid({ cardNumber: '4242424242424', cardCode: '12', firstName: ' ' })).toEqual([
      'cardNumber',
      'cardCode',
      'cardFirstName',
    ]);
  });

  it('leaves 14 digits, a 3-digit code and a name unmarked', () => {
    expect(invalid({ cardNumber: '42424242424242', cardCode: '123', firstName: 'Ada' })).toEqual([]);
  });

  it('marks nothing before the fields were left or the form submitted', () => {
    expect(invalid({ cardNumber: '42', cardCode: '1', firstName: '' }, false)).toEqual([]);
  });
});

describe('§8 "Unexpected error. Please try again" / "Unexpected error"', () => {
  const none = { card: {}, billing: {} };
  const options = { captchaRequired: false, token: null, captchaMessage: 'captcha', cardGateway: 'stripe' };

  it('adding a card on a site without a card gateway is "Unexpected error. Please try again"', () => {
    expect(addCardProblem(none, { ...options, cardGateway: null })).toBe(
      'Unexpected error. Please try again',
    );
    expect(addCardProblem(none, options)).toBeNull();
    // The form's own problems come first.
    expect(
      addCardProblem({ card: { cardNumber: 'x' }, billing: {} }, { ...options, cardGateway: null }),
    ).toBe(COMMERCE_MESSAGES.requiredInformation);
    expect(addCardProblem(none, { ...options, captchaRequired: true })).toBe('captcha');
  });

  it('both texts are the checkout’s own messages, shown in the viewer’s language', () => {
    expect(specMessageKey('Unexpected error. Please try again')).toEqual(['unexpectedErrorRetry', '']);
    expect(specMessageKey('Unexpected error')).toEqual(['unexpectedError', '']);
    expect(en.messages.unexpectedErrorRetry).toBe(COMMERCE_MESSAGES.unexpectedErrorRetry);
    expect(en.messages.unexpectedError).toBe(COMMERCE_MESSAGES.unexpectedError);
  });
});
