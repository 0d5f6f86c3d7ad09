/**
 * The back office's pages (under `/order-online/admin`: those of `docs/product/back-office.md`, with the delivery
 * areas and the audit log) with their title keys, in the order the navigation lists them, by section. Editors
 * reached from a list (a category, a product) are pages of their own but not in the navigation.
 */
export const ADMIN_PAGES = [
  { path: '/home', title: 'pages.home', section: 'orders', nav: true },
  { path: '/orders', title: 'pages.orders', section: 'orders', nav: true },
  { path: '/category-list', title: 'pages.category_list', section: 'menu', nav: true },
  { path: '/category', title: 'pages.category', section: 'menu', nav: false },
  { path: '/categories-page', title: 'pages.categories_page', section: 'menu', nav: true },
  { path: '/products-list', title: 'pages.products_list', section: 'menu', nav: true },
  { path: '/products', title: 'pages.products', section: 'menu', nav: false },
  { path: '/toppings', title: 'pages.toppings', section: 'menu', nav: true },
  { path: '/topping-groups', title: 'pages.topping_groups', section: 'menu', nav: true },
  { path: '/group-item', title: 'pages.group_item', section: 'menu', nav: true },
  { path: '/product-groups', title: 'pages.product_groups', section: 'menu', nav: true },
  { path: '/allergy', title: 'pages.allergy', section: 'menu', nav: true },
  { path: '/item-allergy', title: 'pages.item_allergy', section: 'menu', nav: true },
  { path: '/tax', title: 'pages.tax', section: 'menu', nav: true },
  { path: '/store-setting', title: 'pages.store_setting', section: 'shop', nav: true },
  // Spelt so in the original shop's address, which links may still use.
  { path: '/disscount', title: 'pages.discount', section: 'shop', nav: true },
  { path: '/delivery-areas', title: 'pages.delivery_areas', section: 'shop', nav: true },
  { path: '/audit', title: 'pages.audit', section: 'shop', nav: true },
  { path: '/devices', title: 'pages.devices', section: 'shop', nav: true },
] as const;

export type AdminPage = (typeof ADMIN_PAGES)[number];
export type AdminPagePath = AdminPage['path'];
export type AdminPageTitle = AdminPage['title'];
export const ADMIN_SECTIONS = ['orders', 'menu', 'shop'] as const;
