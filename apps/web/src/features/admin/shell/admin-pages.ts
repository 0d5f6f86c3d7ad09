import { staffRoleAllows, type StaffRole } from '@pizzeria/domain';

/**
 * The back office's pages (under `/order-online/admin`: those of `docs/product/back-office.md`, with the delivery
 * areas and the audit log) with their title keys, in the order the navigation lists them, by section. Editors
 * reached from a list (a category, a product) are pages of their own but not in the navigation. `role` is
 * the least role that may use the page, as the server's routes behind it require: the kitchen has the
 * board, the orders, the products and toppings lists (to mark a dish or a topping sold out) and its own
 * devices; the team is the owner's.
 */
export const ADMIN_PAGES = [
  { path: '/home', title: 'pages.home', section: 'orders', nav: true, role: 'kitchen' },
  { path: '/orders', title: 'pages.orders', section: 'orders', nav: true, role: 'kitchen' },
  { path: '/category-list', title: 'pages.category_list', section: 'menu', nav: true, role: 'manager' },
  { path: '/category', title: 'pages.category', section: 'menu', nav: false, role: 'manager' },
  { path: '/categories-page', title: 'pages.categories_page', section: 'menu', nav: true, role: 'manager' },
  { path: '/products-list', title: 'pages.products_list', section: 'menu', nav: true, role: 'kitchen' },
  { path: '/products', title: 'pages.products', section: 'menu', nav: false, role: 'manager' },
  { path: '/toppings', title: 'pages.toppings', section: 'menu', nav: true, role: 'kitchen' },
  { path: '/topping-groups', title: 'pages.topping_groups', section: 'menu', nav: true, role: 'manager' },
  { path: '/group-item', title: 'pages.group_item', section: 'menu', nav: true, role: 'manager' },
  { path: '/product-groups', title: 'pages.product_groups', section: 'menu', nav: true, role: 'manager' },
  { path: '/allergy', title: 'pages.allergy', section: 'menu', nav: true, role: 'manager' },
  { path: '/item-allergy', title: 'pages.item_allergy', section: 'menu', nav: true, role: 'manager' },
  // A manager reads the rates (the product editor needs them); only the owner changes them.
  { path: '/tax', title: 'pages.tax', section: 'menu', nav: true, role: 'manager' },
  { path: '/store-setting', title: 'pages.store_setting', section: 'shop', nav: true, role: 'manager' },
  // Spelt so in the original shop's address, which links may still use.
  { path: '/disscount', title: 'pages.discount', section: 'shop', nav: true, role: 'manager' },
  { path: '/delivery-areas', title: 'pages.delivery_areas', section: 'shop', nav: true, role: 'manager' },
  { path: '/vouchers', title: 'pages.vouchers', section: 'shop', nav: true, role: 'manager' },
  { path: '/audit', title: 'pages.audit', section: 'shop', nav: true, role: 'manager' },
  { path: '/staff', title: 'pages.staff', section: 'shop', nav: true, role: 'owner' },
  { path: '/devices', title: 'pages.devices', section: 'shop', nav: true, role: 'kitchen' },
] as const satisfies readonly {
  path: string;
  title: string;
  section: string;
  nav: boolean;
  role: StaffRole;
}[];

/**
 * Whether someone with `role` may use `page`. A role not known yet (the first read failed) counts as the
 * kitchen's, the least: the server refuses more anyway, and a 403 reads the role again.
 */
export function pageAllowed(page: { role: StaffRole }, role: StaffRole | undefined): boolean {
  return staffRoleAllows(role ?? 'kitchen', page.role);
}

export type AdminPage = (typeof ADMIN_PAGES)[number];
export type AdminPagePath = AdminPage['path'];
export type AdminPageTitle = AdminPage['title'];
export const ADMIN_SECTIONS = ['orders', 'menu', 'shop'] as const;
