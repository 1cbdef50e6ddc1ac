import type { AddressInput } from './address';
import { validateAddress, validateShipping } from './address';
import { isRentalType } from './constants';
import { COMMERCE_MESSAGES } from './messages';
import { priceOffer, proratedFirstPayment, trialApplies, type Coupon, type Price } from './pricing';

/** Why an order is refused: the HTTP status, a code, the field at fault and the message shown. */
export interface OrderRefusal {
  status: 400 | 403 | 404 | 409;
  code: string;
  field: string;
  message: string;
}

const invalid = (field: string, message: string): OrderRefusal => ({
  status: 400,
  code: 'invalid',
  field,
  message,
});

/** The offer an order names, as checkout reads it. */
export interface OrderOffer {
  id: string;
  type: string;
  amountCents: number;
  recurring: boolean;
  /** "A bundle must be enabled and not deleted" (§4 Checkout). */
  sellable: boolean;
  subscribeAllowed: boolean;
  giftable: boolean;
  /** Whether the order gave the bundle's passcode (compared in constant time by the caller); null: none needed. */
  passcodeGiven: boolean | null;
  /** A rental's videos (empty: any). */
  videoUids: string[];
  trialDurationDays: number;
  requiresShippingAddress: boolean;
}

/** What the order says about itself. */
export interface OrderIntent {
  type: 'Bundle' | 'Rental';
  isGift?: boolean;
  isDonation?: boolean;
  isUpgrade?: boolean;
  upgradesPurchase?: string;
  videoUid?: string;
}

/**
 * The order's own rules, checked before anything is priced or charged (§4 Checkout): the offer is
 * for sale ("Resource is not available for purchase at the moment"), of the type named, giftable
 * for a gift, its passcode given, the rental's video its own; a new purchase needs no access the
 * user holds ("You already have access to this event") and, with oneActiveSub, no second
 * subscription. The first refusal, in that order, or null.
 */
export function validateOrder(
  order: OrderIntent,
  offer: OrderOffer | undefined,
  ctx: {
    /** A gift bought through POST /api/payment/gift (decision 0033). */
    gift: boolean;
    /** The user's live purchases on the site. */
    live: { bundleId: string | null; recurring: boolean }[];
    oneActiveSub: boolean;
  },
): OrderRefusal | null {
  if (order.isGift && !ctx.gift) return invalid('isGift', 'Gifts are bought with POST /api/payment/gift');
  if (order.isDonation) return invalid('isDonation', 'Donations are made with POST /api/donation/subscribe');
  if (!offer || !offer.sellable || !offer.subscribeAllowed)
    return {
      status: 404,
      code: 'unavailable',
      field: 'resourceId',
      message: COMMERCE_MESSAGES.unavailableBundle,
    };
  if (ctx.gift && !offer.giftable)
    return {
      status: 409,
      code: 'notGiftable',
      field: 'resourceId',
      message: 'This bundle cannot be given as a gift',
    };
  if (ctx.gift && (order.upgradesPurchase || order.isUpgrade))
    return invalid('upgradesPurchase', 'A gift cannot upgrade a purchase');
  const rental = isRentalType(offer.type);
  if ((order.type === 'Rental') !== rental)
    return invalid('type', `resourceId names a ${rental ? 'Rental' : 'Bundle'}`);
  if (offer.passcodeGiven === false)
    return {
      status: 403,
      code: 'passcodeRequired',
      field: 'passcode',
      message: 'This bundle needs a valid passcode',
    };
  if (rental && order.videoUid && offer.videoUids.length > 0 && !offer.videoUids.includes(order.videoUid))
    return invalid('videoUid', 'This rental does not include that video');
  if (order.isUpgrade && !order.upgradesPurchase)
    return invalid('upgradesPurchase', COMMERCE_MESSAGES.requiredInformation);
  if (!order.upgradesPurchase && !ctx.gift) {
    if (ctx.live.some((p) => p.bundleId === offer.id))
      return {
        status: 409,
        code: 'alreadyHaveAccess',
        field: 'resourceId',
        message: COMMERCE_MESSAGES.alreadyHaveAccess,
      };
    if (ctx.oneActiveSub && offer.recurring && ctx.live.some((p) => p.recurring))
      return {
        status: 409,
        code: 'oneActiveSub',
        field: 'resourceId',
        message: 'You already have an active subscription',
      };
  }
  return null;
}

/** What an order costs: the offer's price, whether a trial applies, and what is charged now. */
export interface OrderPrice {
  price: Price;
  trial: boolean;
  /** Charged now, before tax: 0 in a trial, else the first cycle less the upgrade's credit. */
  firstPaymentCents: number;
  /** What the next cycle costs (recurring, not a gift); after a trial the first paid cycle still gets a FIRST coupon. */
  nextCycleCents: number | null;
  /** "The free gateway is set when the amount is zero or a coupon makes it free." */
  needsCard: boolean;
}

/**
 * Prices an order (§4 Checkout; §5 coupons): the coupon's price; "a trial is usable unless perm
 * oneTrialPerUser is set and the user has already used a trial on this site" (never on an upgrade
 * or a gift); "proration is shown as unused time, applying to the first payment only".
 */
export function priceOrder(
  offer: Pick<OrderOffer, 'id' | 'type' | 'amountCents' | 'recurring' | 'trialDurationDays'>,
  ctx: {
    coupon?: Coupon;
    /** The unused time of the purchase an upgrade replaces (0 otherwise). */
    creditCents: number;
    upgrade: boolean;
    gift: boolean;
    oneTrialPerUser: boolean;
    trialUsedOnSite: boolean;
  },
): OrderPrice {
  const price = priceOffer(offer, ctx.coupon);
  const trial =
    !ctx.upgrade &&
    !ctx.gift &&
    trialApplies(
      { recurring: offer.recurring, trialDuration: offer.trialDurationDays },
      { oneTrialPerUser: ctx.oneTrialPerUser, trialUsedOnSite: ctx.trialUsedOnSite },
    );
  return {
    price,
    trial,
    firstPaymentCents: trial ? 0 : proratedFirstPayment(price.firstCycleCents, ctx.creditCents),
    nextCycleCents:
      offer.recurring && !ctx.gift ? (trial ? price.firstCycleCents : price.laterCyclesCents) : null,
    needsCard: !price.free,
  };
}

/** The payment part of an order, checked once its gateway is known. */
export interface OrderPayment {
  gateway: string;
  /** The gateway is a wallet (approval) gateway, and its name. */
  wallet: { name: string } | null;
  disclaimerAccepted?: boolean;
  billingAddress?: AddressInput | null;
  shippingFullName?: string | null;
  shippingAddress?: (AddressInput & { sameAsBilling?: boolean }) | null;
}

/**
 * The payment's rules (§4 Checkout, §5 addresses): a paid order names a card or wallet gateway, not
 * `free`; "the disclaimer box must be ticked for non-free recurring bundles"; a gift is paid by card;
 * a wallet pays one-time orders through paypal and recurring ones through paypal-sub; "with the card
 * provider a billing address is mandatory ("Address is mandatory")" and complete; a bundle that
 * requires shipping has its shipping name and address. The first refusal, or null.
 */
export function validatePayment(
  pay: OrderPayment,
  offer: Pick<OrderOffer, 'recurring' | 'requiresShippingAddress'>,
  ctx: { needsCard: boolean; gift: boolean },
): OrderRefusal | null {
  if (ctx.needsCard && pay.gateway === 'free')
    return invalid('gateway', 'This order is not free: choose a card gateway');
  if (offer.recurring && ctx.needsCard && !ctx.gift && pay.disclaimerAccepted !== true)
    return {
      status: 400,
      code: 'disclaimerRequired',
      field: 'disclaimerAccepted',
      message: 'Please accept the recurring payment terms',
    };
  if (pay.wallet && ctx.gift) return invalid('gateway', 'Gifts are paid by card');
  if (pay.wallet && offer.recurring !== (pay.wallet.name === 'paypal-sub'))
    return invalid(
      'gateway',
      offer.recurring ? 'A recurring bundle is paid through paypal-sub' : 'Use paypal for a one-time payment',
    );
  const billing = pay.billingAddress;
  if (ctx.needsCard && !pay.wallet) {
    if (!billing)
      return {
        status: 400,
        code: 'addressMandatory',
        field: 'billingAddress',
        message: COMMERCE_MESSAGES.addressMandatory,
      };
    const missing = Object.keys(validateAddress(billing));
    if (missing.length > 0)
      return invalid(`billingAddress.${missing[0]}`, COMMERCE_MESSAGES.requiredInformation);
  }
  if (offer.requiresShippingAddress) {
    const errors = validateShipping(
      {
        shippingFullName: pay.shippingFullName,
        sameAsBilling: pay.shippingAddress?.sameAsBilling,
        address: pay.shippingAddress,
      },
      billing,
    );
    const [field, message] = Object.entries(errors)[0] ?? [];
    if (field) return invalid(field === 'shippingFullName' ? field : `shippingAddress.${field}`, message!);
  }
  return null;
}
