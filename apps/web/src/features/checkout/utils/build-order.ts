import type { Bundle, CountryCode, GiftData, Order, PaymentMethod } from '@marquee/contract';
import { isRentalType, validateShipping } from '@marquee/domain';
import { addressData, type AddressErrors, type AddressValue } from '../components/address-form';
import { isFreeBundle } from './checkout-rules';
import { cardPaymentFields, effectivePayment, type PaymentValue } from './payment';

/** The shipping block of a physical bundle (§5). */
export interface ShippingValue {
  name: string;
  sameAsBilling: boolean;
  address: AddressValue;
}

export type ShippingErrors = AddressErrors & { shippingFullName?: string; sameAsBilling?: string };

/** Everything an order is built from: the form's state and what the checkout was opened for. */
export interface OrderInput {
  bundle: Bundle;
  kind: 'purchase' | 'gift' | 'upgrade';
  giftData?: GiftData;
  videoUid?: string | null;
  channel?: string | null;
  platform: string;
  upgradesPurchase?: string | null;
  appliedCoupon: string | null;
  /** The §4 disclaimer box is shown (non-free recurring bundle, not a gift), and its state. */
  disclaimerNeeded: boolean;
  disclaimer: boolean;
  payment: PaymentValue;
  saved: readonly PaymentMethod[];
  shipping: ShippingValue;
  /** The site's card gateway, and the wallet gateway this bundle may use (null: none). */
  cardGateway: string | null;
  paypalGateway: 'paypal' | 'paypal-sub' | null;
  countries?: CountryCode[];
  /** The host the order is placed from (window.location.host). */
  domain: string;
}

/** The wallet gateway a bundle may use: the wallet subscription for a recurring one. */
export function paypalGatewayFor(
  bundle: Pick<Bundle, 'recurring'>,
  gateways: { hasPaypal: boolean; hasPaypalSub: boolean },
): 'paypal' | 'paypal-sub' | null {
  if (bundle.recurring) return gateways.hasPaypalSub ? 'paypal-sub' : null;
  return gateways.hasPaypal ? 'paypal' : null;
}

/** A card pays (saved or new card): not a free bundle, not the wallet. */
export function usesCard(bundle: Bundle, payment: PaymentValue, saved: readonly PaymentMethod[]): boolean {
  return !isFreeBundle(bundle) && effectivePayment(payment, saved).method !== 'paypal';
}

/**
 * §5 shipping rules for a bundle that ships: the full name and an address, or "same as billing" when
 * a card's billing address is there. Returns the field errors and the form's first message.
 */
export function validateShippingBlock(
  shipping: ShippingValue,
  billing: AddressValue | null,
  requiredMessage: string,
): { message: string | null; errors: ShippingErrors } {
  const errors: ShippingErrors = validateShipping(
    { shippingFullName: shipping.name, sameAsBilling: shipping.sameAsBilling, address: shipping.address },
    billing,
  );
  const message = errors.sameAsBilling
    ? errors.sameAsBilling
    : Object.keys(errors).length
      ? requiredMessage
      : null;
  return { message, errors };
}

/**
 * The §3 Order the checkout posts: the gateway (free, the wallet or the site's card gateway), the
 * bundle or rental, the coupon, the title, the disclaimer, gift and upgrade data, the card part and
 * the shipping address. Pure: the same input gives the same body.
 */
export function buildOrder(input: OrderInput): Order {
  const { bundle, payment, saved } = input;
  const free = isFreeBundle(bundle);
  const { method } = effectivePayment(payment, saved);
  const card = usesCard(bundle, payment, saved);
  const order: Order = {
    gateway: free
      ? 'free'
      : method === 'paypal'
        ? (input.paypalGateway ?? 'paypal')
        : ((input.cardGateway ?? 'test') as Order['gateway']),
    resourceId: bundle.id,
    type: isRentalType(bundle.type) ? 'Rental' : 'Bundle',
    planType: bundle.planType,
    platform: input.platform,
    domain: input.domain,
    ...(input.appliedCoupon ? { couponCode: input.appliedCoupon } : {}),
    ...(input.videoUid ? { videoUid: input.videoUid } : {}),
    ...(input.disclaimerNeeded ? { disclaimerAccepted: input.disclaimer } : {}),
    ...(input.kind === 'gift' && input.giftData ? { isGift: true, giftData: input.giftData } : {}),
    ...(input.kind === 'upgrade' && input.upgradesPurchase
      ? { isUpgrade: true, upgradesPurchase: input.upgradesPurchase }
      : {}),
  };
  if (card) {
    Object.assign(
      order,
      cardPaymentFields(payment, saved, { countries: input.countries, channel: input.channel }),
    );
  }
  if (bundle.requiresShippingAddress) {
    const { shipping } = input;
    order.shippingFullName = shipping.name.trim();
    order.shippingAddress = shipping.sameAsBilling
      ? { ...addressData(payment.billing, input.countries), sameAsBilling: true }
      : addressData(shipping.address, input.countries);
  }
  return order;
}
