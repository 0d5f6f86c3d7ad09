import { common } from './common.ts';
import { layoutTexts } from '../features/layout/locales.ts';
import { deliveryTexts } from '../features/delivery/locales.ts';
import { menuTexts } from '../features/menu/locales.ts';
import { cartTexts } from '../features/cart/locales.ts';
import type { pagesTexts } from '../features/pages/locales.ts';
import type { postcodePickerTexts } from '../features/delivery/picker-locales.ts';

/**
 * Every namespace of the app: one `locales.ts` per feature, composed here. Add a feature's
 * translations by importing them and adding one line to `namespaces`.
 *
 * Texts only a lazy chunk needs stay out of the first load: list their type in `LazyNamespaces` and
 * register them from the chunk with `registerTranslations` (i18n/index.ts).
 */
export const namespaces = {
  common,
  layout: layoutTexts,
  delivery: deliveryTexts,
  menu: menuTexts,
  cart: cartTexts,
} as const;

interface LazyNamespaces {
  pages: typeof pagesTexts;
  postcodePicker: typeof postcodePickerTexts;
}

type Namespaces = typeof namespaces & LazyNamespaces;
export type NamespaceName = keyof Namespaces;

function pick<L extends 'de' | 'en'>(language: L): { [N in keyof typeof namespaces]: (typeof namespaces)[N][L] } {
  return Object.fromEntries(Object.entries(namespaces).map(([name, texts]) => [name, texts[language]])) as {
    [N in keyof typeof namespaces]: (typeof namespaces)[N][L];
  };
}

/** The first load's texts; lazy namespaces join when their chunk loads. */
export const resources = { de: pick('de'), en: pick('en') };
export type Resources = { [N in NamespaceName]: Namespaces[N]['de'] };
