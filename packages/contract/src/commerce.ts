import { z } from 'zod';
import { ClientQuery, paginated, SiteParams } from './common';

/**
 * Commerce (accounts-and-commerce §3 Bundle, Rental, Purchase, Order, Address, Payment method, Card
 * data; §4 Checkout, Purchases page; §7 Payments, Bundles, Rentals). Decisions: docs/decisions/
 * 0029-commerce-money.md. Money: every `…Cents` field is integer cents and authoritative; the
 * spec's `amount`-style fields carry the same value in currency units with two decimals, for display.
 * Form fields default to '' so the server answers the spec's messages ("Please fill in the required
 * information") naming the field, instead of a generic schema error.
 */
const formText = (max: number) => z.string().max(max).default('');
const Id = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.:-]+$/, 'must be letters, digits, dot, underscore, colon or dash');

export const BillingCycles = z.enum(['FIRST', 'ALL']);
export type BillingCycles = z.infer<typeof BillingCycles>;

/** §3 Bundle.discount: what a coupon makes of the price. */
export const Discount = z
  .object({
    couponCode: z.string(),
    discountedPrice: z.number(),
    discountedPriceCents: z.number().int(),
    discountedBillingCycles: BillingCycles,
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof Discount>;

/** §3 Bundle. `passcode` says whether a passcode is needed (the passcode itself is never sent). */
export const Bundle = z
  .object({
    _id: z.string(),
    id: z.string(),
    name: z.string(),
    description: z.string(),
    type: z.string(),
    planType: z.string(),
    recurring: z.boolean(),
    amount: z.number(),
    amountCents: z.number().int(),
    originalAmount: z.number().nullable(),
    originalAmountCents: z.number().int().nullable(),
    taxesAmount: z.number(),
    discount: Discount.nullable(),
    trialPeriod: z.boolean(),
    trialDuration: z.number().int(),
    trialDurationUnit: z.string(),
    periodDuration: z.number().int().nullable(),
    durationUnit: z.string().nullable(),
    duration: z.number().int().nullable(),
    preorderEnabled: z.boolean(),
    /** MM/DD/YYYY */
    preorderDate: z.string().nullable(),
    enabled: z.boolean(),
    isDeleted: z.boolean(),
    unlisted: z.boolean(),
    subscribeAllowed: z.boolean(),
    premium: z.boolean(),
    passcode: z.boolean(),
    channels: z.array(z.string()),
    liveChannels: z.array(z.string()),
    videoUids: z.array(z.string()),
    hideChannelDetails: z.boolean(),
    /** The signed-in viewer has an active or trialing purchase of it (false for anonymous calls). */
    activeForUser: z.boolean(),
    requiresShippingAddress: z.boolean(),
    upgradesToBundles: z.array(z.string()),
    purchasedText: z.string().nullable(),
    unlistedDescription: z.string().nullable(),
    unlistedRedirect: z.string().nullable(),
    giftable: z.boolean(),
  })
  .meta({ id: 'Bundle' });
export type Bundle = z.infer<typeof Bundle>;

/** §3 Rental; `availableTo` is when a rental bought now would end. */
export const Rental = z
  .object({
    _id: z.string(),
    id: z.string(),
    name: z.string(),
    description: z.string(),
    amount: z.number(),
    amountCents: z.number().int(),
    duration: z.number().int().nullable(),
    durationUnit: z.string().nullable(),
    discount: Discount.nullable(),
    availableTo: z.string().nullable(),
    videoUids: z.array(z.string()),
  })
  .meta({ id: 'Rental' });
export type Rental = z.infer<typeof Rental>;

export const BundleList = z.object({ items: z.array(Bundle) }).meta({ id: 'BundleList' });
export type BundleList = z.infer<typeof BundleList>;
export const RentalList = z.object({ items: z.array(Rental) }).meta({ id: 'RentalList' });
export type RentalList = z.infer<typeof RentalList>;

/** §3 Address (as a form sends it). */
export const Address = z
  .object({
    _id: z.string().max(100).optional(),
    address1: formText(200),
    address2: z.string().max(200).nullable().optional(),
    city: formText(100),
    state: formText(100),
    zip: formText(20),
    countryCode: formText(2),
    country: z.string().max(100).optional(),
    fullName: z.string().max(200).optional(),
    sameAsBilling: z.boolean().optional(),
  })
  .meta({ id: 'Address' });
export type Address = z.input<typeof Address>;

/** §3 Card data. Digits-only and length rules are the server's (messages of §5). */
export const CardData = z
  .object({
    cardNumber: formText(30),
    firstName: formText(100),
    lastName: formText(100),
    month: z.union([z.number().int(), z.string().max(2)]).default(''),
    year: z.union([z.number().int(), z.string().max(4)]).default(''),
    cardCode: formText(10),
    zip: formText(20),
    address: z.string().max(200).optional(),
    city: z.string().max(100).optional(),
    state: z.string().max(100).optional(),
    countryCode: z.string().max(2).optional(),
  })
  .meta({ id: 'CardData' });
export type CardData = z.input<typeof CardData>;

/** Gateways we run: the embedded `test` gateway and `free` (stripe and paypal slot in later). */
export const GatewayName = z.enum([
  'test',
  'free',
  'stripe',
  'paypal',
  'paypal-sub',
  'paypal-baid',
  'authorizenet',
]);
export type GatewayName = z.infer<typeof GatewayName>;
export const GatewayParams = z.object({ gateway: GatewayName });
export type GatewayParams = z.infer<typeof GatewayParams>;
export const GatewayMethodParams = GatewayParams.extend({ id: Id });
export type GatewayMethodParams = z.infer<typeof GatewayMethodParams>;

export const GatewayInfo = z
  .object({ name: z.string(), enabled: z.boolean(), savesCards: z.boolean() })
  .meta({ id: 'GatewayInfo' });
export type GatewayInfo = z.infer<typeof GatewayInfo>;
export const GatewayList = z.object({ items: z.array(GatewayInfo) }).meta({ id: 'GatewayList' });
export type GatewayList = z.infer<typeof GatewayList>;

/** §3 Payment method. */
export const PaymentMethod = z
  .object({
    id: z.string(),
    gateway: z.string(),
    isDefault: z.boolean(),
    last4: z.string(),
    cardType: z.string().nullable(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodList = z
  .object({ items: z.array(PaymentMethod) })
  .meta({ id: 'PaymentMethodList' });
export type PaymentMethodList = z.infer<typeof PaymentMethodList>;

/** POST /api/payment/method/create/{gateway}: "recaptchaToken, paymentMethod (captcha action addCard)". */
export const CreatePaymentMethodBody = z
  .object({
    recaptchaToken: formText(20_000),
    paymentMethod: CardData,
    billingAddress: Address.optional(),
    /** Make it the default at once (the first card always is). */
    isDefault: z.boolean().optional(),
  })
  .meta({ id: 'CreatePaymentMethodBody' });
export type CreatePaymentMethodBody = z.input<typeof CreatePaymentMethodBody>;

/** PUT /api/payment/method/default/{gateway}/{id}: "applyAllPurchases". */
export const SetDefaultMethodBody = z
  .object({ applyAllPurchases: z.boolean().default(false) })
  .meta({ id: 'SetDefaultMethodBody' });
export type SetDefaultMethodBody = z.infer<typeof SetDefaultMethodBody>;
export const SetDefaultMethodResult = z
  .object({
    items: z.array(PaymentMethod),
    updatedPurchases: z.number().int(),
    message: z.string().nullable(),
  })
  .meta({ id: 'SetDefaultMethodResult' });
export type SetDefaultMethodResult = z.infer<typeof SetDefaultMethodResult>;

/** §3 Purchase (amounts also in cents). */
export const Purchase = z
  .object({
    _id: z.string(),
    id: z.string(),
    name: z.string(),
    type: z.string(),
    status: z.enum(['active', 'trialing', 'canceled', 'suspended']),
    bundleId: z.string().nullable(),
    amount: z.number(),
    amountCents: z.number().int(),
    originalAmount: z.number().nullable(),
    originalAmountCents: z.number().int().nullable(),
    taxesAmount: z.number(),
    taxesAmountCents: z.number().int(),
    isRecurring: z.boolean(),
    discountedBillingCycles: BillingCycles.nullable(),
    gateway: z.string(),
    gatewayId: z.string().nullable(),
    gatewayMethod: z.string().nullable(),
    /** The saved card this purchase renews with (the update-payment page marks it). */
    paymentMethodId: z.string().nullable(),
    planType: z.string().nullable(),
    couponCode: z.string().nullable(),
    availableFrom: z.string().nullable(),
    availableTo: z.string().nullable(),
    trialEndsAt: z.string().nullable(),
    nextPaymentCents: z.number().int().nullable(),
    previousPurchase: z.string().nullable(),
    accessInfo: z
      .object({ contentType: z.enum(['series', 'movie', 'video']), contentUid: z.string() })
      .nullable(),
    bundleType: z.string().nullable(),
    billingAddress: z.record(z.string(), z.unknown()).nullable(),
    shippingAddress: z.record(z.string(), z.unknown()).nullable(),
    shippingFullName: z.string().nullable(),
    description: z.string(),
    canceledDate: z.string().nullable(),
    statusHistory: z.array(z.object({ status: z.string(), timestamp: z.string() })),
    cancelSubscriptionInProgress: z.boolean(),
    /** A gift bought by this user for someone else (gives the giver no access; decision 0033). */
    isGift: z.boolean(),
    /** The gift's recipient (only on the giver's gift purchase). */
    giftRecipientEmail: z.string().nullable(),
    /** When the recipient redeemed the gift (null while unredeemed). */
    giftRedeemedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Purchase' });
export type Purchase = z.infer<typeof Purchase>;
export const PurchasePage = paginated(Purchase).meta({ id: 'PurchasePage' });
export type PurchasePage = z.infer<typeof PurchasePage>;
export const PurchasedBundleIds = z.object({ items: z.array(z.string()) }).meta({ id: 'PurchasedBundleIds' });
export type PurchasedBundleIds = z.infer<typeof PurchasedBundleIds>;

/** §3 Gift data: who receives a gift (POST /api/payment/gift). Required-ness is checked by the server (§5). */
export const GiftData = z
  .object({
    name: formText(200),
    email: formText(254),
    message: z.string().max(2000).optional(),
  })
  .meta({ id: 'GiftData' });
export type GiftData = z.input<typeof GiftData>;

/** How an order pays: a saved card (existingCard) or a new one (newCard). */
const GatewayMethod = z.enum(['existingCard', 'newCard']);
/** `paymentMethod`: a saved method's id; `card`: a new card; `sourceId`/`token`: a wallet's. */
const PaymentData = z.object({
  paymentMethod: Id.optional(),
  card: CardData.optional(),
  sourceId: z.string().max(200).optional(),
  token: z.string().max(200).optional(),
});
/** Order.survey: the tip jar's questions with their answers. */
const SurveyAnswers = z
  .array(z.object({ q: z.string().max(500), a: z.string().max(2000) }))
  .max(20)
  .optional();

/**
 * §3 Order, for POST /api/payment/subscribe. `gatewayData.paymentMethod` is a saved method's id
 * (existingCard) and `gatewayData.card` a new card (newCard: checked, saved, then charged; needs the
 * captcha, action purchase). `disclaimerAccepted` is the §4 disclaimer box, required for non-free
 * recurring bundles.
 */
export const Order = z
  .object({
    gateway: GatewayName,
    gatewayMethod: GatewayMethod.optional(),
    gatewayData: PaymentData.extend({
      channel: z.string().max(100).optional(),
      videoUid: z.string().max(100).optional(),
    }).default({}),
    resourceId: Id,
    type: z.enum(['Bundle', 'Rental']).default('Bundle'),
    planType: z.string().max(20).optional(),
    amount: z.number().optional(),
    couponCode: z.string().trim().max(64).optional(),
    videoUid: z.string().max(100).optional(),
    isGift: z.boolean().optional(),
    /** Required (by the server, §5 messages) when posted to /api/payment/gift. */
    giftData: GiftData.optional(),
    isDonation: z.boolean().optional(),
    isUpgrade: z.boolean().optional(),
    upgradesPurchase: Id.optional(),
    platform: z.string().max(32).optional(),
    billingAddress: Address.optional(),
    shippingAddress: Address.optional(),
    shippingFullName: z.string().max(200).optional(),
    recaptchaToken: z.string().max(20_000).optional(),
    passcode: z.string().max(100).optional(),
    disclaimerAccepted: z.boolean().optional(),
    survey: SurveyAnswers,
    domain: z.string().max(255).optional(),
    utm: z.record(z.string(), z.string().max(500)).optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.input<typeof Order>;

export const CheckoutResult = z
  .object({
    success: z.literal(true),
    purchase: Purchase,
    /** Charged now, tax included (0 for a trial or a free checkout). */
    chargedCents: z.number().int(),
    taxesCents: z.number().int(),
    /** Credited unused time of the upgraded purchase. */
    prorationCents: z.number().int(),
  })
  .meta({ id: 'CheckoutResult' });
export type CheckoutResult = z.infer<typeof CheckoutResult>;

/**
 * 202 of /api/payment/subscribe with a wallet gateway (paypal, paypal-sub; decision 0031): "Responses:
 * success, approvalLink.href". The buyer approves there and returns to /paypal or /paypal-sub.
 */
export const ApprovalResult = z
  .object({
    success: z.literal(true),
    /** Our checkout id: the `cid` of the return URL and the {id} of the confirm and cancel calls. */
    checkoutId: z.string(),
    approvalLink: z.object({ href: z.string() }),
  })
  .meta({ id: 'ApprovalResult' });
export type ApprovalResult = z.infer<typeof ApprovalResult>;
/** POST /api/payment/paypal/confirm/{id} and /api/payment/paypal-sub/confirm/{id}: what PayPal sent back. */
export const WalletConfirmBody = z
  .object({
    token: z.string().max(200).optional(),
    paymentId: z.string().max(200).optional(),
    PayerID: z.string().max(200).optional(),
    payerId: z.string().max(200).optional(),
    subscription_id: z.string().max(200).optional(),
  })
  .default({});
export type WalletConfirmBody = z.infer<typeof WalletConfirmBody>;
export const WalletCancelResult = z.object({ success: z.literal(true) }).meta({ id: 'WalletCancelResult' });
export type WalletCancelResult = z.infer<typeof WalletCancelResult>;

/** PUT /api/payment/purchases/{id}/method: "gateway, gatewayData, recaptchaToken, domain". */
export const ChangePurchaseMethodBody = z
  .object({
    gateway: GatewayName,
    gatewayData: z.object({ paymentMethod: Id.optional() }).default({}),
    recaptchaToken: z.string().max(20_000).optional(),
    domain: z.string().max(255).optional(),
  })
  .meta({ id: 'ChangePurchaseMethodBody' });
export type ChangePurchaseMethodBody = z.infer<typeof ChangePurchaseMethodBody>;
export const ChangePurchaseMethodResult = z
  .object({ purchase: Purchase, message: z.string() })
  .meta({ id: 'ChangePurchaseMethodResult' });
export type ChangePurchaseMethodResult = z.infer<typeof ChangePurchaseMethodResult>;

/** GET /api/payment/purchases/{id}/calculateProration?bundleId&couponCode. */
export const ProrationQuery = ClientQuery.extend({
  bundleId: Id,
  couponCode: z.string().trim().max(64).optional(),
});
export type ProrationQuery = z.infer<typeof ProrationQuery>;
/** "Proration is shown as unused time, applying to the first payment only." */
export const Proration = z
  .object({
    bundleId: z.string(),
    unusedTime: z.number(),
    unusedTimeCents: z.number().int(),
    firstPaymentCents: z.number().int(),
    laterPaymentsCents: z.number().int().nullable(),
  })
  .meta({ id: 'Proration' });
export type Proration = z.infer<typeof Proration>;

/** POST /api/payment/unsubscribe: "purchaseId". */
export const UnsubscribeBody = z
  .object({ purchaseId: z.string().max(100).default('') })
  .meta({ id: 'UnsubscribeBody' });
export type UnsubscribeBody = z.infer<typeof UnsubscribeBody>;

export const BillingHistoryItem = z
  .object({
    id: z.string(),
    purchaseId: z.string().nullable(),
    name: z.string(),
    gateway: z.string(),
    amount: z.number(),
    amountCents: z.number().int(),
    status: z.string(),
    declineCode: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'BillingHistoryItem' });
export type BillingHistoryItem = z.infer<typeof BillingHistoryItem>;
export const BillingHistory = z.object({ items: z.array(BillingHistoryItem) }).meta({ id: 'BillingHistory' });
export type BillingHistory = z.infer<typeof BillingHistory>;

/** POST bundles/{id}/apply-coupon. */
export const ApplyCouponBody = z
  .object({ couponCode: z.string().trim().max(64).default('') })
  .meta({ id: 'ApplyCouponBody' });
export type ApplyCouponBody = z.infer<typeof ApplyCouponBody>;
export const ApplyCouponResult = z
  .object({ bundle: Bundle, message: z.string() })
  .meta({ id: 'ApplyCouponResult' });
export type ApplyCouponResult = z.infer<typeof ApplyCouponResult>;

/** POST bundles/{id}/taxes: "bundleId, address, couponCode, prorationDiscount". */
export const TaxesBody = z
  .object({
    bundleId: z.string().max(100).optional(),
    address: Address,
    couponCode: z.string().trim().max(64).optional(),
    prorationDiscount: z.number().int().min(0).optional(),
  })
  .meta({ id: 'TaxesBody' });
export type TaxesBody = z.infer<typeof TaxesBody>;
export const TaxesResult = z
  .object({
    taxesAmount: z.number(),
    taxesAmountCents: z.number().int(),
    rateBp: z.number().int(),
    provider: z.string(),
    subtotalCents: z.number().int(),
    totalCents: z.number().int(),
  })
  .meta({ id: 'TaxesResult' });
export type TaxesResult = z.infer<typeof TaxesResult>;

export const BundleParams = SiteParams.extend({ id: Id });
export type BundleParams = z.infer<typeof BundleParams>;
export const CouponParams = SiteParams.extend({ code: z.string().trim().min(1).max(64) });
export type CouponParams = z.infer<typeof CouponParams>;
export const ApiCouponParams = z.object({ code: z.string().trim().min(1).max(64) });
export type ApiCouponParams = z.infer<typeof ApiCouponParams>;
export const ApiIdParams = z.object({ id: Id });
export type ApiIdParams = z.infer<typeof ApiIdParams>;
export const CommercePageQuery = ClientQuery.extend({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type CommercePageQuery = z.infer<typeof CommercePageQuery>;

/** POST /api/payment/redeem-gift/{id}: the code of the gift e-mail's link. */
export const RedeemGiftBody = z
  .object({ code: z.string().max(200).default('') })
  .meta({ id: 'RedeemGiftBody' });
export type RedeemGiftBody = z.input<typeof RedeemGiftBody>;
export const RedeemGiftResult = z
  .object({ success: z.literal(true), purchase: Purchase })
  .meta({ id: 'RedeemGiftResult' });
export type RedeemGiftResult = z.infer<typeof RedeemGiftResult>;

/** GET /v2/sites/{site}/tip-jar (§9: default option 25; plans single "One Time", month "Monthly"). */
export const DonationPlanType = z.enum(['single', 'month']);
export type DonationPlanType = z.infer<typeof DonationPlanType>;
export const TipJar = z
  .object({
    enabled: z.boolean(),
    /** Suggested amounts in dollars. */
    options: z.array(z.number()),
    defaultOption: z.number(),
    plans: z.array(DonationPlanType),
    /** Questions shown with the form; every one must be answered (§5). */
    survey: z.array(z.object({ q: z.string() })),
  })
  .meta({ id: 'TipJar' });
export type TipJar = z.infer<typeof TipJar>;

/** POST /api/donation/subscribe: a tip (one time) or a monthly donation. */
export const DonationOrder = z
  .object({
    gateway: GatewayName,
    gatewayMethod: GatewayMethod.optional(),
    gatewayData: PaymentData.default({}),
    amountCents: z.number().int().min(100).max(100_000_000),
    planType: DonationPlanType,
    survey: SurveyAnswers,
    billingAddress: Address.optional(),
    recaptchaToken: z.string().max(20_000).optional(),
    domain: z.string().max(255).optional(),
    utm: z.record(z.string(), z.string().max(500)).optional(),
  })
  .meta({ id: 'DonationOrder' });
export type DonationOrder = z.input<typeof DonationOrder>;

/** POST /api/payment/purchases/{id}/upgrade-purchase. */
export const UpgradePurchaseBody = z
  .object({
    bundleId: Id,
    couponCode: z.string().trim().max(64).optional(),
    gateway: GatewayName.optional(),
    gatewayMethod: GatewayMethod.optional(),
    gatewayData: PaymentData.optional(),
    billingAddress: Address.optional(),
    recaptchaToken: z.string().max(20_000).optional(),
  })
  .meta({ id: 'UpgradePurchaseBody' });
export type UpgradePurchaseBody = z.input<typeof UpgradePurchaseBody>;

/** GET /api/payment/subscriptionRequiresUpgrade/{id}: upgrade bundles of the purchase not yet held. */
export const SubscriptionRequiresUpgrade = z
  .object({ requiresUpgrade: z.boolean(), bundles: z.array(Bundle) })
  .meta({ id: 'SubscriptionRequiresUpgrade' });
export type SubscriptionRequiresUpgrade = z.infer<typeof SubscriptionRequiresUpgrade>;

/** GET /v2/country-codes: c code, n name, f flag emoji, states keyed by code (US and CA). */
export const CountryCode = z
  .object({
    c: z.string(),
    n: z.string(),
    f: z.string(),
    states: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'CountryCode' });
export type CountryCode = z.infer<typeof CountryCode>;
export const CountryCodeList = z.object({ items: z.array(CountryCode) }).meta({ id: 'CountryCodeList' });
export type CountryCodeList = z.infer<typeof CountryCodeList>;

/** POST /v2/sites/{site}/platform/{platform}/video/{id}/getPurchaseLink (TV apps). */
export const PurchaseLinkParams = SiteParams.extend({
  platform: z.string().min(1).max(32),
  id: z.string().min(1).max(100),
});
export type PurchaseLinkParams = z.infer<typeof PurchaseLinkParams>;
export const PurchaseLink = z.object({ link: z.string() }).meta({ id: 'PurchaseLink' });
export type PurchaseLink = z.infer<typeof PurchaseLink>;

/**
 * §3 Address as saved: one the viewer used on a purchase (billing or shipping), its `_id` stable
 * for the same text (decision 0055). `isNew` and `isPlaceHolder` are the checkout form's (a saved
 * one is neither); `sameAsBilling` says some purchase ships to it as its billing address.
 */
export const SavedAddress = z
  .object({
    _id: z.string(),
    address1: z.string(),
    address2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    countryCode: z.string(),
    country: z.string(),
    fullName: z.string().nullable(),
    fullAddress: z.string(),
    isNew: z.literal(false),
    isPlaceHolder: z.literal(false),
    sameAsBilling: z.boolean(),
  })
  .meta({ id: 'SavedAddress' });
export type SavedAddress = z.infer<typeof SavedAddress>;
export const SavedAddressList = z.object({ items: z.array(SavedAddress) }).meta({ id: 'SavedAddressList' });
export type SavedAddressList = z.infer<typeof SavedAddressList>;
export const AddressIdParams = z.object({ id: z.string().min(1).max(100) });

/** Which of the viewer's purchases still in force use an address (the UI warns before changing it). */
export const AddressesAffected = z
  .object({
    items: z.array(
      z.object({
        purchaseId: z.string(),
        name: z.string(),
        status: z.string(),
        isRecurring: z.boolean(),
        field: z.enum(['billingAddress', 'shippingAddress']),
      }),
    ),
  })
  .meta({ id: 'AddressesAffected' });
export type AddressesAffected = z.infer<typeof AddressesAffected>;

/**
 * PATCH me/addresses/update-address (§7: address, purchaseId, field): the new text of the saved
 * address `address._id`; with `purchaseId` (and `field`) only that purchase's copy changes,
 * otherwise every purchase of the viewer that uses it.
 */
export const UpdateAddressBody = z
  .object({
    address: Address.extend({ _id: z.string().min(1).max(100) }),
    purchaseId: Id.optional(),
    field: z.enum(['billingAddress', 'shippingAddress']).optional(),
  })
  .meta({ id: 'UpdateAddressBody' });
export type UpdateAddressBody = z.input<typeof UpdateAddressBody>;
export const UpdateAddressResult = z
  .object({
    message: z.string(),
    address: SavedAddress,
    purchaseIds: z.array(z.string()),
  })
  .meta({ id: 'UpdateAddressResult' });
export type UpdateAddressResult = z.infer<typeof UpdateAddressResult>;

/**
 * GET me/sites/{site}/bundles/{id}: the bundle as the signed-in viewer sees it, with their own
 * purchase of it (a live one first, else the newest; null when they never bought it).
 */
export const MyBundle = Bundle.extend({ purchase: Purchase.nullable() }).meta({ id: 'MyBundle' });
export type MyBundle = z.infer<typeof MyBundle>;
export const MyBundleParams = z.object({ site: z.string().min(1).max(64), id: Id });
