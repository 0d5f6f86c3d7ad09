import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, personalDataExportSchema, type MessageResponse } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { personalDataFileName, saveJsonFile } from '../../../lib/save-json-file.ts';
import { orderQueryOptions } from './get-order.ts';

interface GuestOrder {
  id: number;
  /** The order's tracking token, the guest's key to it. */
  token: string;
}

const tokenQuery = (token: string) => `?token=${encodeURIComponent(token)}`;

/** `GET /api/orders/{id}/personal-data?token=`: what the shop holds from one guest order, saved as a JSON file. */
export async function downloadGuestData({ id, token }: GuestOrder): Promise<void> {
  const data = await apiRequest(`/orders/${id}/personal-data${tokenQuery(token)}`, personalDataExportSchema, {
    cache: 'no-store',
  });
  saveJsonFile(personalDataFileName(data.shop.name, data.exported_at), data);
}

/** `POST /api/orders/{id}/erase?token=`: the order's personal data replaced; the order is read again after. */
export function eraseGuestData({ id, token }: GuestOrder): Promise<MessageResponse> {
  return apiRequest(`/orders/${id}/erase${tokenQuery(token)}`, messageResponseSchema, { method: 'POST' });
}

export function useDownloadGuestData() {
  return useMutation({ mutationFn: downloadGuestData });
}

export function useEraseGuestData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseGuestData,
    onSuccess: (_answer, { id, token }) =>
      queryClient.invalidateQueries({ queryKey: orderQueryOptions(id, token).queryKey }),
  });
}
