import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/infra/event-bus';
import {
  createAuthorizenetGateway,
  DUPLICATE_WINDOW_S,
  shortRef,
} from '../../src/modules/commerce/gateways/authorizenet-gateway';
import { createFreeGateway } from '../../src/modules/commerce/gateways/free-gateway';
import { createOffersRepository } from '../../src/modules/commerce/offers/offers.repository';
import { createPaymentMethodsRepository } from '../../src/modules/commerce/payment-methods/payment-methods.repository';
import { createRenewalsRepository } from '../../src/modules/commerce/renewals/renewals.repository';
import { createRenewals } from '../../src/modules/commerce/renewals/renewals.service';
import { CARD, commerceHarness, expectDeclined, TEST_CARDS, type CommerceHarness } from './fixtures';
import { HELD_CARD, startAuthorizenetDouble, type AuthorizenetDouble } from './doubles/authorizenet-double';

// Decision 0058: the second card gateway against a local Authorize.Net double, through the same
// purchase endpoints as stripe, on a site that takes orders through authorizenet only.
let t: CommerceHarness;
let anet: AuthorizenetDouble;
const env = (d: AuthorizenetDouble, key = d.transactionKey) => ({
  AUTHORIZENET_API_LOGIN_ID: d.loginId,
  AUTHORIZENET_TRANSACTION_KEY: key,
  AUTHORIZENET_API_URL: d.url,
});
async function harness(key?: string) {
  const h = await commerceHarness({ env: env(anet, key) });
  await h.h.db
    .updateTable('sites')
    .set({ payment_gateways: JSON.stringify(['authorizenet']) })
    .where('uid', '=', 'acme')
    .execute();
  return h;
}
beforeEach(async () => {
  anet = await startAuthorizenetDouble();
  t = await harness();
});
afterEach(async () => {
  await t.h.close();
  await anet.close();
});

const addCard = (cardNumber?: string) => t.postCard('alice', 'authorizenet', cardNumber);
async function savedCard(cardNumber?: string) {
  const res = await addCard(cardNumber);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}
const order = (resourceId: string, paymentMethod: string, over: Record<string, unknown> = {}) => ({
  ...t.cardOrder(resourceId, paymentMethod),
  gateway: 'authorizenet',
  ...over,
});
const anetCharges = () =>
  t.h.db.selectFrom('gateway_charges').selectAll().where('gateway', '=', 'authorizenet').execute();
const charges = () => anet.requests.filter((r) => r.root === 'createTransactionRequest');
describe('authorizenet refusals', () => {
  it('not configured: not listed, and an order naming it (or paypal-baid) is 400 naming gateway', async () => {
    await t.h.close();
    t = await commerceHarness();
    const gateways = (await t.h.app.inject({ url: '/api/payment/gateways' })).json();
    expect(JSON.stringify(gateways)).not.toContain('authorizenet');
    const res = await t.subscribe('alice', order('annual', 'x'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'gatewayUnavailable', field: 'gateway' });
    // paypal-baid is a §3 value no flow reaches (decision 0058): never a gateway, so the same 400.
    const baid = await t.subscribe('alice', order('annual', 'x', { gateway: 'paypal-baid' }));
    expect(baid.statusCode).toBe(400);
    expect(baid.json().error).toMatchObject({ code: 'gatewayUnavailable', field: 'gateway' });
  });

  it('configured but not enabled by the site: 400 naming gateway, nothing sent to Authorize.Net', async () => {
    await t.h.db
      .updateTable('sites')
      .set({ payment_gateways: JSON.stringify(['test']) })
      .where('uid', '=', 'acme')
      .execute();
    const res = await addCard();
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'gatewayUnavailable', field: 'gateway' });
    expect(anet.requests).toEqual([]);
  });

  it('a card refused by liveMode validation: 400 with the §8 validation message, nothing saved', async () => {
    const res = await addCard(TEST_CARDS.validationFails);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'There was an error attempting to validate your payment information.',
    );
    expect(await t.h.db.selectFrom('payment_methods').selectAll().execute()).toEqual([]);
    expect(anet.requests[0]!.body.validationMode).toBe('liveMode');
  });

  it('a declined charge (responseCode 2): 402 with the decline code in parentheses, no purchase', async () => {
    const card = await savedCard(TEST_CARDS.declined);
    expectDeclined(await t.subscribe('alice', order('annual', card)), 'card_declined');
    expect(await t.purchases('alice')).toEqual([]);
    expect(await anetCharges()).toEqual([
      expect.objectContaining({ status: 'declined', decline_code: 'card_declined' }),
    ]);
  });

  it('an error result (responseCode 3, reason 8): 402 naming expired_card', async () => {
    const card = await savedCard(TEST_CARDS.expiredCard);
    const res = await t.subscribe('alice', order('rental', card, { type: 'Rental', videoUid: 'movie-1' }));
    expectDeclined(res, 'expired_card');
    expect(await t.purchases('alice')).toEqual([]);
  });

  it('a wrong transaction key (E00007): 502 paymentFailed, nothing saved, the key never shown', async () => {
    await t.h.close();
    t = await harness('wrong-key');
    const res = await addCard();
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('paymentFailed');
    expect(res.body).not.toContain('E00007');
    expect(await t.h.db.selectFrom('payment_methods').selectAll().execute()).toEqual([]);
    expect(anet.requests.every((r) => r.name === anet.loginId && r.transactionKey === 'wrong-key')).toBe(
      true,
    );
  });

  it('Authorize.Net unreachable: saving a card is 502, nothing saved', async () => {
    await anet.close();
    const res = await addCard();
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('paymentFailed');
    expect(await t.h.db.selectFrom('payment_methods').selectAll().execute()).toEqual([]);
    anet = await startAuthorizenetDouble({ port: anet.port }); // afterEach closes one
  });
});

describe('authorizenet gateway', () => {
  it('lists authorizenet as the site card gateway', async () => {
    const res = await t.h.app.inject({ url: '/api/payment/gateways' });
    const items = res.json().items as { name: string; savesCards: boolean }[];
    expect(items.map((g) => `${g.name}:${g.savesCards}`)).toEqual(['free:false', 'authorizenet:true']);
  });

  it('saves a card as a customer payment profile and buys a subscription with authCaptureTransaction', async () => {
    const added = await addCard();
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ last4: '4242', gateway: 'authorizenet', cardType: 'Visa' });
    const profileCall = anet.requests.find((r) => r.root === 'createCustomerProfileRequest')!;
    expect(profileCall.body).toMatchObject({
      profile: {
        merchantCustomerId: shortRef('alice'),
        email: 'alice@example.com',
        paymentProfiles: {
          payment: { creditCard: { cardNumber: TEST_CARDS.success, expirationDate: '2030-12' } },
        },
      },
      validationMode: 'liveMode',
    });

    const res = await t.subscribe('alice', order('annual', added.json().id as string));
    expect(res.statusCode).toBe(201);
    expect(res.json().purchase).toMatchObject({
      gateway: 'authorizenet',
      status: 'active',
      isRecurring: true,
    });
    const [charge] = await anetCharges();
    const [call] = charges();
    const [profileId] = anet.profiles.keys();
    const [paymentProfileId] = anet.profiles.get(profileId!)!.payments.keys();
    expect(call!.name).toBe(anet.loginId);
    expect(call!.transactionKey).toBe(anet.transactionKey);
    expect(call!.body.transactionRequest).toEqual({
      transactionType: 'authCaptureTransaction',
      amount: '79.90',
      currencyCode: 'USD',
      profile: { customerProfileId: profileId, paymentProfile: { paymentProfileId } },
      order: { invoiceNumber: shortRef(charge!.id), description: expect.any(String) },
      transactionSettings: {
        setting: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_S) }],
      },
    });
    const [tx] = anet.transactions.values();
    expect(res.json().purchase.gatewayId).toBe(tx!.transId);
    const entitled = await t.h.app.inject({
      url: '/api/payment/purchasedbundlesIds',
      headers: t.auth('alice'),
    });
    expect(entitled.json().items).toContain('annual');
  });

  it("buys a rental with a new card in the order; a second card joins the viewer's profile (E00039)", async () => {
    await savedCard();
    const res = await t.subscribe('alice', {
      ...order('rental', 'x', { type: 'Rental', videoUid: 'movie-1' }),
      gatewayMethod: 'newCard',
      gatewayData: { card: { ...CARD, cardNumber: TEST_CARDS.successMastercard } },
      recaptchaToken: await t.solvedCaptcha(t.h.app, 'acme'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().purchase).toMatchObject({
      gateway: 'authorizenet',
      gatewayMethod: 'newCard',
      type: 'RENTAL',
    });
    expect(anet.profiles.size).toBe(1);
    expect([...anet.profiles.values()][0]!.payments.size).toBe(2);
    expect(anet.requests.map((r) => r.root)).toContain('createCustomerPaymentProfileRequest');
    expect(charges()[0]!.body.transactionRequest).toMatchObject({ amount: '3.99' });
    const methods = (
      await t.h.app.inject({ url: '/api/payment/method/get/authorizenet', headers: t.auth('alice') })
    ).json().items;
    expect(methods.map((m: { last4: string }) => m.last4).sort()).toEqual(['4242', '4444']);
  });

  it('the same Idempotency-Key replays the first answer: one transaction, one purchase', async () => {
    const card = await savedCard();
    const key = t.newKey();
    const first = await t.subscribe('alice', order('annual', card), key);
    const again = await t.subscribe('alice', order('annual', card), key);
    expect(first.statusCode).toBe(201);
    expect(again.json().purchase.id).toBe(first.json().purchase.id);
    expect(charges()).toHaveLength(1);
    expect(anet.transactions.size).toBe(1);
    expect(await t.purchases('alice')).toHaveLength(1);
  });

  it('a dropped answer, then the retry with the same key: Authorize.Net answers the duplicate with the first transaction; charged once', async () => {
    const card = await savedCard(TEST_CARDS.lostResponse);
    const key = t.newKey();
    const lost = await t.subscribe('alice', order('annual', card), key);
    expect(lost.statusCode).toBe(502);
    expect(lost.json().error.code).toBe('paymentFailed');
    expect(await t.purchases('alice')).toEqual([]);
    expect(await anetCharges()).toEqual([expect.objectContaining({ status: 'pending' })]);

    const retry = await t.subscribe('alice', order('annual', card), key);
    expect(retry.statusCode).toBe(201);
    const [tx] = anet.transactions.values();
    expect(anet.transactions.size).toBe(1);
    expect(retry.json().purchase.gatewayId).toBe(tx!.transId);
    // The second createTransactionRequest carried the same invoice number as the first.
    const [a, b] = charges();
    expect((b!.body.transactionRequest as { order: unknown }).order).toEqual(
      (a!.body.transactionRequest as { order: unknown }).order,
    );
    expect(await t.purchases('alice')).toHaveLength(1);
  });

  it('a lost answer: 502, then reconcile finds the transaction by invoice number and records it once', async () => {
    const card = await savedCard(TEST_CARDS.lostResponse);
    expect((await t.subscribe('alice', order('annual', card))).statusCode).toBe(502);
    t.clock.now += 10 * 60_000;
    await t.restart();
    await t.restart();
    const rows = await t.purchases('alice');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.gateway_id).toBe([...anet.transactions.keys()][0]);
    expect(anet.requests.some((r) => r.root === 'getUnsettledTransactionListRequest')).toBe(true);
    expect(anet.transactions.size).toBe(1);
  });

  it('a charge held for review stays pending until the merchant approves it, then reconcile records it', async () => {
    const card = await savedCard(HELD_CARD);
    expect((await t.subscribe('alice', order('annual', card))).statusCode).toBe(502);
    t.clock.now += 10 * 60_000;
    await t.restart();
    expect(await t.purchases('alice')).toEqual([]);
    expect(await anetCharges()).toEqual([expect.objectContaining({ status: 'pending' })]);
    [...anet.transactions.values()][0]!.transactionStatus = 'capturedPendingSettlement';
    await t.restart();
    expect(await t.purchases('alice')).toHaveLength(1);
  });

  it('Authorize.Net unreachable during a charge: 502 and pending; the retry charges once, reconcile of another abandons it', async () => {
    const card = await savedCard();
    const key = t.newKey();
    await anet.close();
    expect((await t.subscribe('alice', order('annual', card), key)).statusCode).toBe(502);
    expect(
      (await t.subscribe('alice', order('rental', card, { type: 'Rental', videoUid: 'movie-1' }))).statusCode,
    ).toBe(502);
    expect(await anetCharges()).toEqual([
      expect.objectContaining({ status: 'pending' }),
      expect.objectContaining({ status: 'pending' }),
    ]);
    // Back on the same address, with its profiles (the card) but nothing charged.
    const { profiles } = anet;
    anet = await startAuthorizenetDouble({ port: anet.port });
    for (const [id, p] of profiles) anet.profiles.set(id, p);
    const retry = await t.subscribe('alice', order('annual', card), key);
    expect(retry.statusCode).toBe(201);
    expect(anet.transactions.size).toBe(1);
    // The rental's request was never retried: reconcile finds no transaction and abandons it.
    t.clock.now += 10 * 60_000;
    await t.restart();
    const statuses = (await anetCharges()).map((c) => c.status).sort();
    expect(statuses).toEqual(['abandoned', 'succeeded']);
    expect(anet.transactions.size).toBe(1);
  });

  it('renews a subscription from our scheduler by charging the saved payment profile', async () => {
    const card = await savedCard();
    const bought = await t.subscribe('alice', order('annual', card));
    expect(bought.statusCode).toBe(201);
    const [p] = await t.purchases('alice');
    const renewals = createRenewals({
      repo: createRenewalsRepository(t.h.db),
      offers: createOffersRepository(t.h.db),
      methods: createPaymentMethodsRepository(t.h.db),
      gateways: {
        authorizenet: createAuthorizenetGateway({
          loginId: anet.loginId,
          transactionKey: anet.transactionKey,
          apiUrl: anet.url,
        }),
        free: createFreeGateway(),
      },
      siteGateways: async () => ['authorizenet'],
      now: () => t.clock.now,
      events: createEventBus(),
      log: { warn: () => {}, error: () => {} },
    });
    t.clock.now = Date.parse(p!.available_to!) + 1;
    expect(await renewals.run()).toMatchObject({ renewed: 1 });
    expect(await renewals.run()).toMatchObject({ renewed: 0 });
    expect(anet.transactions.size).toBe(2);
    const invoices = new Set([...anet.transactions.values()].map((x) => x.invoiceNumber));
    expect(invoices.size).toBe(2);
  });

  it('refund: voids an unsettled charge, refunds a settled one by its last four digits', async () => {
    const gw = createAuthorizenetGateway({
      loginId: anet.loginId,
      transactionKey: anet.transactionKey,
      apiUrl: anet.url,
    });
    const saved = await gw.saveCard({
      card: {
        number: TEST_CARDS.success,
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        firstName: 'A',
        lastName: 'P',
        zip: '1',
      },
      customer: { userId: 'u1', email: 'u1@example.com' },
    });
    const one = await gw.charge({
      idempotencyKey: 'c-1',
      amountCents: 799,
      currency: 'usd',
      cardToken: saved.token,
      description: 'x',
    });
    const two = await gw.charge({
      idempotencyKey: 'c-2',
      amountCents: 799,
      currency: 'usd',
      cardToken: saved.token,
      description: 'x',
    });
    expect(one).toMatchObject({ status: 'succeeded' });
    await gw.refund((one as { ref: string }).ref);
    expect(anet.transactions.get((one as { ref: string }).ref)!.transactionStatus).toBe('voided');
    anet.settle();
    await gw.refund((two as { ref: string }).ref);
    const refund = anet.requests.at(-1)!.body.transactionRequest as Record<string, unknown>;
    expect(refund).toEqual({
      transactionType: 'refundTransaction',
      amount: '7.99',
      payment: { creditCard: { cardNumber: '4242', expirationDate: 'XXXX' } },
      refTransId: (two as { ref: string }).ref,
    });
    // A voided charge cannot be refunded again: the gateway's refusal, not a 502.
    await expect(gw.refund((one as { ref: string }).ref)).rejects.toThrow(/voided/);
    expect(await gw.findCharge('c-1')).toMatchObject({ status: 'declined', declineCode: 'voided' });
    expect(await gw.findCharge('never')).toBeNull();
  });

  it('removing a card deletes its payment profile at Authorize.Net', async () => {
    const card = await savedCard();
    const res = await t.h.app.inject({
      method: 'DELETE',
      url: `/api/payment/method/remove/authorizenet/${card}`,
      headers: t.auth('alice'),
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(anet.requests.at(-1)!.root).toBe('deleteCustomerPaymentProfileRequest');
    expect([...anet.profiles.values()][0]!.payments.size).toBe(0);
  });
});
