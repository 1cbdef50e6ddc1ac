/**
 * Commerce messages, word for word from accounts-and-commerce §4, §5 and §8. Clients show them
 * (through i18n with these as the English text); the server answers them in `error.message`.
 */
export const COMMERCE_MESSAGES = {
  // §8 Error catalogue
  requiredInformation: 'Please fill in the required information',
  paymentFailure: 'Unexpected error processing your payment. Please try again',
  unexpectedErrorRetry: 'Unexpected error. Please try again',
  unexpectedError: 'Unexpected error',
  walletNoApprovalLink: 'Unexpected result from server',
  cardValidation: 'There was an error attempting to validate your payment information.',
  deleteMethodInUse:
    'This payment method is associated with an active purchase. Please add a new Credit Card and try again.',
  deleteMethodOther: 'The selected payment method cannot be deleted.',
  cancelFallback: 'Something went wrong. Please try again.',
  addressModified: 'Address was modified successfully',
  addressModifyError: 'There was an error modifying the address',
  purchasesUpdated: 'Your purchases have been updated successfully',
  renewalFailed: "We couldn't renew your subscription. Please update your payment information.",
  unavailableBundle: 'Resource is not available for purchase at the moment',
  // §4 Checkout and Purchases page
  alreadyHaveAccess: 'You already have access to this event',
  noSubscriptionSelected: 'There is no subscription selected for cancelling',
  // §5 Validation rules
  cardExpiryPast: 'Card expiration date must be in the future.',
  cardFormErrors: 'There are errors in the form, please fix them and try again',
  addressMandatory: 'Address is mandatory',
  selectBillingFirst: 'Select first a billing address.',
  promoApplied: 'Promo Code Applied',
  couponNotForRental: 'Coupon is not applicable to Rental',
  couponNotForBundle: 'Coupon is not applicable to Bundle',
  sameDefaultMethod: 'This is your current payment method, you should choose another one',
  giftRequiredFields: 'Please fill in all required fields',
  giftSameEmail: "Gift recipient and giver can't have the same email address.",
} as const;
export type CommerceMessage = keyof typeof COMMERCE_MESSAGES;

/**
 * Coupon refusals the spec leaves unworded (it only says "failure shows the server message");
 * ours, decision 0029.
 */
export const COUPON_MESSAGES = {
  unknown: 'This promo code is not valid',
  expired: 'This promo code has expired',
  notForBundle: 'This promo code is not valid for this purchase',
  notForRental: COMMERCE_MESSAGES.couponNotForRental,
  notForBundleType: COMMERCE_MESSAGES.couponNotForBundle,
} as const;
export type CouponError = keyof typeof COUPON_MESSAGES;

/** "Card declines: decline code or code appended in parentheses" (§8). */
export function declineMessage(code: string | null | undefined): string {
  return code ? `${COMMERCE_MESSAGES.paymentFailure} (${code})` : COMMERCE_MESSAGES.paymentFailure;
}

/** "Delete payment method, message starts with E00105" → the in-use message, other → the generic one (§8). */
export function deleteMethodMessage(gatewayMessage: string): string {
  return gatewayMessage.startsWith('E00105')
    ? COMMERCE_MESSAGES.deleteMethodInUse
    : COMMERCE_MESSAGES.deleteMethodOther;
}
