export { useStore, getStore, storeQueryOptions } from './api/get-store.ts';
export { useCurrency } from './use-currency.ts';
export { useRestaurantName, FALLBACK_RESTAURANT_NAME } from './restaurant-name.ts';
