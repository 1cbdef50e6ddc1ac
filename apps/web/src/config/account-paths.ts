/** The account area's routes (accounts-and-commerce §2 Other account routes). */
export const accountPaths = {
  profileInfo: { path: '/profile-info', getHref: () => '/profile-info' },
  activeDevices: { path: '/active-devices', getHref: () => '/active-devices' },
  deleteAccount: { path: '/delete-account', getHref: () => '/delete-account' },
  changeEmail: { path: '/change-email', getHref: () => '/change-email' },
} as const;

/** The web page where a TV's code is entered (a route of the sign-in screens), for the devices hint. */
export const ACTIVATE_HREF = '/activate';
