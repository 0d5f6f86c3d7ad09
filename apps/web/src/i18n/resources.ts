import { common } from './common.ts';
import { layoutTexts } from '../features/layout/locales.ts';
import { deliveryTexts } from '../features/delivery/locales.ts';
import { pagesTexts } from '../features/pages/locales.ts';
import { menuTexts } from '../features/menu/locales.ts';
import { cartTexts } from '../features/cart/locales.ts';

/**
 * Every namespace of the app: one `locales.ts` per feature, composed here. Add a feature's
 * translations by importing them and adding one line to `namespaces`.
 */
export const namespaces = {
  common,
  layout: layoutTexts,
  delivery: deliveryTexts,
  pages: pagesTexts,
  menu: menuTexts,
  cart: cartTexts,
} as const;

type Namespaces = typeof namespaces;
export type NamespaceName = keyof Namespaces;

function pick<L extends 'de' | 'en'>(language: L): { [N in NamespaceName]: Namespaces[N][L] } {
  return Object.fromEntries(Object.entries(namespaces).map(([name, texts]) => [name, texts[language]])) as {
    [N in NamespaceName]: Namespaces[N][L];
  };
}

export const resources = { de: pick('de'), en: pick('en') };
export type Resources = (typeof resources)['de'];
