export { DiscoverGrid } from './components/discover-grid';
export type { CardLinks } from './utils/card';
