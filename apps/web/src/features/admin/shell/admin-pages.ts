/**
 * The back office's pages (SPEC §2, under `/order-online/admin`) with their title keys, in the order the
 * navigation lists them. `ready` pages exist; the catalogue and settings pages come with issue 11.
 */
export const ADMIN_PAGES = [
  { path: '/home', title: 'pages.home', ready: true },
  { path: '/category', title: 'pages.category', ready: false },
  { path: '/category-list', title: 'pages.category_list', ready: false },
  { path: '/products', title: 'pages.products', ready: false },
  { path: '/products-list', title: 'pages.products_list', ready: false },
  { path: '/tax', title: 'pages.tax', ready: false },
  { path: '/store-setting', title: 'pages.store_setting', ready: false },
  // Spelt so in SPEC §2.
  { path: '/disscount', title: 'pages.discount', ready: false },
  { path: '/toppings', title: 'pages.toppings', ready: false },
  { path: '/topping-groups', title: 'pages.topping_groups', ready: false },
  { path: '/group-item', title: 'pages.group_item', ready: false },
  { path: '/product-groups', title: 'pages.product_groups', ready: false },
  { path: '/devices', title: 'pages.devices', ready: true },
] as const;

export type AdminPageTitle = (typeof ADMIN_PAGES)[number]['title'];
