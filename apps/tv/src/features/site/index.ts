export { useSiteConfig } from './api/use-site-config';
export { useApplyTheme } from './hooks/use-apply-theme';
export { discoverTab } from './utils/discover-tab';
