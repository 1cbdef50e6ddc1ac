const enc = encodeURIComponent;

/** The commerce routes of the purchases screens outside the account area (accounts-and-commerce §2). */
export const purchasesPaths = {
  /** Wallet provider callbacks (§2 /paypal and /paypal-sub; decision 0031). */
  paypal: { path: '/paypal', getHref: () => '/paypal' },
  paypalSub: { path: '/paypal-sub', getHref: () => '/paypal-sub' },
  /** /redeem-gift/{purchase}?loginAs&code */
  redeemGift: {
    path: '/redeem-gift/:purchase',
    getHref: (purchase: string, q: { loginAs?: string; code?: string } = {}) => {
      const qs = new URLSearchParams();
      if (q.loginAs) qs.set('loginAs', q.loginAs);
      if (q.code) qs.set('code', q.code);
      const s = qs.toString();
      return `/redeem-gift/${enc(purchase)}${s ? `?${s}` : ''}`;
    },
  },
} as const;
