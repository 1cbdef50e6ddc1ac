import { COMMERCE_LIMITS, type CardType } from './constants';
import { COMMERCE_MESSAGES } from './messages';

/**
 * The card form of §5: "number and code accept digits only; number max 16, code max 4; expiry must
 * not be in the past ("Card expiration date must be in the future."); expiry year list runs 10 years
 * ahead; holder name required. Token creation needs cardNumber, firstName, lastName, month, year,
 * cardCode, zip, else "Please fill in the required information"."
 */
export interface CardData {
  cardNumber: string;
  firstName: string;
  lastName: string;
  /** 1–12 */
  month: number | string;
  /** four digits */
  year: number | string;
  cardCode: string;
  zip: string;
  address?: string;
  city?: string;
  state?: string;
  countryCode?: string;
}

/** What a number or code field keeps of typed text: digits only, cut at the field's maximum. */
export const cardNumberInput = (text: string): string =>
  text.replace(/\D/g, '').slice(0, COMMERCE_LIMITS.cardNumberMax);
export const cardCodeInput = (text: string): string =>
  text.replace(/\D/g, '').slice(0, COMMERCE_LIMITS.cardCodeMax);

/** "expiry year list runs 10 years ahead": this year and the 10 after it. */
export function expiryYears(nowMs: number): number[] {
  const first = new Date(nowMs).getUTCFullYear();
  return Array.from({ length: COMMERCE_LIMITS.expiryYearsAhead + 1 }, (_, i) => first + i);
}

/** A card is good through the last day of its expiry month; past that month it is expired. */
export function isExpiryInFuture(month: number, year: number, nowMs: number): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const now = new Date(nowMs);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return year > y || (year === y && month >= m);
}

/** "red border for number under 14, code under 3, empty name" (§9). */
export function cardFieldWarnings(form: { cardNumber: string; cardCode: string; name: string }) {
  return {
    cardNumber: form.cardNumber.length < COMMERCE_LIMITS.cardNumberMinForBorder,
    cardCode: form.cardCode.length < COMMERCE_LIMITS.cardCodeMinForBorder,
    name: form.name.trim() === '',
  };
}

export type CardErrors = Partial<Record<keyof CardData | 'form', string>>;

/**
 * Checks a card before a token is created. Missing required fields → "Please fill in the required
 * information" on each; a non-digit or too long number/code, or an expiry in the past, → the field's
 * message and "There are errors in the form, please fix them and try again" on `form`. Empty = valid.
 */
export function validateCard(card: Partial<CardData>, nowMs: number): CardErrors {
  const errors: CardErrors = {};
  const required = ['cardNumber', 'firstName', 'lastName', 'month', 'year', 'cardCode', 'zip'] as const;
  for (const key of required) {
    const v = card[key];
    if (v === undefined || v === null || String(v).trim() === '')
      errors[key] = COMMERCE_MESSAGES.requiredInformation;
  }
  if (Object.keys(errors).length > 0) {
    errors.form = COMMERCE_MESSAGES.requiredInformation;
    return errors;
  }
  const number = String(card.cardNumber);
  if (!/^\d+$/.test(number) || number.length > COMMERCE_LIMITS.cardNumberMax || number.length < 12)
    errors.cardNumber = 'Invalid card number';
  const code = String(card.cardCode);
  if (!/^\d+$/.test(code) || code.length > COMMERCE_LIMITS.cardCodeMax || code.length < 3)
    errors.cardCode = 'Invalid security code';
  const month = Number(card.month);
  const year = Number(card.year);
  if (!isExpiryInFuture(month, year, nowMs)) errors.month = COMMERCE_MESSAGES.cardExpiryPast;
  else if (year > new Date(nowMs).getUTCFullYear() + COMMERCE_LIMITS.expiryYearsAhead)
    errors.year = 'Invalid expiration year';
  if (Object.keys(errors).length > 0) errors.form = COMMERCE_MESSAGES.cardFormErrors;
  return errors;
}

/** The Luhn checksum every real card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The §3 cardType of a number by its leading digits (IIN ranges); null when none matches. */
export function cardTypeOf(number: string): CardType | null {
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^3(0[0-5]|[68])/.test(number)) return 'Diners Club';
  if (/^35(2[89]|[3-8])/.test(number)) return 'JCB';
  if (/^62/.test(number)) return 'UnionPay';
  if (/^(6011|64[4-9]|65)/.test(number)) return 'Discover';
  if (/^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/.test(number)) return 'MasterCard';
  if (/^(5018|5020|5038|6304|6759|676[1-3])/.test(number)) return 'Maestro';
  if (/^4/.test(number)) return 'Visa';
  return null;
}
