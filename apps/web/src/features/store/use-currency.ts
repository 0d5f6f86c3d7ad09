import type { Currency } from '@pizzeria/domain';
import { useStore } from './api/get-store.ts';

/** The currency of the store's region (docs/product/money.md): EUR until the store has loaded. */
export function useCurrency(): Currency {
  const { data } = useStore();
  return data?.region.currency ?? 'EUR';
}
