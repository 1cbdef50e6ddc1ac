export { DiscoverRows } from './components/discover-rows';
export { RowSkeletons } from './components/row-skeleton';
