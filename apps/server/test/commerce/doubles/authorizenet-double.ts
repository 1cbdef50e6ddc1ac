import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_CARDS } from '../../../src/modules/commerce/gateways/test-gateway';

type Json = Record<string, unknown>;

/** What the double does with the test gateway's card numbers (the same numbers everywhere). */
const CHARGE_REASON: Record<string, { responseCode: '2' | '3'; reason: string; text: string }> = {
  [TEST_CARDS.declined]: { responseCode: '2', reason: '2', text: 'This transaction has been declined.' },
  [TEST_CARDS.insufficientFunds]: {
    responseCode: '2',
    reason: '2',
    text: 'This transaction has been declined.',
  },
  [TEST_CARDS.expiredCard]: { responseCode: '3', reason: '8', text: 'The credit card has expired.' },
};
/** Charged fine, but the merchant's fraud filter holds it for review (responseCode 4). */
export const HELD_CARD = '4000000000000101';

export interface AnetRequest {
  /** The root element: createTransactionRequest, createCustomerProfileRequest… */
  root: string;
  name: string | undefined;
  transactionKey: string | undefined;
  body: Json;
  /** The key order of `transactionRequest`, which the real API checks against its schema. */
  keys: string[];
}

interface Transaction {
  transId: string;
  transactionStatus: string;
  invoiceNumber: string;
  amount: string;
  profile: string;
  paymentProfile: string;
  number: string;
  authCode: string;
  reason: string;
  submitTimeUTC: string;
}

/** The order of transactionRequest's elements in Authorize.Net's schema (the ones we send). */
const TRANSACTION_ORDER = [
  'transactionType',
  'amount',
  'currencyCode',
  'payment',
  'profile',
  'refTransId',
  'order',
  'transactionSettings',
];

/**
 * A local stand-in for Authorize.Net's JSON API (`/xml/v1/request.api`): one POST endpoint, the
 * root element names the call, `merchantAuthentication` is checked (E00007 otherwise), answers are
 * HTTP 200 JSON with a byte-order mark and `messages.resultCode` Ok/Error, and transactions carry
 * `transactionResponse.responseCode` 1/2/3/4 with reason codes. It keeps customer profiles (CIM),
 * transactions with their invoice numbers, the duplicate window (reason 11 answered with the first
 * transaction's id and authCode, as with `duplicateWindow` set), the unsettled list, details, void
 * and refund. The lostResponse card is charged and the connection dropped before the answer;
 * `port` restarts a closed double where the app still points (Authorize.Net back after an outage).
 */
export async function startAuthorizenetDouble(
  opts: { loginId?: string; transactionKey?: string; port?: number } = {},
) {
  const { loginId = 'anet-login', transactionKey = 'anet-key' } = opts;
  const requests: AnetRequest[] = [];
  const profiles = new Map<
    string,
    { email: string; merchantCustomerId: string; payments: Map<string, { number: string; exp: string }> }
  >();
  const transactions = new Map<string, Transaction>();
  let seq = 2_000_000;
  const nextId = () => String(++seq);

  const messages = (resultCode: 'Ok' | 'Error', code = 'I00001', text = 'Successful.') => ({
    resultCode,
    message: [{ code, text }],
  });
  const error = (code: string, text: string, extra: Json = {}) => ({
    ...extra,
    messages: messages('Error', code, text),
  });

  function savePaymentProfile(paymentProfile: Json) {
    const card = (paymentProfile.payment as Json).creditCard as Json;
    const number = String(card.cardNumber);
    if (!/^\d{13,16}$/.test(number)) return { fail: error('E00013', 'Card Number is invalid.') };
    if (number === TEST_CARDS.validationFails)
      return {
        fail: error('E00027', 'The transaction was unsuccessful.', {
          validationDirectResponse: `2,1,2,This transaction has been declined.,000000,P,0,none,Test transaction for ValidateCustomerPaymentProfile.,0.00,CC,auth_only`,
        }),
      };
    return { payment: { number, exp: String(card.expirationDate) } };
  }

  function transactionResponse(t: Transaction, responseCode: string, extra: Json = {}) {
    return {
      responseCode,
      authCode: t.authCode,
      avsResultCode: 'Y',
      cvvResultCode: 'P',
      transId: t.transId,
      refTransID: '',
      testRequest: '0',
      accountNumber: `XXXX${t.number.slice(-4)}`,
      accountType: 'Visa',
      ...extra,
    };
  }

  function charge(tr: Json): Json | 'drop' {
    const profileRef = tr.profile as {
      customerProfileId: string;
      paymentProfile: { paymentProfileId: string };
    };
    const profile = profiles.get(profileRef.customerProfileId);
    const pay = profile?.payments.get(profileRef.paymentProfile.paymentProfileId);
    if (!pay) return error('E00040', 'The record cannot be found.');
    const invoiceNumber = String((tr.order as Json | undefined)?.invoiceNumber ?? '');
    const amount = String(tr.amount);
    const windowSetting = ((tr.transactionSettings as Json | undefined)?.setting as Json[] | undefined)?.find(
      (s) => s.settingName === 'duplicateWindow',
    );
    // A duplicate inside the window: same card, amount and invoice number (reason 11).
    const first = [...transactions.values()].find(
      (t) =>
        t.paymentProfile === profileRef.paymentProfile.paymentProfileId &&
        t.amount === amount &&
        t.invoiceNumber === invoiceNumber,
    );
    if (first)
      return {
        transactionResponse: transactionResponse(first, '3', {
          // Only with duplicateWindow set does the answer carry the first transaction's details.
          ...(windowSetting ? {} : { transId: '0', authCode: '' }),
          errors: [{ errorCode: '11', errorText: 'A duplicate transaction has been submitted.' }],
        }),
        messages: messages('Error', 'E00027', 'The transaction was unsuccessful.'),
      };
    const outcome = CHARGE_REASON[pay.number];
    const held = pay.number === HELD_CARD;
    const t: Transaction = {
      transId: nextId(),
      transactionStatus: outcome
        ? outcome.responseCode === '2'
          ? 'declined'
          : 'generalError'
        : held
          ? 'FDSPendingReview'
          : 'capturedPendingSettlement',
      invoiceNumber,
      amount,
      profile: profileRef.customerProfileId,
      paymentProfile: profileRef.paymentProfile.paymentProfileId,
      number: pay.number,
      authCode: outcome ? '' : 'QWX20S',
      reason: outcome?.reason ?? '1',
      submitTimeUTC: new Date().toISOString(),
    };
    transactions.set(t.transId, t);
    if (pay.number === TEST_CARDS.lostResponse) return 'drop';
    if (outcome)
      return {
        transactionResponse: transactionResponse(t, outcome.responseCode, {
          errors: [{ errorCode: outcome.reason, errorText: outcome.text }],
        }),
        messages: messages('Error', 'E00027', 'The transaction was unsuccessful.'),
      };
    return {
      transactionResponse: transactionResponse(t, held ? '4' : '1', {
        messages: [
          {
            code: held ? '253' : '1',
            description: held
              ? 'Your order has been received. Thank you for your business!'
              : 'This transaction has been approved.',
          },
        ],
      }),
      messages: messages('Ok'),
    };
  }

  function route(root: string, body: Json): Json | 'drop' {
    switch (root) {
      case 'createCustomerProfileRequest': {
        const p = body.profile as Json;
        const dup = [...profiles.entries()].find(
          ([, x]) => x.merchantCustomerId === p.merchantCustomerId && x.email === p.email,
        );
        if (dup) return error('E00039', `A duplicate record with ID ${dup[0]} already exists.`);
        const saved = savePaymentProfile(p.paymentProfiles as Json);
        if (saved.fail) return saved.fail;
        const id = nextId();
        const ppId = nextId();
        profiles.set(id, {
          email: String(p.email),
          merchantCustomerId: String(p.merchantCustomerId),
          payments: new Map([[ppId, saved.payment!]]),
        });
        return {
          customerProfileId: id,
          customerPaymentProfileIdList: [ppId],
          customerShippingAddressIdList: [],
          validationDirectResponseList: ['1,1,1,This transaction has been approved.,000000,Y,0,none'],
          messages: messages('Ok'),
        };
      }
      case 'createCustomerPaymentProfileRequest': {
        const profile = profiles.get(String(body.customerProfileId));
        if (!profile) return error('E00040', 'The record cannot be found.');
        const saved = savePaymentProfile(body.paymentProfile as Json);
        if (saved.fail) return saved.fail;
        const same = [...profile.payments.entries()].find(([, x]) => x.number === saved.payment!.number);
        if (same)
          return error('E00039', 'A duplicate customer payment profile already exists.', {
            customerProfileId: body.customerProfileId,
            customerPaymentProfileId: same[0],
          });
        const ppId = nextId();
        profile.payments.set(ppId, saved.payment!);
        return {
          customerProfileId: body.customerProfileId,
          customerPaymentProfileId: ppId,
          messages: messages('Ok'),
        };
      }
      case 'deleteCustomerPaymentProfileRequest': {
        const profile = profiles.get(String(body.customerProfileId));
        if (!profile?.payments.delete(String(body.customerPaymentProfileId)))
          return error('E00040', 'The record cannot be found.');
        return { messages: messages('Ok') };
      }
      case 'createTransactionRequest': {
        const tr = body.transactionRequest as Json;
        if (tr.transactionType === 'authCaptureTransaction') return charge(tr);
        const original = transactions.get(String(tr.refTransId));
        if (!original) return error('E00040', 'The record cannot be found.');
        if (tr.transactionType === 'voidTransaction') {
          if (original.transactionStatus !== 'capturedPendingSettlement')
            return {
              transactionResponse: {
                responseCode: '3',
                transId: '0',
                errors: [{ errorCode: '16', errorText: 'The transaction cannot be found.' }],
              },
              messages: messages('Error', 'E00027', 'The transaction was unsuccessful.'),
            };
          original.transactionStatus = 'voided';
          return {
            transactionResponse: { ...transactionResponse(original, '1'), refTransID: original.transId },
            messages: messages('Ok'),
          };
        }
        if (tr.transactionType === 'refundTransaction') {
          const card = (tr.payment as Json).creditCard as Json;
          if (
            original.transactionStatus !== 'settledSuccessfully' ||
            card.cardNumber !== original.number.slice(-4)
          )
            return {
              transactionResponse: {
                responseCode: '3',
                transId: '0',
                errors: [
                  {
                    errorCode: '54',
                    errorText: 'The referenced transaction does not meet the criteria for issuing a credit.',
                  },
                ],
              },
              messages: messages('Error', 'E00027', 'The transaction was unsuccessful.'),
            };
          const refund = { ...original, transId: nextId(), transactionStatus: 'refundPendingSettlement' };
          transactions.set(refund.transId, refund);
          return {
            transactionResponse: { ...transactionResponse(refund, '1'), refTransID: original.transId },
            messages: messages('Ok'),
          };
        }
        return error('E00003', `The element 'transactionType' has an invalid value.`);
      }
      case 'getUnsettledTransactionListRequest': {
        const paging = body.paging as { limit: number; offset: number } | undefined;
        const limit = paging?.limit ?? 1000;
        const offset = paging?.offset ?? 1;
        const unsettled = [...transactions.values()]
          .filter((t) => !['settledSuccessfully', 'refundSettledSuccessfully'].includes(t.transactionStatus))
          .sort(
            (a, b) => b.submitTimeUTC.localeCompare(a.submitTimeUTC) || Number(b.transId) - Number(a.transId),
          );
        const page = unsettled.slice((offset - 1) * limit, offset * limit).map((t) => ({
          transId: t.transId,
          submitTimeUTC: t.submitTimeUTC,
          transactionStatus: t.transactionStatus,
          invoiceNumber: t.invoiceNumber,
          accountType: 'Visa',
          accountNumber: `XXXX${t.number.slice(-4)}`,
          settleAmount: Number(t.amount),
          marketType: 'eCommerce',
          product: 'Card Not Present',
        }));
        // Like the real API, no `transactions` element at all when there are none.
        return {
          ...(page.length ? { transactions: page } : {}),
          totalNumInResultSet: unsettled.length,
          messages: messages('Ok'),
        };
      }
      case 'getTransactionDetailsRequest': {
        const t = transactions.get(String(body.transId));
        if (!t) return error('E00040', 'The record cannot be found.');
        return {
          transaction: {
            transId: t.transId,
            submitTimeUTC: t.submitTimeUTC,
            transactionType: 'authCaptureTransaction',
            transactionStatus: t.transactionStatus,
            responseCode: t.transactionStatus === 'declined' ? 2 : 1,
            responseReasonCode: Number(t.reason),
            authCode: t.authCode,
            order: { invoiceNumber: t.invoiceNumber },
            authAmount: Number(t.amount),
            settleAmount: Number(t.amount),
            payment: {
              creditCard: {
                cardNumber: `XXXX${t.number.slice(-4)}`,
                expirationDate: 'XXXX',
                cardType: 'Visa',
              },
            },
          },
          messages: messages('Ok'),
        };
      }
      default:
        return error('E00003', `The element '${root}' is not expected.`);
    }
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const send = (body: Json) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(`\uFEFF${JSON.stringify(body)}`);
      };
      if (
        req.method !== 'POST' ||
        new URL(req.url ?? '/', 'http://double').pathname !== '/xml/v1/request.api'
      ) {
        res.writeHead(404).end();
        return;
      }
      let parsed: Json;
      try {
        parsed = JSON.parse(raw) as Json;
      } catch {
        send(error('E00002', 'The content-type specified is not supported.'));
        return;
      }
      const root = Object.keys(parsed)[0] ?? '';
      const body = (parsed[root] ?? {}) as Json;
      const auth = (body.merchantAuthentication ?? {}) as { name?: string; transactionKey?: string };
      const tr = body.transactionRequest as Json | undefined;
      requests.push({
        root,
        name: auth.name,
        transactionKey: auth.transactionKey,
        body,
        keys: tr ? Object.keys(tr) : [],
      });
      if (Object.keys(body)[0] !== 'merchantAuthentication') {
        send(error('E00003', "The element 'merchantAuthentication' must come first."));
        return;
      }
      if (auth.name !== loginId || auth.transactionKey !== transactionKey) {
        send(error('E00007', 'User authentication failed due to invalid authentication values.'));
        return;
      }
      if (tr) {
        const order = Object.keys(tr).map((k) => TRANSACTION_ORDER.indexOf(k));
        if (order.some((i, n) => i < 0 || (n > 0 && i < order[n - 1]!))) {
          send(error('E00003', 'The element transactionRequest has invalid child elements (schema order).'));
          return;
        }
      }
      const out = route(root, body);
      if (out === 'drop') {
        res.destroy();
        return;
      }
      send(out);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/xml/v1/request.api`,
    port,
    loginId,
    transactionKey,
    requests,
    profiles,
    transactions,
    /** The nightly settlement: every captured charge becomes settledSuccessfully. */
    settle() {
      for (const t of transactions.values())
        if (t.transactionStatus === 'capturedPendingSettlement') t.transactionStatus = 'settledSuccessfully';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type AuthorizenetDouble = Awaited<ReturnType<typeof startAuthorizenetDouble>>;
