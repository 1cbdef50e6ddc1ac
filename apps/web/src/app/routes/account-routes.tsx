import type { RouteObject } from 'react-router';
import { accountPaths } from '../../config/account-paths';

// The account area loads as its own chunk the first time one of its routes opens.
const load = () => import('./account-route');

/** The account area's routes (profile-info, active-devices, delete-account, change-email), each login-only. */
export const accountRoutes: RouteObject[] = [
  {
    path: accountPaths.profileInfo.path,
    lazy: async () => ({ Component: (await load()).ProfileInfoRoute }),
  },
  {
    path: accountPaths.activeDevices.path,
    lazy: async () => ({ Component: (await load()).ActiveDevicesRoute }),
  },
  {
    path: accountPaths.deleteAccount.path,
    lazy: async () => ({ Component: (await load()).DeleteAccountRoute }),
  },
  {
    path: accountPaths.changeEmail.path,
    lazy: async () => ({ Component: (await load()).ChangeEmailRoute }),
  },
  {
    path: accountPaths.moderation.path,
    lazy: async () => ({ Component: (await load()).ModerationRoute }),
  },
  {
    path: accountPaths.droppedCarts.path,
    lazy: async () => ({ Component: (await load()).DroppedCartsRoute }),
  },
];
