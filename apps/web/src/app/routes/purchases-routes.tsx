import type { RouteObject } from 'react-router';
import { accountPaths } from '../../config/account-paths';
import { purchasesPaths } from '../../config/purchases-paths';

// The purchases screens load as their own chunk the first time one of their routes opens.
const load = () => import('./purchases-route');

/**
 * /purchases, /purchases/{id}, /upgrade-purchase/{id}, /subscriptions (→ /purchases), the wallet
 * callbacks /paypal and /paypal-sub, and /redeem-gift/{purchase} (decision 0035). Each login-only.
 */
export const purchasesRoutes: RouteObject[] = [
  {
    path: accountPaths.purchases.path,
    lazy: async () => ({ Component: (await load()).PurchasesRoute }),
  },
  {
    path: accountPaths.purchase.path,
    lazy: async () => ({ Component: (await load()).UpdatePaymentMethodRoute }),
  },
  {
    path: accountPaths.upgradePurchase.path,
    lazy: async () => ({ Component: (await load()).UpgradePurchaseRoute }),
  },
  {
    path: accountPaths.subscriptions.path,
    lazy: async () => ({ Component: (await load()).SubscriptionsRedirect }),
  },
  {
    path: purchasesPaths.paypal.path,
    lazy: async () => ({ Component: (await load()).PaypalCallbackRoute }),
  },
  {
    path: purchasesPaths.paypalSub.path,
    lazy: async () => ({ Component: (await load()).PaypalSubCallbackRoute }),
  },
  {
    path: purchasesPaths.redeemGift.path,
    lazy: async () => ({ Component: (await load()).RedeemGiftRoute }),
  },
];
