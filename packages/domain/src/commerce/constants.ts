/** Commerce constants of accounts-and-commerce §9 (and the §4 timings they share). */
export const COMMERCE_LIMITS = {
  /** "Redirect after wallet callback, autologin failure and checkout success: 3000 ms." */
  checkoutSuccessRedirectMs: 3000,
  walletCallbackRedirectMs: 3000,
  /** "Card number 16, code 4, expiry up to 10 years ahead". */
  cardNumberMax: 16,
  cardCodeMax: 4,
  expiryYearsAhead: 10,
  /** "red border for number under 14, code under 3, empty name". */
  cardNumberMinForBorder: 14,
  cardCodeMinForBorder: 3,
  /** "donations and purchases start at page 0". */
  firstPurchasesPage: 0,
  /** "Tip jar default option 25". */
  tipJarDefaultOption: 25,
  /** "Rentals with under 24 hours left show hours remaining." */
  rentalHoursThreshold: 24,
} as const;

/** "plan types single ("One Time") and month ("Monthly")" for the tip jar. */
export const TIP_JAR_PLANS = [
  { planType: 'single', label: 'One Time' },
  { planType: 'month', label: 'Monthly' },
] as const;

/** "Currency USD for analytics; symbol defaults to $." (the analytics constant is ANALYTICS_CURRENCY). */
export const COMMERCE_CURRENCY = 'USD';
export const DEFAULT_CURRENCY_SYMBOL = '$';

export const BUNDLE_TYPES = ['ENTIRE_SITE', 'CHANNELS', 'PRODUCT', 'DISABLE_ADS', 'RENTAL'] as const;
export type BundleType = (typeof BUNDLE_TYPES)[number];
/** "type (ENTIRE_SITE, CHANNELS, PRODUCT, DISABLE_ADS, otherwise rental)". */
export const isRentalType = (type: string): boolean =>
  !(['ENTIRE_SITE', 'CHANNELS', 'PRODUCT', 'DISABLE_ADS'] as string[]).includes(type);

export const PLAN_TYPES = ['single', 'period', 'rental', 'month', 'year'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const PURCHASE_STATUSES = ['active', 'trialing', 'canceled', 'suspended'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** Order gateways (§3 Order). `test` is ours: the embedded gateway of development and tests. */
export const ORDER_GATEWAYS = [
  'stripe',
  'authorizenet',
  'paypal-sub',
  'paypal',
  'paypal-baid',
  'free',
] as const;

/** "cardType (American Express, Visa, Discover, MasterCard, JCB, Maestro, Diners Club, UnionPay)". */
export const CARD_TYPES = [
  'American Express',
  'Visa',
  'Discover',
  'MasterCard',
  'JCB',
  'Maestro',
  'Diners Club',
  'UnionPay',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** "discountedBillingCycles (FIRST means first cycle only; ALL means all cycles)". */
export const BILLING_CYCLES = ['FIRST', 'ALL'] as const;
export type BillingCycles = (typeof BILLING_CYCLES)[number];

export const DURATION_UNITS = ['hours', 'days', 'weeks', 'months', 'years'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
