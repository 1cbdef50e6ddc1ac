import type { IdentityPlatform } from '@marquee/contract';

/** The site flags the sign-in screens follow (from the site config; the route passes them in). */
export interface AuthPerms {
  hideAuth: boolean;
  swapLogin: boolean;
  activateToLogin: boolean;
  /** The external identity platform viewers sign in through (A§6, decision 0061): no signup here. */
  identityPlatform?: IdentityPlatform;
}
