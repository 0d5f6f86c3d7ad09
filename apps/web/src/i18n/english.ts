import { commonEn } from './common.en.ts';
import { layoutEn } from '../features/layout/locales.en.ts';
import { deliveryEn } from '../features/delivery/locales.en.ts';
import { menuEn } from '../features/menu/locales.en.ts';
import { cartEn } from '../features/cart/locales.en.ts';
import { storeStatusEn } from '../features/store-status/locales.en.ts';
import type { English } from './resources.ts';

/** The first load's namespaces in English: a chunk of its own, fetched only for English. */
export const english: English = {
  common: commonEn,
  layout: layoutEn,
  delivery: deliveryEn,
  menu: menuEn,
  cart: cartEn,
  storeStatus: storeStatusEn,
};
