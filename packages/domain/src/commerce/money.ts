import { DEFAULT_CURRENCY_SYMBOL } from './constants';

/**
 * Money is integer cents everywhere (decision 0029); "Prices are rounded to two decimals; the
 * currency symbol defaults to $" (§5) applies to display only.
 */
export type Cents = number;

/** True for a whole, non-negative, safe number of cents. */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** 799 → "$7.99"; -150 → "-$1.50". */
export function formatMoney(cents: Cents, symbol: string = DEFAULT_CURRENCY_SYMBOL): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${symbol}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The two-decimal amount the legacy API shapes carry (7.99); never used for arithmetic. */
export const centsToAmount = (cents: Cents): number => Math.round(cents) / 100;

/** "7.99" / 7.99 → 799, rounding to the nearest cent (input from operators, not from money math). */
export function amountToCents(amount: number | string): Cents {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(n)) throw new RangeError(`not an amount: ${amount}`);
  return Math.round(n * 100);
}

/** `cents × numerator / denominator`, rounded half up to a whole cent (the one rounding rule). */
export function mulDivCents(cents: Cents, numerator: number, denominator: number): Cents {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  return Math.floor((cents * numerator) / denominator + 0.5);
}
