import type { TaxQuote } from '@marquee/api-client';
import type { Bundle, CheckoutResult, PaymentMethod } from '@marquee/contract';
import { COMMERCE_MESSAGES } from '@marquee/domain';
import { emptyAddress } from '../components/address-form';
import { usesCard, validateShippingBlock, type ShippingErrors, type ShippingValue } from './build-order';
import { emptyPayment, validatePayment, type PaymentErrors, type PaymentValue } from './payment';

/**
 * The checkout panel's state (§4 Checkout): the bundle as priced (a coupon reprices it), the coupon
 * box, the disclaimer, the payment and shipping blocks with their errors, and the step: payment →
 * confirm (taxes quoted) → success. One reducer, pure; the panel runs the calls and dispatches.
 */
export interface CheckoutState {
  bundle: Bundle;
  couponInput: string;
  appliedCoupon: string | null;
  couponResult: { ok: boolean; text: string } | null;
  disclaimer: boolean;
  payment: PaymentValue;
  shipping: ShippingValue;
  /** Bumped to ask the captcha for a fresh challenge (a token is single use). */
  captchaReset: number;
  /** Continue was pressed once: every red border shows. */
  submitted: boolean;
  errors: PaymentErrors & { shipping: ShippingErrors };
  formError: string | null;
  step: 'payment' | 'confirm' | 'success';
  quote: TaxQuote | null;
  paying: boolean;
  result: CheckoutResult | null;
}

export type CheckoutAction =
  | { type: 'couponInput'; value: string }
  | { type: 'couponPending' }
  | { type: 'couponApplied'; bundle: Bundle; code: string; text: string }
  | { type: 'couponFailed'; bundle: Bundle; text: string }
  | { type: 'disclaimer'; accepted: boolean }
  | { type: 'payment'; patch: Partial<PaymentValue> }
  | { type: 'shipping'; patch: Partial<ShippingValue> }
  | { type: 'validated'; errors: CheckoutState['errors']; formError: string | null }
  | { type: 'confirm' }
  | { type: 'quote'; quote: TaxQuote }
  | { type: 'back' }
  | { type: 'pay' }
  | { type: 'paid'; result: CheckoutResult }
  | { type: 'redirecting' }
  | { type: 'payFailed'; message: string; refused: boolean };

export function initialCheckoutState(bundle: Bundle, couponCode?: string | null): CheckoutState {
  return {
    bundle,
    couponInput: couponCode ?? '',
    appliedCoupon: null,
    couponResult: null,
    disclaimer: false,
    payment: emptyPayment(),
    shipping: { name: '', sameAsBilling: false, address: emptyAddress() },
    captchaReset: 0,
    submitted: false,
    errors: { card: {}, billing: {}, shipping: {} },
    formError: null,
    step: 'payment',
    quote: null,
    paying: false,
    result: null,
  };
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'couponInput':
      return { ...state, couponInput: action.value };
    case 'couponPending':
      return { ...state, couponResult: null };
    case 'couponApplied':
      return {
        ...state,
        bundle: action.bundle,
        appliedCoupon: action.code,
        couponResult: { ok: true, text: action.text },
      };
    case 'couponFailed':
      // A refused coupon puts the bundle back at its own price.
      return {
        ...state,
        bundle: action.bundle,
        appliedCoupon: null,
        couponResult: { ok: false, text: action.text },
      };
    case 'disclaimer':
      return { ...state, disclaimer: action.accepted };
    case 'payment':
      return { ...state, payment: { ...state.payment, ...action.patch } };
    case 'shipping':
      return { ...state, shipping: { ...state.shipping, ...action.patch } };
    case 'validated':
      return { ...state, submitted: true, errors: action.errors, formError: action.formError };
    case 'confirm':
      return { ...state, step: 'confirm', quote: null };
    case 'quote':
      return { ...state, quote: action.quote };
    case 'back':
      // "Going back restores payment selection and resets taxes."
      return { ...state, step: 'payment', quote: null, formError: null };
    case 'pay':
      return { ...state, paying: true, formError: null };
    case 'paid':
      return { ...state, paying: false, result: action.result, step: 'success' };
    case 'redirecting':
      return { ...state, paying: false };
    case 'payFailed': {
      // A refusal (a decline, a card error) is fixed on the payment step, with a fresh captcha.
      const freshCaptcha = action.refused && state.payment.token !== null;
      return {
        ...state,
        paying: false,
        formError: action.message,
        step: action.refused ? 'payment' : state.step,
        payment: freshCaptcha ? { ...state.payment, token: null } : state.payment,
        captchaReset: freshCaptcha ? state.captchaReset + 1 : state.captchaReset,
      };
    }
  }
}

/**
 * The payment step's checks, in the spec's order: the disclaimer, the card payment (§5), then the
 * shipping block. Returns the field errors and the first message (spec English texts), or null.
 */
export function validateCheckout(
  state: CheckoutState,
  ctx: {
    saved: readonly PaymentMethod[];
    disclaimerNeeded: boolean;
    captchaRequired: boolean;
    captchaMessage: string;
    nowMs?: number;
  },
): { message: string | null; errors: CheckoutState['errors'] } {
  const { bundle, payment } = state;
  let message: string | null =
    ctx.disclaimerNeeded && !state.disclaimer ? COMMERCE_MESSAGES.requiredInformation : null;
  const card = usesCard(bundle, payment, ctx.saved);
  const checked = card
    ? validatePayment(payment, ctx.saved, ctx)
    : { message: null, errors: { card: {}, billing: {} } };
  message ??= checked.message;
  let shipping: ShippingErrors = {};
  if (bundle.requiresShippingAddress) {
    const ship = validateShippingBlock(
      state.shipping,
      card ? payment.billing : null,
      COMMERCE_MESSAGES.requiredInformation,
    );
    message ??= ship.message;
    shipping = ship.errors;
  }
  return { message, errors: { ...checked.errors, shipping } };
}
