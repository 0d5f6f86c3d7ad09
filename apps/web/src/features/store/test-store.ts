import type { Store } from '@pizzeria/domain';
import { storeQueryOptions } from './api/get-store.ts';

/** The restaurant for tests, shaped like GET /api/stores/13. */
export const testStore: Store = {
  id: 13,
  name: 'Pizzeria Bella Napoli',
  timezone: 'Europe/Berlin',
  region: { code: 'de-DE', currency: 'EUR', show_legal_link: true },
  address: 'Kastanienallee 12, 10435 Berlin',
  phone: '030 12345678',
  email: 'ciao@bella-napoli.example',
  preorder_days: 7,
  store_hours: [
    { day_of_week: 1, open_time: '11:30', close_time: '22:00', label: null },
    { day_of_week: 5, open_time: '11:30', close_time: '14:30', label: 'lunch' },
    { day_of_week: 5, open_time: '17:00', close_time: '23:30', label: 'evening' },
  ],
};

/** `queryData` entry for `renderWithProviders`. */
export const testStoreQuery: [readonly unknown[], unknown] = [storeQueryOptions().queryKey, testStore];
