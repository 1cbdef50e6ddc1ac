import { COMMERCE_MESSAGES } from '@marquee/domain';
import { AppError } from '../../../plugins/errors';

/**
 * One interface for every payment gateway (decision 0029). The embedded `test` gateway and `free`
 * implement it now; stripe (PaymentIntents / SetupIntents) and paypal adapters slot in behind it.
 * Every money-moving call carries our charge id as the idempotency key, so a retry after a crash
 * or a timeout never charges twice; `findCharge` lets reconcile ask what happened to a key.
 */
export interface NewCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  firstName: string;
  lastName: string;
  zip: string;
}

export interface SavedCard {
  /** The gateway's reference for the card (a token, a PaymentMethod id…). */
  token: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type ChargeOutcome =
  { status: 'succeeded'; ref: string } | { status: 'declined'; declineCode: string; ref: string | null };

/** The card was refused before any charge (the gateway's validation): §8 "There was an error attempting to validate…". */
export class GatewayValidationError extends Error {
  constructor(readonly code: string) {
    super(`card validation failed: ${code}`);
  }
}

/** The gateway refused an operation with its own message (e.g. deleting a card; "E00105…"). */
export class GatewayRefusedError extends Error {}

/**
 * A provider failure that is ours to hide (our key, their 5xx, an unreadable answer): 502
 * paymentFailed, the cause logged and never sent (a provider's 401 would look like the user's
 * session failing). The gateway's own refusals and our AppErrors pass through.
 */
export function gatewayUnavailable(err: unknown): never {
  if (err instanceof GatewayValidationError || err instanceof GatewayRefusedError || err instanceof AppError)
    throw err;
  const out = new AppError(502, 'paymentFailed', COMMERCE_MESSAGES.paymentFailure);
  out.cause = err; // logged, never sent
  throw out;
}

export interface PaymentGateway {
  readonly name: string;
  /** Whether cards can be saved and charged later (renewals). */
  readonly savesCards: boolean;
  saveCard(input: { card: NewCard; customer: { userId: string; email: string } }): Promise<SavedCard>;
  /** Charges a saved card. Idempotent by key: the same key answers the first outcome. */
  charge(input: {
    idempotencyKey: string;
    amountCents: number;
    currency: string;
    cardToken: string | null;
    description: string;
  }): Promise<ChargeOutcome>;
  /** What the gateway did with a key; null when it never saw it. */
  findCharge(idempotencyKey: string): Promise<ChargeOutcome | null>;
  refund(ref: string): Promise<void>;
  removeCard(token: string): Promise<void>;
}

export type GatewayRegistry = Record<string, PaymentGateway>;

/**
 * A wallet gateway (PayPal, decision 0031): the buyer approves at the provider's page, then the
 * confirm call completes it. `begin` answers the provider's reference and the approval link.
 */
export interface ApprovalGateway extends PaymentGateway {
  begin(input: {
    idempotencyKey: string;
    amountCents: number;
    currency: string;
    description: string;
    /** For a recurring bundle on a subscription gateway: the plan to subscribe to. */
    recurring: {
      siteUid: string;
      bundleId: string;
      name: string;
      planType: string;
      priceCents: number;
      trialDays: number;
      currency: string;
    } | null;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<{ ref: string; approvalHref: string }>;
  /** Captures (order) or activates (subscription) what the buyer approved. */
  complete(input: { ref: string; idempotencyKey: string }): Promise<ChargeOutcome>;
  /** The buyer canceled at the provider. */
  abandon(ref: string): Promise<void>;
}

export const isApprovalGateway = (g: PaymentGateway): g is ApprovalGateway => 'begin' in g;
