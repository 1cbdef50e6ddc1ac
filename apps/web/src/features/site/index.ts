export { useSiteConfig } from './api/use-site-config';
export { SiteHeader, type NavItem } from './components/site-header';
export { LeftMenu } from './components/left-menu';
export { BottomMenu } from './components/bottom-menu';
export { SmartBanner } from './components/smart-banner';
export {
  resolveTab,
  resolvePageRoute,
  resolveOverlayPage,
  defaultPage,
  landingAction,
  tabHref,
  kindOfCode,
  TAB_CODES,
  type ResolvedTab,
  type PageRouteResult,
} from './utils/pages';
export { replaceUserId } from './utils/menu';
export * as locales from './locales';
