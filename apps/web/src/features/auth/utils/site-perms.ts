/** The site flags the sign-in screens follow (from the site config; the route passes them in). */
export interface AuthPerms {
  hideAuth: boolean;
  swapLogin: boolean;
  activateToLogin: boolean;
}
