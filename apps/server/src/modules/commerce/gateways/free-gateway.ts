import { GatewayRefusedError, type PaymentGateway } from './gateway';

/**
 * The free gateway (§4 Checkout: "set when the amount is zero or a coupon makes it free"): it only
 * ever "charges" zero, and keeps no state (a zero charge needs no record at a gateway).
 */
export function createFreeGateway(): PaymentGateway {
  return {
    name: 'free',
    savesCards: false,
    async saveCard() {
      throw new GatewayRefusedError('The free gateway does not keep cards');
    },
    async charge({ idempotencyKey, amountCents }) {
      if (amountCents !== 0) throw new GatewayRefusedError('The free gateway only takes free orders');
      return { status: 'succeeded', ref: `free_${idempotencyKey}` };
    },
    async findCharge(idempotencyKey) {
      return { status: 'succeeded', ref: `free_${idempotencyKey}` };
    },
    async refund() {},
    async removeCard() {
      throw new GatewayRefusedError('The free gateway does not keep cards');
    },
  };
}
