export { MenuPage } from './menu-page.tsx';
