import { createHash } from 'node:crypto';
import {
  gatewayUnavailable,
  GatewayRefusedError,
  GatewayValidationError,
  type ChargeOutcome,
  type NewCard,
  type PaymentGateway,
} from './gateway';

export interface AuthorizenetConfig {
  /** The merchant's API Login ID (`merchantAuthentication.name`). */
  loginId: string;
  transactionKey: string;
  /**
   * The JSON API endpoint: https://apitest.authorize.net/xml/v1/request.api (sandbox, the default)
   * or https://api.authorize.net/xml/v1/request.api (live); tests use a local double.
   */
  apiUrl: string;
}

type Json = Record<string, unknown>;
type Messages = { resultCode?: string; message?: { code?: string; text?: string }[] };
interface TransactionResponse {
  responseCode?: string;
  authCode?: string;
  transId?: string;
  errors?: { errorCode?: string; errorText?: string }[];
}

/** An answer with `messages.resultCode` "Error" and no transaction to read: its first message. */
export class AuthorizenetError extends Error {
  constructor(
    readonly code: string,
    readonly text: string,
    readonly body: Json,
  ) {
    super(`authorizenet ${code}: ${text}`);
  }
}

/** A charge Authorize.Net holds for the merchant's fraud review: its outcome is not known yet. */
export class HeldForReviewError extends Error {}

/** How long one call may take; a charge that times out stays pending for a retry or reconcile. */
const CALL_TIMEOUT_MS = 30_000;
/**
 * Authorize.Net's duplicate window in seconds (its maximum, 8 h): a second charge with the same
 * invoice number, amount and card inside it is refused as a duplicate (reason 11) and answered with
 * the first transaction's id — our idempotency for retries of the same charge id.
 */
export const DUPLICATE_WINDOW_S = 28_800;

/**
 * Authorize.Net's fields are short (invoiceNumber, refId and merchantCustomerId take 20
 * characters): our ids go through as the first 20 hex digits of their SHA-256.
 */
export const shortRef = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 20);

/** "79.90" for 7990: the API takes decimal amounts; cents stay integers up to here. */
const amount = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * Response reason codes (Authorize.Net's reason table) as the decline codes the viewer reads in
 * parentheses (§8), in the words the other card gateways use; other codes pass as `reason_<n>`.
 */
const REASONS: Record<string, string> = {
  '2': 'card_declined',
  '3': 'card_declined',
  '4': 'card_declined',
  '6': 'incorrect_number',
  '7': 'invalid_expiry',
  '8': 'expired_card',
  '27': 'incorrect_address',
  '37': 'incorrect_number',
  '44': 'incorrect_cvc',
  '45': 'incorrect_address',
  '65': 'incorrect_cvc',
};
const declineCode = (reason: string | undefined) =>
  reason ? (REASONS[reason] ?? `reason_${reason}`) : 'card_declined';

/** Our saved-card token holds both ids a profile charge needs. */
const joinToken = (profile: string, paymentProfile: string) => `${profile}/${paymentProfile}`;
function splitToken(token: string): { profile: string; paymentProfile: string } {
  const [profile, paymentProfile] = token.split('/');
  if (!profile || !paymentProfile) throw new GatewayValidationError('unknown_card');
  return { profile, paymentProfile };
}

/**
 * Authorize.Net's JSON API: one endpoint, one root element per request (`createTransactionRequest`,
 * …) carrying `merchantAuthentication`. Answers are HTTP 200 with a UTF-8 byte-order mark; success
 * or failure is `messages.resultCode`. Element order matters to the API (it is the XML schema's),
 * so callers build their objects in schema order.
 */
export function createAuthorizenetClient(config: AuthorizenetConfig) {
  async function call<T extends Json>(root: string, body: Json): Promise<T & { messages?: Messages }> {
    const res = await fetch(config.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        [root]: {
          merchantAuthentication: { name: config.loginId, transactionKey: config.transactionKey },
          ...body,
        },
      }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = (await res.text()).replace(/^\uFEFF/, '');
    if (!res.ok) throw new Error(`authorizenet: HTTP ${res.status}`);
    return JSON.parse(text) as T & { messages?: Messages };
  }
  /** The first message of an answer whose resultCode is Error. */
  function errorOf(body: Json & { messages?: Messages }): AuthorizenetError | null {
    if (body.messages?.resultCode === 'Ok') return null;
    const m = body.messages?.message?.[0];
    return new AuthorizenetError(m?.code ?? 'E00001', m?.text ?? 'unknown error', body);
  }
  /** A call that must succeed: its Error answer is thrown. */
  async function ok<T extends Json>(root: string, body: Json): Promise<T> {
    const out = await call<T>(root, body);
    const err = errorOf(out);
    if (err) throw err;
    return out;
  }
  return { call, ok, errorOf };
}
export type AuthorizenetClient = ReturnType<typeof createAuthorizenetClient>;

/** Statuses of a transaction (Transaction Details API) that took the money, and those under review. */
const CHARGED = new Set(['capturedPendingSettlement', 'settledSuccessfully', 'authorizedPendingCapture']);
const UNDER_REVIEW = new Set(['FDSPendingReview', 'FDSAuthorizedPendingReview', 'underReview']);
/** A charge not settled yet is voided; a settled one refunded (Authorize.Net refuses the other way). */
const VOIDABLE = new Set(['capturedPendingSettlement', 'authorizedPendingCapture']);

/** Customer-profile errors that are about the card the viewer typed (§8 validation message). */
const CARD_ERRORS = new Set(['E00013', 'E00015', 'E00027']);

/**
 * The second card gateway, `authorizenet` (decision 0058), over Authorize.Net's JSON API:
 * - a card is saved as a customer payment profile (CIM `createCustomerProfileRequest`, or
 *   `createCustomerPaymentProfileRequest` on the viewer's existing profile), validated with
 *   `validationMode: liveMode`; our token is `<customerProfileId>/<customerPaymentProfileId>`;
 * - a charge is `createTransactionRequest` `authCaptureTransaction` on that profile, with our charge
 *   id (shortened) as `order.invoiceNumber` and `refId`, and an 8 h `duplicateWindow`, so a retry of
 *   the same charge is answered with the first transaction instead of charging twice;
 * - `findCharge` finds a charge by invoice number among the unsettled transactions (reconcile runs
 *   minutes after a lost answer, well before the nightly settlement);
 * - renewals charge the saved profile from our scheduler, as with Stripe (no ARB subscription).
 */
export function createAuthorizenetGateway(
  config: AuthorizenetConfig,
  client: AuthorizenetClient = createAuthorizenetClient(config),
) {
  const billTo = (card: NewCard) => ({ firstName: card.firstName, lastName: card.lastName, zip: card.zip });
  const payment = (card: NewCard) => ({
    creditCard: {
      cardNumber: card.number,
      expirationDate: `${card.expYear}-${String(card.expMonth).padStart(2, '0')}`,
      cardCode: card.cvc,
    },
  });

  /** A refused profile: the card's fault (validation, §8) or ours (502). */
  function profileRefused(err: AuthorizenetError): never {
    if (CARD_ERRORS.has(err.code)) {
      // liveMode's validation transaction: "2,1,2,This transaction has been declined.,…".
      const direct =
        err.body.validationDirectResponse ??
        (err.body.validationDirectResponseList as string[] | undefined)?.[0];
      const reason = typeof direct === 'string' ? direct.split(',')[2] : undefined;
      throw new GatewayValidationError(reason ? declineCode(reason) : err.code);
    }
    gatewayUnavailable(err);
  }

  /** E00039 on a profile: "A duplicate record with ID 1234 already exists." — that profile's id. */
  const duplicateProfileId = (err: AuthorizenetError) =>
    err.code === 'E00039' ? /ID (\d+)/.exec(err.text)?.[1] : undefined;

  async function addToProfile(profileId: string, card: NewCard): Promise<string> {
    const out = await client.call<{ customerPaymentProfileId?: string }>(
      'createCustomerPaymentProfileRequest',
      {
        customerProfileId: profileId,
        paymentProfile: { customerType: 'individual', billTo: billTo(card), payment: payment(card) },
        validationMode: 'liveMode',
      },
    );
    const err = client.errorOf(out);
    // The same card again on the same profile: Authorize.Net answers the one it has.
    if (err?.code === 'E00039' && out.customerPaymentProfileId) return out.customerPaymentProfileId;
    if (err) profileRefused(err);
    if (!out.customerPaymentProfileId) throw new Error('authorizenet: no customerPaymentProfileId');
    return out.customerPaymentProfileId;
  }

  /** The outcome of a createTransactionRequest answer; a charge held for review throws. */
  function outcomeOf(tr: TransactionResponse): ChargeOutcome {
    const reason = tr.errors?.[0]?.errorCode;
    const ref = tr.transId && tr.transId !== '0' ? tr.transId : null;
    switch (tr.responseCode) {
      case '1':
        if (!ref) throw new Error('authorizenet: approved without a transId');
        return { status: 'succeeded', ref };
      case '4':
        throw new HeldForReviewError(`authorizenet: transaction ${ref} is held for review`);
      default:
        // 3 with reason 11: a duplicate of a charge inside the window, answered with the first
        // one's transId (and its authCode when that one was approved).
        if (reason === '11') {
          // Without the first one's id the outcome is unknown: pending, for reconcile to settle.
          if (!ref) throw new Error('authorizenet: a duplicate without the original transaction');
          return tr.authCode
            ? { status: 'succeeded', ref }
            : { status: 'declined', declineCode: 'card_declined', ref };
        }
        return { status: 'declined', declineCode: declineCode(reason), ref };
    }
  }

  async function transaction(transId: string) {
    const out = await client.ok<{ transaction?: Json }>('getTransactionDetailsRequest', { transId });
    return (out.transaction ?? {}) as {
      transactionStatus?: string;
      settleAmount?: number;
      authAmount?: number;
      payment?: { creditCard?: { cardNumber?: string; expirationDate?: string } };
    };
  }

  const gateway: PaymentGateway = {
    name: 'authorizenet',
    savesCards: true,

    async saveCard({ card, customer }) {
      try {
        const out = await client.call<{
          customerProfileId?: string;
          customerPaymentProfileIdList?: string[];
        }>('createCustomerProfileRequest', {
          profile: {
            merchantCustomerId: shortRef(customer.userId),
            description: `user ${customer.userId}`.slice(0, 255),
            email: customer.email,
            paymentProfiles: { customerType: 'individual', billTo: billTo(card), payment: payment(card) },
          },
          validationMode: 'liveMode',
        });
        const err = client.errorOf(out);
        const existing = err && duplicateProfileId(err);
        let profileId: string;
        let paymentProfileId: string;
        if (existing) {
          // The viewer's profile exists (an earlier card): the card joins it.
          profileId = existing;
          paymentProfileId = await addToProfile(existing, card);
        } else {
          if (err) profileRefused(err);
          const id = out.customerPaymentProfileIdList?.[0];
          if (!out.customerProfileId || !id) throw new Error('authorizenet: no profile ids');
          profileId = out.customerProfileId;
          paymentProfileId = id;
        }
        return {
          token: joinToken(profileId, paymentProfileId),
          last4: card.number.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
        };
      } catch (err) {
        gatewayUnavailable(err);
      }
    },

    async charge({ idempotencyKey, amountCents, currency, cardToken, description }) {
      if (!cardToken) throw new GatewayRefusedError('A card is required');
      const { profile, paymentProfile } = splitToken(cardToken);
      const invoice = shortRef(idempotencyKey);
      // No answer (network, timeout, an unreadable body) throws: the outcome is unknown, the charge
      // stays pending, and a retry (the same invoice: a duplicate) or reconcile settles it.
      const out = await client.call<{ transactionResponse?: TransactionResponse }>(
        'createTransactionRequest',
        {
          refId: invoice,
          transactionRequest: {
            transactionType: 'authCaptureTransaction',
            amount: amount(amountCents),
            currencyCode: currency.toUpperCase(),
            profile: { customerProfileId: profile, paymentProfile: { paymentProfileId: paymentProfile } },
            order: { invoiceNumber: invoice, description: description.slice(0, 255) },
            transactionSettings: {
              setting: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_S) }],
            },
          },
        },
      );
      // A declined transaction comes with resultCode Error too: the transaction response decides.
      const tr = out.transactionResponse;
      if (tr?.responseCode) return outcomeOf(tr);
      const err = client.errorOf(out);
      if (err?.code === 'E00040') throw new GatewayValidationError('unknown_card'); // profile gone
      gatewayUnavailable(err ?? new Error('authorizenet: no transactionResponse'));
    },

    async findCharge(idempotencyKey) {
      const invoice = shortRef(idempotencyKey);
      const limit = 1000;
      let declined: ChargeOutcome | null = null;
      for (let page = 1; page <= 20; page++) {
        const out = await client.ok<{
          transactions?: { transId: string; transactionStatus: string; invoiceNumber?: string }[];
        }>('getUnsettledTransactionListRequest', {
          sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
          paging: { limit, offset: page },
        });
        const list = out.transactions ?? [];
        for (const t of list.filter((x) => x.invoiceNumber === invoice)) {
          if (CHARGED.has(t.transactionStatus)) return { status: 'succeeded', ref: t.transId };
          if (UNDER_REVIEW.has(t.transactionStatus))
            throw new HeldForReviewError(`authorizenet: transaction ${t.transId} is held for review`);
          declined ??= {
            status: 'declined',
            declineCode: t.transactionStatus === 'declined' ? 'card_declined' : t.transactionStatus,
            ref: t.transId,
          };
        }
        if (list.length < limit) break;
      }
      return declined;
    },

    async refund(ref) {
      try {
        const t = await transaction(ref);
        const status = t.transactionStatus ?? '';
        let request: Json;
        if (VOIDABLE.has(status)) request = { transactionType: 'voidTransaction', refTransId: ref };
        else if (status === 'settledSuccessfully')
          request = {
            transactionType: 'refundTransaction',
            amount: String(t.settleAmount ?? t.authAmount),
            // Authorize.Net's refund names the card by its last four digits and a masked expiry ('XXXX').
            payment: {
              creditCard: {
                cardNumber: (t.payment?.creditCard?.cardNumber ?? '').slice(-4),
                expirationDate: 'XXXX',
              },
            },
            refTransId: ref,
          };
        else throw new GatewayRefusedError(`A ${status || 'unknown'} transaction cannot be refunded`);
        const out = await client.call<{ transactionResponse?: TransactionResponse }>(
          'createTransactionRequest',
          {
            transactionRequest: request,
          },
        );
        const tr = out.transactionResponse;
        if (tr?.responseCode !== '1') {
          const e = tr?.errors?.[0];
          if (e) throw new GatewayRefusedError(`${e.errorCode}: ${e.errorText}`);
          gatewayUnavailable(client.errorOf(out) ?? new Error('authorizenet: no transactionResponse'));
        }
      } catch (err) {
        if (err instanceof AuthorizenetError && err.code === 'E00040')
          throw new GatewayRefusedError(`${err.code}: ${err.text}`);
        gatewayUnavailable(err);
      }
    },

    async removeCard(token) {
      const { profile, paymentProfile } = splitToken(token);
      try {
        await client.ok('deleteCustomerPaymentProfileRequest', {
          customerProfileId: profile,
          customerPaymentProfileId: paymentProfile,
        });
      } catch (err) {
        // E00105 (the profile pays an ARB subscription) is the §8 "associated with an active purchase".
        if (err instanceof AuthorizenetError && err.code !== 'E00007' && err.code !== 'E00001')
          throw new GatewayRefusedError(`${err.code}: ${err.text}`);
        gatewayUnavailable(err);
      }
    },
  };
  return gateway;
}
