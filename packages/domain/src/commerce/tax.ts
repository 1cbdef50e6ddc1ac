import { mulDivCents, type Cents } from './money';

/**
 * Taxes (§4 Checkout: "Taxes are calculated when allowAvalara is set"). Rates are in basis points
 * (1/100 of a percent: 7.25 % = 725) so they stay whole numbers; the default provider is a table
 * of rates by country and state that the operator sets (decision 0029).
 */
export interface TaxRate {
  countryCode: string;
  /** '' for the whole country. */
  state: string;
  rateBp: number;
}

export interface TaxQuote {
  taxCents: Cents;
  rateBp: number;
  /** Which provider answered ('table', 'avalara'…). */
  provider: string;
}

/** The rate for an address: the state's own row first, then the country's ('' state), else 0. */
export function lookupTaxRate(
  rates: readonly TaxRate[],
  countryCode: string,
  state: string | null | undefined,
): number {
  const cc = countryCode.toUpperCase();
  const st = (state ?? '').toUpperCase();
  const stateRow = st
    ? rates.find((r) => r.countryCode.toUpperCase() === cc && r.state.toUpperCase() === st)
    : undefined;
  if (stateRow) return stateRow.rateBp;
  return rates.find((r) => r.countryCode.toUpperCase() === cc && r.state === '')?.rateBp ?? 0;
}

/** Tax on a taxable amount at a rate, rounded half up to a cent. */
export const taxFor = (amountCents: Cents, rateBp: number): Cents => mulDivCents(amountCents, rateBp, 10_000);

/** A valid rate: whole basis points from 0 to 100 %. */
export const isValidRateBp = (rateBp: number): boolean =>
  Number.isInteger(rateBp) && rateBp >= 0 && rateBp <= 10_000;
