import type { RouteObject } from 'react-router';
import { commercePaths } from '../../config/commerce-paths';

// The commerce screens load as their own chunk the first time one of their routes opens.
const load = () => import('./commerce-route');

/**
 * /subscribe, /subscribe/{bundle}, /subscribe/{contentType}/{videoUid}, /gift, /gift/{bundle},
 * /contribute and /preorder/{bundleId}/{videoUid} (decision 0034). Each login-only.
 */
export const commerceRoutes: RouteObject[] = [
  {
    path: commercePaths.subscribe.path,
    lazy: async () => ({ Component: (await load()).SubscribeRoute }),
  },
  {
    path: commercePaths.subscribeBundle.path,
    lazy: async () => ({ Component: (await load()).SubscribeBundleRoute }),
  },
  {
    path: commercePaths.subscribeTitle.path,
    lazy: async () => ({ Component: (await load()).SubscribeTitleRoute }),
  },
  {
    path: commercePaths.gift.path,
    lazy: async () => ({ Component: (await load()).GiftRoute }),
  },
  {
    path: commercePaths.giftBundle.path,
    lazy: async () => ({ Component: (await load()).GiftBundleRoute }),
  },
  {
    path: commercePaths.contribute.path,
    lazy: async () => ({ Component: (await load()).ContributeRoute }),
  },
  {
    path: commercePaths.preorder.path,
    lazy: async () => ({ Component: (await load()).PreorderRoute }),
  },
];
