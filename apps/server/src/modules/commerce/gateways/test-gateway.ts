import { randomBytes } from 'node:crypto';
import { luhnValid } from '@marquee/domain';
import {
  GatewayRefusedError,
  GatewayValidationError,
  type ChargeOutcome,
  type PaymentGateway,
} from './gateway';
import type { TestGatewayRepository } from './test-gateway.repository';

/**
 * Test card numbers of the embedded `test` gateway (the numbers Stripe's test mode uses, so the same
 * cards work when stripe lands). Any other Luhn-valid number succeeds.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  successMastercard: '5555555555554444',
  /** Saved fine; every charge declines with this code. */
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
  /** Refused when saved: the gateway's validation fails (incorrect_cvc). */
  validationFails: '4000000000000127',
  /** Charged, but the answer is lost (a timeout): what reconcile and retries are for. */
  lostResponse: '4000000000000259',
} as const;

const BEHAVIOUR: Record<string, string> = {
  [TEST_CARDS.declined]: 'card_declined',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [TEST_CARDS.expiredCard]: 'expired_card',
  [TEST_CARDS.lostResponse]: 'lost_response',
};

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The embedded gateway of development, tests and benches. It plays an external gateway: its
 * saved cards and charges live in its own tables (test_gateway_*), charges are idempotent by key
 * (one row per key; a concurrent duplicate reads the first), and reconcile can ask it what a key
 * did. The lostResponse card is charged and then throws, as a timeout or a crash would.
 */
export function createTestGateway(repo: TestGatewayRepository, now: () => number) {
  const iso = () => new Date(now()).toISOString();

  async function chargeByKey(key: string): Promise<ChargeOutcome | null> {
    const row = await repo.chargeByKey(key);
    if (!row) return null;
    return row.status === 'declined'
      ? { status: 'declined', declineCode: row.decline_code ?? 'card_declined', ref: row.ref }
      : { status: 'succeeded', ref: row.ref };
  }

  const gateway: PaymentGateway = {
    name: 'test',
    savesCards: true,

    async saveCard({ card }) {
      const number = card.number;
      if (!luhnValid(number) || number === TEST_CARDS.validationFails)
        throw new GatewayValidationError(
          number === TEST_CARDS.validationFails ? 'incorrect_cvc' : 'invalid_number',
        );
      const saved = {
        token: token('tgpm'),
        last4: number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
      await repo.insertMethod({
        token: saved.token,
        behaviour: BEHAVIOUR[number] ?? 'succeed',
        last4: saved.last4,
        detached: 0,
        created_at: iso(),
      });
      return saved;
    },

    async charge({ idempotencyKey, amountCents, cardToken }) {
      const first = await chargeByKey(idempotencyKey);
      if (first) return first;
      if (!cardToken) throw new GatewayRefusedError('A card is required');
      const method = await repo.method(cardToken);
      if (!method || method.detached) throw new GatewayValidationError('unknown_card');
      const declined = method.behaviour !== 'succeed' && method.behaviour !== 'lost_response';
      await repo.insertCharge({
        idempotency_key: idempotencyKey,
        ref: token('tgch'),
        method_token: cardToken,
        amount_cents: amountCents,
        status: declined ? 'declined' : 'succeeded',
        decline_code: declined ? method.behaviour : null,
        created_at: iso(),
      });
      const outcome = (await chargeByKey(idempotencyKey))!;
      if (method.behaviour === 'lost_response')
        throw new Error('test gateway: response lost after the charge');
      return outcome;
    },

    findCharge: chargeByKey,

    async refund(ref) {
      if (!(await repo.refund(ref))) throw new GatewayRefusedError('No such charge to refund');
    },

    async removeCard(cardToken) {
      if (!(await repo.detach(cardToken))) throw new GatewayRefusedError('No such card');
    },
  };
  return gateway;
}
export type TestGateway = ReturnType<typeof createTestGateway>;
