import { queryOptions } from '@tanstack/react-query';
import {
  storeHoursResponseSchema,
  storeSettingsSchema,
  type StoreHoursRequest,
  type StoreSettingsRequest,
} from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STORE_API } from '../../catalogue/queries.ts';

export const STORE_SETTINGS_KEY = ['admin', 'store-settings'] as const;

/** `GET …/settings`: the store's details, legal notice, kitchen limits and weekly hours, with its version. */
export function storeSettingsQuery() {
  return queryOptions({
    queryKey: STORE_SETTINGS_KEY,
    queryFn: () => staffRequest(`${STORE_API}/settings`, storeSettingsSchema),
  });
}

/** `PUT …/settings`: everything but the hours; a 409 carries the current settings. */
export function saveStoreSettings(values: StoreSettingsRequest) {
  return staffRequest(`${STORE_API}/settings`, storeSettingsSchema, { method: 'PUT', json: values });
}

/** `PUT …/hours`: the whole week; a 409 carries the current settings (their hours and version). */
export function saveStoreHours(values: StoreHoursRequest) {
  return staffRequest(`${STORE_API}/hours`, storeHoursResponseSchema, { method: 'PUT', json: values });
}
