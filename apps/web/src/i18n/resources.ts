import { commonDe } from './common.ts';
import { layoutDe } from '../features/layout/locales.ts';
import { deliveryDe } from '../features/delivery/locales.ts';
import { menuDe } from '../features/menu/locales.ts';
import { cartDe } from '../features/cart/locales.ts';
import { storeStatusDe } from '../features/store-status/locales.ts';
import type { pagesTexts } from '../features/pages/locales.ts';
import type { postcodePickerTexts } from '../features/delivery/picker-locales.ts';
import type { authTexts } from '../features/auth/locales.ts';
import type { checkoutTexts } from '../features/checkout/locales.ts';
import type { addressesTexts } from '../features/addresses/locales.ts';
import type { ordersTexts } from '../features/orders/locales.ts';
import type { paymentsTexts } from '../features/payments/locales.ts';
import type { accountTexts } from '../features/account/locales.ts';
import type { Translated } from './define.ts';

/**
 * The first load's namespaces in German, the default language: one `locales.ts` per feature. Their
 * English twins (`locales.en.ts`, typed as `Translated<German>` so a missing key fails the type-check)
 * are one lazy chunk, `english.ts`, loaded when someone chooses English (docs/decisions/003).
 *
 * Texts only a lazy chunk needs stay out of the first load in both languages: list their type in
 * `LazyNamespaces` and register them from the chunk with `registerTranslations` (i18n/index.ts).
 */
export const german = {
  common: commonDe,
  layout: layoutDe,
  delivery: deliveryDe,
  menu: menuDe,
  cart: cartDe,
  storeStatus: storeStatusDe,
};

export type FirstLoadNamespaces = typeof german;
export type English = { [N in keyof FirstLoadNamespaces]: Translated<FirstLoadNamespaces[N]> };

export interface LazyNamespaces {
  pages: (typeof pagesTexts)['de'];
  postcodePicker: (typeof postcodePickerTexts)['de'];
  auth: (typeof authTexts)['de'];
  checkout: (typeof checkoutTexts)['de'];
  addresses: (typeof addressesTexts)['de'];
  orders: (typeof ordersTexts)['de'];
  payments: (typeof paymentsTexts)['de'];
  account: (typeof accountTexts)['de'];
}

export type Resources = FirstLoadNamespaces & LazyNamespaces;
export type NamespaceName = keyof Resources;
