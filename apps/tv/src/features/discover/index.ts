export { DiscoverGrid } from './components/discover-grid';
