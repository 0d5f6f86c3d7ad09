import type { QueryClient } from '@tanstack/react-query';
import { shopPageDataSchema, type ShopPageData } from '@pizzeria/domain';
import { discountsQueryOptions } from '../features/cart/index.ts';
import { postcodesQueryOptions } from '../features/delivery/index.ts';
import { categoriesQueryOptions, productsQueryOptions } from '../features/menu/index.ts';
import { storeQueryOptions } from '../features/store/index.ts';
import { useStoreStatus } from '../features/store-status/index.ts';

/** The element of the server-rendered page that carries the catalogue it was rendered from. */
export const SHOP_DATA_ID = 'shop-data';

/**
 * Puts the catalogue into the query cache under the keys the shop's queries read, and the store's status
 * as the page was rendered with it into the status store (the live channel takes over from there).
 */
export function seedShopData(queryClient: QueryClient, data: ShopPageData): void {
  useStoreStatus.setState({ status: data.status ?? { kind: 'connecting' }, menuVersion: data.menu_version });
  queryClient.setQueryData(storeQueryOptions().queryKey, data.store);
  queryClient.setQueryData(categoriesQueryOptions(data.language).queryKey, data.categories);
  queryClient.setQueryData(productsQueryOptions(data.language).queryKey, data.products);
  queryClient.setQueryData(postcodesQueryOptions().queryKey, data.postcodes);
  queryClient.setQueryData(discountsQueryOptions().queryKey, data.discounts);
}

/**
 * The catalogue the server rendered the page from, when the page was rendered on the server and its
 * data is valid; otherwise the shop loads it from the API as before.
 */
export function readShopData(document: Document): ShopPageData | undefined {
  const text = document.getElementById(SHOP_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = shopPageDataSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.warn('Ignoring the page’s invalid catalogue', parsed.error);
  } catch (error) {
    console.warn('Ignoring the page’s unparseable catalogue', error);
  }
  return undefined;
}
