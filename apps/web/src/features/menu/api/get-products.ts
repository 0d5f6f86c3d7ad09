import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { STORE_ID, productSchema, type Language, type Product } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLanguage } from '../use-language.ts';

const productsSchema = z.array(productSchema);

/** GET /api/products/?store_id=13: dishes with sizes, topping groups, allergens, in the current language. */
export function getProducts(storeId: number = STORE_ID): Promise<Product[]> {
  return apiRequest(`/products/?store_id=${storeId}`, productsSchema);
}

/** The language is part of the key: switching it fetches the names in the new language. */
export function productsQueryOptions(language: Language, storeId: number = STORE_ID) {
  return queryOptions({
    queryKey: ['products', storeId, language],
    queryFn: () => getProducts(storeId),
    staleTime: 5 * 60_000,
  });
}

export function useProducts(storeId: number = STORE_ID) {
  // While another language loads, the menu stays on screen in the previous one.
  return useQuery({ ...productsQueryOptions(useLanguage(), storeId), placeholderData: keepPreviousData });
}
