export { useSiteConfig } from './api/use-site-config';
export { useApplyTheme } from './hooks/use-apply-theme';
export { SiteHeader, type NavItem } from './components/site-header';
export { resolveTab, type ResolvedTab } from './utils/pages';
