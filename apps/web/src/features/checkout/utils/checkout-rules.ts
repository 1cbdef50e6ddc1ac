import type { Bundle } from '@marquee/contract';
import { COMMERCE_MESSAGES, type CommerceMessage } from '@marquee/domain';

/** The bundle fields the checkout rules read. */
export type CheckoutBundle = Pick<
  Bundle,
  | 'amountCents'
  | 'recurring'
  | 'discount'
  | 'enabled'
  | 'isDeleted'
  | 'subscribeAllowed'
  | 'trialPeriod'
  | 'trialDuration'
>;

/**
 * §4 "The free gateway is set when the amount is zero or a coupon makes it free. A free purchase
 * has discountedPrice 0 and either ALL billing cycles or not recurring."
 */
export function isFreeBundle(b: Pick<CheckoutBundle, 'amountCents' | 'recurring' | 'discount'>): boolean {
  if (b.amountCents === 0) return true;
  const d = b.discount;
  return !!d && d.discountedPriceCents === 0 && (d.discountedBillingCycles === 'ALL' || !b.recurring);
}

/** §4 "The disclaimer box must be ticked for non-free recurring bundles before the payment area is enabled." */
export const needsDisclaimer = (b: Pick<CheckoutBundle, 'amountCents' | 'recurring' | 'discount'>) =>
  b.recurring && !isFreeBundle(b);

/** §4 "A bundle must be enabled and not deleted, else 'Resource is not available for purchase at the moment'." */
export const isUnavailable = (b: Pick<CheckoutBundle, 'enabled' | 'isDeleted' | 'subscribeAllowed'>) =>
  !b.enabled || b.isDeleted || !b.subscribeAllowed;

/** The first cycle's price after the coupon (before tax, trial and proration). */
export const firstCycleCents = (b: Pick<CheckoutBundle, 'amountCents' | 'discount'>) =>
  b.discount ? b.discount.discountedPriceCents : b.amountCents;

/** Whether the checkout starts a trial (the server has the last word: oneTrialPerUser). */
export const hasTrial = (b: Pick<CheckoutBundle, 'recurring' | 'trialPeriod' | 'trialDuration'>) =>
  b.recurring && b.trialPeriod && b.trialDuration > 0;

/**
 * What is charged today before tax: nothing during a trial, else the first cycle less the
 * upgrade's credit ("applying to the first payment only"), never below zero.
 */
export function dueTodayCents(b: CheckoutBundle, prorationCents = 0, trialAllowed = true): number {
  if (trialAllowed && hasTrial(b)) return 0;
  return Math.max(0, firstCycleCents(b) - prorationCents);
}

const KEY_BY_TEXT = new Map<string, CommerceMessage>(
  (Object.entries(COMMERCE_MESSAGES) as Array<[CommerceMessage, string]>).map(([k, v]) => [v, k]),
);

/**
 * The i18n key (under `messages.`) of a spec message, with what follows it: "Unexpected error
 * processing your payment. Please try again (card_declined)" → ['paymentFailure', ' (card_declined)'].
 * Null for a text that is not one of the spec's.
 */
export function specMessageKey(text: string): [CommerceMessage, string] | null {
  const exact = KEY_BY_TEXT.get(text);
  if (exact) return [exact, ''];
  const m = /^(.*?)( \([^()]+\))$/.exec(text);
  const key = m ? KEY_BY_TEXT.get(m[1]!) : undefined;
  return key ? [key, m![2]!] : null;
}

/**
 * Whether leaving checkout now is a dropped cart (accounts-and-commerce §7 dropped-cart; decision
 * 0060): a signed-in viewer buying a bundle for themselves (not a gift or an upgrade) who does not
 * hold it, leaves before the purchase succeeded, and has not been reported in this visit.
 */
export function isDroppedCart(s: {
  signedIn: boolean;
  kind: 'purchase' | 'gift' | 'upgrade';
  alreadyHas: boolean;
  succeeded: boolean;
  reported: boolean;
}): boolean {
  return s.signedIn && s.kind === 'purchase' && !s.alreadyHas && !s.succeeded && !s.reported;
}

/**
 * §3 Bundle unlistedDescription (decision 0068): an unlisted bundle is reached only by its link, and
 * is described there by its unlistedDescription when it has one; any other bundle by its description.
 */
export function bundleDescription(
  b: Pick<Bundle, 'description' | 'unlisted' | 'unlistedDescription'>,
): string {
  return (b.unlisted && b.unlistedDescription?.trim()) || b.description;
}

/**
 * §3 Bundle unlistedRedirect (decision 0068): where the checkout of an unlisted bundle continues after
 * the purchase. Only a path on this site ('/…', not '//…'); anything else, or a listed bundle, is null
 * (the usual target).
 */
export function unlistedRedirectPath(b: Pick<Bundle, 'unlisted' | 'unlistedRedirect'>): string | null {
  const to = b.unlisted ? b.unlistedRedirect?.trim() : null;
  return to && /^\/(?![/\\])/.test(to) ? to : null;
}

/**
 * §3 Bundle hideChannelDetails (decision 0068): the channels the checkout summary lists as included
 * (a CHANNELS bundle's channels), none when the bundle hides its channel details.
 */
export function includedChannelIds(b: Pick<Bundle, 'type' | 'channels' | 'hideChannelDetails'>): string[] {
  return b.type === 'CHANNELS' && !b.hideChannelDetails ? b.channels : [];
}
