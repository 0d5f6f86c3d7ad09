export { MenuPage } from './menu-page.tsx';
export { useMenuSearch, type MenuSearchState } from './menu-search-store.ts';
