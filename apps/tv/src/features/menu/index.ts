export { Menu } from './components/menu';
