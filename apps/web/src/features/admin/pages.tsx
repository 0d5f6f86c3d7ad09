import type { ComponentType } from 'react';
import { BoardPage } from './board/board-page.tsx';
import { AllergyPage } from './catalogue/allergens/allergy-page.tsx';
import { ItemAllergyPage } from './catalogue/allergens/item-allergy-page.tsx';
import { CategoryListPage } from './catalogue/categories/category-list-page.tsx';
import { CategoryPage } from './catalogue/categories/category-page.tsx';
import { MenuOrderPage } from './catalogue/categories/menu-order-page.tsx';
import { ProductPage } from './catalogue/products/product-page.tsx';
import { ProductsListPage } from './catalogue/products/products-list-page.tsx';
import { TaxPage } from './catalogue/tax/tax-page.tsx';
import { GroupItemPage } from './catalogue/toppings/group-item-page.tsx';
import { ProductGroupsPage } from './catalogue/toppings/product-groups-page.tsx';
import { ToppingGroupsPage } from './catalogue/toppings/topping-groups-page.tsx';
import { ToppingsPage } from './catalogue/toppings/toppings-page.tsx';
import { AuditPage } from './audit/audit-page.tsx';
import { DevicesPage } from './devices/devices-page.tsx';
import { OrdersPage } from './orders/orders-page.tsx';
import { DeliveryAreasPage } from './settings/delivery-areas-page.tsx';
import { DiscountPage } from './settings/discount-page.tsx';
import { StoreSettingPage } from './settings/store-setting-page.tsx';
import type { AdminPagePath } from './shell/admin-pages.ts';
import { StaffPage } from './staff/staff-page.tsx';
import { VouchersPage } from './vouchers/vouchers-page.tsx';

/** Which component each back-office page shows (the paths and titles are in `shell/admin-pages.ts`). */
export const PAGE_COMPONENTS: Readonly<Record<AdminPagePath, ComponentType>> = {
  '/home': BoardPage,
  '/orders': OrdersPage,
  '/category-list': CategoryListPage,
  '/category': CategoryPage,
  '/categories-page': MenuOrderPage,
  '/products-list': ProductsListPage,
  '/products': ProductPage,
  '/toppings': ToppingsPage,
  '/topping-groups': ToppingGroupsPage,
  '/group-item': GroupItemPage,
  '/product-groups': ProductGroupsPage,
  '/allergy': AllergyPage,
  '/item-allergy': ItemAllergyPage,
  '/tax': TaxPage,
  '/store-setting': StoreSettingPage,
  '/disscount': DiscountPage,
  '/delivery-areas': DeliveryAreasPage,
  '/vouchers': VouchersPage,
  '/audit': AuditPage,
  '/staff': StaffPage,
  '/devices': DevicesPage,
};
