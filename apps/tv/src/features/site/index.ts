export { useSiteConfig } from './api/use-site-config';
export { discoverTab } from './utils/discover-tab';
