import Stripe from 'stripe';
import {
  gatewayUnavailable,
  GatewayRefusedError,
  GatewayValidationError,
  type ChargeOutcome,
  type PaymentGateway,
} from './gateway';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Overrides https://api.stripe.com (tests point it at a local double). */
  apiBase: string | undefined;
}

/** The SDK client, pointed at apiBase when given (host/port/protocol options of the SDK). */
export function stripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Our saved-card token holds both halves Stripe needs for an off-session charge. */
const joinToken = (customer: string, method: string) => `${customer}/${method}`;
function splitToken(token: string): { customer: string; method: string } {
  const [customer, method] = token.split('/');
  if (!customer || !method) throw new GatewayValidationError('unknown_card');
  return { customer, method };
}

function outcomeOf(pi: Stripe.PaymentIntent): ChargeOutcome | null {
  if (pi.status === 'succeeded') return { status: 'succeeded', ref: pi.id };
  const err = pi.last_payment_error;
  if (err)
    return { status: 'declined', declineCode: err.decline_code ?? err.code ?? 'card_declined', ref: pi.id };
  return null;
}

/**
 * Stripe through the official SDK (decision 0031): a SetupIntent confirms a card for off-session
 * use on a Customer; a charge is a PaymentIntent confirmed off_session with the saved method and
 * Stripe's Idempotency-Key set to our charge id, which also goes in metadata so `findCharge` can
 * search for it after a lost answer.
 */
export function createStripeGateway(config: StripeConfig, client: Stripe = stripeClient(config)) {
  const gateway: PaymentGateway = {
    name: 'stripe',
    savesCards: true,

    async saveCard({ card, customer }) {
      try {
        const pm = await client.paymentMethods.create({
          type: 'card',
          card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
          billing_details: {
            name: `${card.firstName} ${card.lastName}`.trim(),
            email: customer.email,
            address: { postal_code: card.zip },
          },
        });
        const cus = await client.customers.create({
          email: customer.email,
          metadata: { user_id: customer.userId },
        });
        const setup = await client.setupIntents.create({
          customer: cus.id,
          payment_method: pm.id,
          confirm: true,
          usage: 'off_session',
          payment_method_types: ['card'],
        });
        if (setup.status !== 'succeeded')
          throw new GatewayValidationError(setup.last_setup_error?.code ?? setup.status);
        return {
          token: joinToken(cus.id, pm.id),
          last4: pm.card?.last4 ?? card.number.slice(-4),
          expMonth: pm.card?.exp_month ?? card.expMonth,
          expYear: pm.card?.exp_year ?? card.expYear,
        };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError)
          throw new GatewayValidationError(err.decline_code ?? err.code ?? 'card_error');
        gatewayUnavailable(err);
      }
    },

    async charge({ idempotencyKey, amountCents, currency, cardToken, description }) {
      if (!cardToken) throw new GatewayRefusedError('A card is required');
      const { customer, method } = splitToken(cardToken);
      try {
        const pi = await client.paymentIntents.create(
          {
            amount: amountCents,
            currency: currency.toLowerCase(),
            customer,
            payment_method: method,
            off_session: true,
            confirm: true,
            description,
            metadata: { charge_id: idempotencyKey },
          },
          { idempotencyKey },
        );
        const outcome = outcomeOf(pi);
        if (!outcome) throw new Error(`stripe: payment intent ${pi.id} is ${pi.status}`);
        return outcome;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          const pi = (err.raw as { payment_intent?: { id?: string } }).payment_intent;
          return {
            status: 'declined',
            declineCode: err.decline_code ?? err.code ?? 'card_declined',
            ref: pi?.id ?? null,
          };
        }
        // A connection error leaves the outcome unknown: checkout keeps the charge pending.
        if (err instanceof Stripe.errors.StripeConnectionError) throw err;
        gatewayUnavailable(err);
      }
    },

    async findCharge(idempotencyKey) {
      // Our ids are UUIDs: nothing in them needs escaping in Stripe's search syntax.
      const found = await client.paymentIntents.search({
        query: `metadata['charge_id']:'${idempotencyKey.replace(/'/g, '')}'`,
        limit: 10,
      });
      let declined: ChargeOutcome | null = null;
      for (const pi of found.data) {
        const o = outcomeOf(pi);
        if (o?.status === 'succeeded') return o;
        declined ??= o;
      }
      return declined;
    },

    async refund(ref) {
      try {
        await client.refunds.create({ payment_intent: ref });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError)
          throw new GatewayRefusedError(err.message);
        gatewayUnavailable(err);
      }
    },

    async removeCard(token) {
      const { method } = splitToken(token);
      try {
        await client.paymentMethods.detach(method);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError)
          throw new GatewayRefusedError(err.message);
        gatewayUnavailable(err);
      }
    },
  };
  return gateway;
}
