import { lookupTaxRate, taxFor, type TaxQuote } from '@marquee/domain';

/** What a tax provider needs to quote (decision 0029). */
export interface TaxRequest {
  siteUid: string;
  /** Taxable amount: the price after coupon and proration. */
  amountCents: number;
  address: { countryCode: string; state: string; zip: string; city: string; address1: string };
  /** Our reference for the document (the charge id) when the quote is for a real sale. */
  reference?: string;
}

export interface TaxProvider {
  readonly name: string;
  quote(request: TaxRequest): Promise<TaxQuote>;
}

/** The built-in provider: the operator's table of rates by country and state (tax_rates). */
export function createTableTaxProvider(
  rates: (siteUid: string) => Promise<{ countryCode: string; state: string; rateBp: number }[]>,
): TaxProvider {
  return {
    name: 'table',
    async quote({ siteUid, amountCents, address }) {
      const rateBp = lookupTaxRate(await rates(siteUid), address.countryCode, address.state);
      return { taxCents: taxFor(amountCents, rateBp), rateBp, provider: 'table' };
    },
  };
}

/**
 * The part of Avalara AvaTax's REST API the adapter calls (POST /api/v2/transactions/create with a
 * CreateTransactionModel; amounts in currency units). A client holding the account credentials
 * implements it; none ships, so without one the built-in table answers (decision 0029).
 */
export interface AvalaraTransactionsApi {
  createTransaction(model: {
    type: 'SalesOrder' | 'SalesInvoice';
    companyCode: string;
    date: string;
    customerCode: string;
    code?: string;
    commit: boolean;
    currencyCode: string;
    addresses: {
      singleLocation: { line1: string; city: string; region: string; country: string; postalCode: string };
    };
    lines: { number: string; quantity: number; amount: number; taxCode?: string }[];
  }): Promise<{ totalTax: number; summary?: { rate: number }[] }>;
}

/** The Avalara adapter behind the site flag allowAvalara: quotes as SalesOrder (not committed). */
export function createAvalaraTaxProvider(
  api: AvalaraTransactionsApi,
  opts: { companyCode: string; now: () => number },
): TaxProvider {
  return {
    name: 'avalara',
    async quote({ siteUid, amountCents, address, reference }) {
      const result = await api.createTransaction({
        type: 'SalesOrder',
        companyCode: opts.companyCode,
        date: new Date(opts.now()).toISOString().slice(0, 10),
        customerCode: siteUid,
        code: reference,
        commit: false,
        currencyCode: 'USD',
        addresses: {
          singleLocation: {
            line1: address.address1,
            city: address.city,
            region: address.state,
            country: address.countryCode,
            postalCode: address.zip,
          },
        },
        lines: [{ number: '1', quantity: 1, amount: amountCents / 100 }],
      });
      const taxCents = Math.round(result.totalTax * 100);
      const rateBp = amountCents > 0 ? Math.round((taxCents * 10_000) / amountCents) : 0;
      return { taxCents, rateBp, provider: 'avalara' };
    },
  };
}
