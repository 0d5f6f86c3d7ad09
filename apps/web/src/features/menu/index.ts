export { MenuPage } from './menu-page.tsx';
export { productsQueryOptions } from './api/get-products.ts';
export { categoriesQueryOptions } from './api/get-categories.ts';
export { useLanguage } from './use-language.ts';
export { useMenuSearch, type MenuSearchState } from './menu-search-store.ts';
export { MenuSearchBox } from './components/menu-search-box.tsx';
