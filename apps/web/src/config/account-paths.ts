/** The account area's routes (accounts-and-commerce §2 Other account routes). */
export const accountPaths = {
  profileInfo: { path: '/profile-info', getHref: () => '/profile-info' },
  activeDevices: { path: '/active-devices', getHref: () => '/active-devices' },
  deleteAccount: { path: '/delete-account', getHref: () => '/delete-account' },
  changeEmail: { path: '/change-email', getHref: () => '/change-email' },
  /** The staff review of reported moments and gifs (decision 0054). */
  moderation: { path: '/moderation', getHref: () => '/moderation' },
  /** The admins' list of dropped carts (decision 0060). */
  droppedCarts: { path: '/dropped-carts', getHref: () => '/dropped-carts' },
  /** The Purchases tab and its screens (decision 0035). */
  purchases: { path: '/purchases', getHref: () => '/purchases' },
  purchase: {
    path: '/purchases/:purchaseId',
    getHref: (id: string) => `/purchases/${encodeURIComponent(id)}`,
  },
  /** /upgrade-purchase/{purchaseId}?couponCode&bundleId (bundleId: the plan chosen first). */
  upgradePurchase: {
    path: '/upgrade-purchase/:purchaseId',
    getHref: (id: string, couponCode?: string | null, bundleId?: string | null) => {
      const q = new URLSearchParams();
      if (bundleId) q.set('bundleId', bundleId);
      if (couponCode) q.set('couponCode', couponCode);
      const qs = q.toString();
      return `/upgrade-purchase/${encodeURIComponent(id)}${qs ? `?${qs}` : ''}`;
    },
  },
  /** "/subscriptions redirects to /purchases". */
  subscriptions: { path: '/subscriptions', getHref: () => '/subscriptions' },
} as const;

/** The web page where a TV's code is entered (a route of the sign-in screens), for the devices hint. */
export const ACTIVATE_HREF = '/activate';
