import { COMMERCE_MESSAGES } from '@marquee/domain';
import { describe, expect, it } from 'vitest';
import { emptyAddress } from '../components/address-form';
import { buildOrder, paypalGatewayFor, validateShippingBlock, type OrderInput } from './build-order';
import { emptyPayment } from './payment';
import { address, goodCard, mastercard, monthly, visa } from './test-fixtures';

const countries = [{ c: 'CA', n: 'Canada', f: '' }];

const input = (over: Partial<OrderInput> = {}): OrderInput => ({
  bundle: monthly,
  kind: 'purchase',
  platform: 'web',
  appliedCoupon: null,
  disclaimerNeeded: true,
  disclaimer: true,
  payment: { ...emptyPayment(), billing: address },
  saved: [visa, mastercard],
  shipping: { name: '', sameAsBilling: false, address: emptyAddress() },
  cardGateway: 'test',
  paypalGateway: null,
  countries,
  domain: 'demo.example',
  ...over,
});

const billingAddress = {
  address1: '1 Main St',
  city: 'Toronto',
  state: 'ON',
  zip: 'M5V 1A1',
  countryCode: 'CA',
  country: 'Canada',
};

describe('buildOrder (§3 Order, §4 Checkout)', () => {
  it('a saved card: the default one unless another is chosen, with the billing address and channel', () => {
    expect(buildOrder(input({ channel: 'ch1' }))).toEqual({
      gateway: 'test',
      resourceId: 'b1',
      type: 'Bundle',
      planType: 'month',
      platform: 'web',
      domain: 'demo.example',
      disclaimerAccepted: true,
      gatewayMethod: 'existingCard',
      billingAddress,
      gatewayData: { paymentMethod: 'pm-mc', channel: 'ch1' },
    });
    const chosen = buildOrder(input({ payment: { ...emptyPayment(), billing: address, cardId: 'pm-visa' } }));
    expect(chosen.gatewayData).toEqual({ paymentMethod: 'pm-visa' });
  });

  it('a new card: the card data (names trimmed, numbers as numbers) and the captcha token', () => {
    const order = buildOrder(
      input({
        saved: [],
        payment: { ...emptyPayment(), card: goodCard, billing: address, token: 'tok' },
      }),
    );
    expect(order.gatewayMethod).toBe('newCard');
    expect(order.recaptchaToken).toBe('tok');
    expect(order.gatewayData).toEqual({
      card: {
        cardNumber: '4242424242424242',
        firstName: 'Ada',
        lastName: 'Lovelace',
        month: 12,
        year: Number(goodCard.year),
        cardCode: '123',
        zip: 'M5V 1A1',
        address: '1 Main St',
        city: 'Toronto',
        state: 'ON',
        countryCode: 'CA',
      },
    });
  });

  it('the wallet: its gateway, no card part; a free bundle: gateway free, no card part', () => {
    const wallet = buildOrder(
      input({ paypalGateway: 'paypal-sub', payment: { ...emptyPayment(), method: 'paypal' } }),
    );
    expect(wallet.gateway).toBe('paypal-sub');
    expect(wallet).not.toHaveProperty('gatewayMethod');
    expect(wallet).not.toHaveProperty('billingAddress');
    const free = buildOrder(input({ bundle: { ...monthly, amountCents: 0 }, disclaimerNeeded: false }));
    expect(free.gateway).toBe('free');
    expect(free).not.toHaveProperty('gatewayData');
    expect(free).not.toHaveProperty('disclaimerAccepted');
  });

  it('a rental, a coupon, a title, a gift and an upgrade each add their fields', () => {
    const giftData = { email: 'friend@example.com', name: 'Friend', message: '' } as OrderInput['giftData'];
    const order = buildOrder(
      input({
        bundle: { ...monthly, type: 'RENTAL' },
        appliedCoupon: 'SAVE',
        videoUid: 'v1',
        kind: 'gift',
        giftData,
      }),
    );
    expect(order).toMatchObject({
      type: 'Rental',
      couponCode: 'SAVE',
      videoUid: 'v1',
      isGift: true,
      giftData,
    });
    expect(order).not.toHaveProperty('isUpgrade');
    const upgrade = buildOrder(input({ kind: 'upgrade', upgradesPurchase: 'p1', giftData }));
    expect(upgrade).toMatchObject({ isUpgrade: true, upgradesPurchase: 'p1' });
    expect(upgrade).not.toHaveProperty('isGift');
  });

  it('a bundle that ships: the trimmed name and its address, or the billing one marked sameAsBilling', () => {
    const ships = { ...monthly, requiresShippingAddress: true };
    const own = buildOrder(
      input({
        bundle: ships,
        shipping: { name: ' Ada ', sameAsBilling: false, address: { ...address, city: 'Ottawa' } },
      }),
    );
    expect(own.shippingFullName).toBe('Ada');
    expect(own.shippingAddress).toEqual({ ...billingAddress, city: 'Ottawa' });
    const same = buildOrder(
      input({ bundle: ships, shipping: { name: 'Ada', sameAsBilling: true, address: emptyAddress() } }),
    );
    expect(same.shippingAddress).toEqual({ ...billingAddress, sameAsBilling: true });
  });
});

describe('paypalGatewayFor and the shipping rules', () => {
  it('a recurring bundle uses the wallet subscription, a one-time one the plain wallet', () => {
    const both = { hasPaypal: true, hasPaypalSub: true };
    expect(paypalGatewayFor({ recurring: true }, both)).toBe('paypal-sub');
    expect(paypalGatewayFor({ recurring: false }, both)).toBe('paypal');
    expect(paypalGatewayFor({ recurring: true }, { hasPaypal: true, hasPaypalSub: false })).toBeNull();
    expect(paypalGatewayFor({ recurring: false }, { hasPaypal: false, hasPaypalSub: true })).toBeNull();
  });

  it('same as billing needs a billing address first; otherwise name and address are required', () => {
    const required = COMMERCE_MESSAGES.requiredInformation;
    const same = validateShippingBlock(
      { name: 'Ada', sameAsBilling: true, address: emptyAddress() },
      null,
      required,
    );
    expect(same.message).toBe(COMMERCE_MESSAGES.selectBillingFirst);
    const empty = validateShippingBlock(
      { name: '', sameAsBilling: false, address: emptyAddress() },
      null,
      required,
    );
    expect(empty.message).toBe(required);
    expect(empty.errors.shippingFullName).toBe(required);
    expect(
      validateShippingBlock({ name: 'Ada', sameAsBilling: true, address: emptyAddress() }, address, required),
    ).toEqual({ message: null, errors: {} });
  });
});
