import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { STORE_ID, categorySchema, type Category, type Language } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLanguage } from '../use-language.ts';

const categoriesSchema = z.array(categorySchema);

/** GET /api/categories/?store_id=13 in the current language (the API answers per Accept-Language). */
export function getCategories(storeId: number = STORE_ID): Promise<Category[]> {
  return apiRequest(`/categories/?store_id=${storeId}`, categoriesSchema);
}

/** The language is part of the key: switching it fetches the names in the new language. */
export function categoriesQueryOptions(language: Language, storeId: number = STORE_ID) {
  return queryOptions({
    queryKey: ['categories', storeId, language],
    queryFn: () => getCategories(storeId),
    staleTime: 5 * 60_000,
  });
}

export function useCategories(storeId: number = STORE_ID) {
  // While another language loads, the menu stays on screen in the previous one.
  return useQuery({ ...categoriesQueryOptions(useLanguage(), storeId), placeholderData: keepPreviousData });
}
