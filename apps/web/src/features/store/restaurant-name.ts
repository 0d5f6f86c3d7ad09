import { useStore } from './api/get-store.ts';

export const FALLBACK_RESTAURANT_NAME = 'Pizzeria Bella Napoli';

/** The restaurant's name from the store API, or the house name while it loads or if it fails. */
export function useRestaurantName(): string {
  const { data } = useStore();
  return data?.name ?? FALLBACK_RESTAURANT_NAME;
}
