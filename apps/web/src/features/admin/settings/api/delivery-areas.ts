import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  deliveryAreaSchema,
  type DeliveryArea,
  type DeliveryAreaCreate,
  type DeliveryAreaUpdate,
} from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STORE_API } from '../../catalogue/queries.ts';

export const DELIVERY_AREAS_KEY = ['admin', 'delivery-areas'] as const;

/** `GET …/delivery-areas`: the areas not removed, hidden ones included. */
export function deliveryAreasQuery() {
  return queryOptions({
    queryKey: DELIVERY_AREAS_KEY,
    queryFn: () => staffRequest(`${STORE_API}/delivery-areas`, z.array(deliveryAreaSchema)),
  });
}

/** `POST …/delivery-areas` (201; a removed postcode comes back). */
export function createDeliveryArea(area: DeliveryAreaCreate) {
  return staffRequest(`${STORE_API}/delivery-areas`, deliveryAreaSchema, { method: 'POST', json: area });
}

/** `PUT …/delivery-areas/{id}` with the version it was read at. */
export function updateDeliveryArea(areaId: number, area: DeliveryAreaUpdate) {
  return staffRequest(`${STORE_API}/delivery-areas/${areaId}`, deliveryAreaSchema, { method: 'PUT', json: area });
}

/** Hides or shows an area in the shop: the same update with only `hidden` changed. */
export function useToggleHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, hidden, ...fields }: DeliveryArea) =>
      updateDeliveryArea(id, { ...fields, hidden: !hidden, version }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DELIVERY_AREAS_KEY }),
  });
}

/** `POST …/delivery-areas/{id}/archive`: "Entfernen"; the shop no longer delivers there. */
export function useRemoveDeliveryArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (area: DeliveryArea) =>
      staffRequest(`${STORE_API}/delivery-areas/${area.id}/archive`, null, {
        method: 'POST',
        json: { version: area.version },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DELIVERY_AREAS_KEY }),
  });
}
