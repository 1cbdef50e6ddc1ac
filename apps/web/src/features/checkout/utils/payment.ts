import type { CountryCode, PaymentMethod } from '@marquee/contract';
import { COMMERCE_MESSAGES } from '@marquee/domain';
import {
  addressData,
  emptyAddress,
  validateAddressValue,
  type AddressErrors,
  type AddressValue,
} from '../components/address-form';
import {
  cardData,
  emptyCard,
  validateCardValue,
  type CardFormErrors,
  type CardValue,
} from '../components/card-form';

/** §4 Checkout step 1: a saved card, a new card or the wallet provider. */
export type PaymentChoice = 'existingCard' | 'newCard' | 'paypal';

/**
 * What the payment section edits: the chosen method and saved card (null until the viewer picks,
 * which means the defaults below), the new card, the billing address and the captcha's token.
 */
export interface PaymentValue {
  method: PaymentChoice | null;
  cardId: string | null;
  card: CardValue;
  billing: AddressValue;
  token: string | null;
}

export const emptyPayment = (): PaymentValue => ({
  method: null,
  cardId: null,
  card: emptyCard(),
  billing: emptyAddress(),
  token: null,
});

export interface PaymentErrors {
  card: CardFormErrors;
  billing: AddressErrors;
}

/** The method and saved card in effect: the viewer's pick, else the default saved card, else a new card. */
export function effectivePayment(value: PaymentValue, saved: readonly PaymentMethod[]) {
  const method: PaymentChoice = value.method ?? (saved.length > 0 ? 'existingCard' : 'newCard');
  const cardId = value.cardId ?? saved.find((m) => m.isDefault)?.id ?? saved[0]?.id ?? null;
  return { method, cardId };
}

/**
 * §5 rules for a card payment (saved or new card): the billing address, the new card's fields, a
 * saved card chosen, the captcha solved when the site asks for one. Returns the field errors and the
 * form's first message (spec English texts; `captchaMessage` as given), or null when it may go on.
 */
export function validatePayment(
  value: PaymentValue,
  saved: readonly PaymentMethod[],
  options: { captchaRequired: boolean; captchaMessage: string; nowMs?: number },
): { message: string | null; errors: PaymentErrors } {
  const { method, cardId } = effectivePayment(value, saved);
  if (method === 'paypal') return { message: null, errors: { card: {}, billing: {} } };
  let message: string | null = null;
  const billing = validateAddressValue(value.billing);
  const card = method === 'newCard' ? validateCardValue(value.card, value.billing.zip, options.nowMs) : {};
  if (method === 'existingCard' && !cardId) message = COMMERCE_MESSAGES.requiredInformation;
  if (Object.keys(billing).length) message ??= COMMERCE_MESSAGES.addressMandatory;
  if (card.form) message ??= card.form;
  if (method === 'newCard' && options.captchaRequired && !value.token && !message)
    message = options.captchaMessage;
  return { message, errors: { card, billing } };
}

/**
 * The card part of an order (§3 Order, DonationOrder): the method, the saved card's id or the new
 * card, the billing address and the captcha token of a new card. Not for the wallet.
 */
export function cardPaymentFields(
  value: PaymentValue,
  saved: readonly PaymentMethod[],
  { countries, channel }: { countries?: CountryCode[]; channel?: string | null } = {},
) {
  const { method, cardId } = effectivePayment(value, saved);
  const gatewayMethod = method === 'existingCard' ? 'existingCard' : 'newCard';
  const extra = channel ? { channel } : {};
  return {
    gatewayMethod,
    billingAddress: addressData(value.billing, countries),
    gatewayData:
      gatewayMethod === 'existingCard'
        ? { paymentMethod: cardId ?? undefined, ...extra }
        : { card: cardData(value.card, value.billing), ...extra },
    ...(gatewayMethod === 'newCard' && value.token ? { recaptchaToken: value.token } : {}),
  } as const;
}

/**
 * Why "Add card" cannot call the gateway yet, as the message to show (spec texts in English, given
 * through useCommerceMessage); null when it can: the form's errors ("Please fill in the required
 * information" unless the card says more), the captcha, then a site without a card gateway, which is
 * §8 "Unexpected error. Please try again".
 */
export function addCardProblem(
  errors: PaymentErrors,
  options: {
    captchaRequired: boolean;
    token: string | null;
    captchaMessage: string;
    cardGateway: string | null;
  },
): string | null {
  if (Object.keys(errors.card).length || Object.keys(errors.billing).length)
    return errors.card.form ?? COMMERCE_MESSAGES.requiredInformation;
  if (options.captchaRequired && !options.token) return options.captchaMessage;
  if (!options.cardGateway) return COMMERCE_MESSAGES.unexpectedErrorRetry;
  return null;
}
