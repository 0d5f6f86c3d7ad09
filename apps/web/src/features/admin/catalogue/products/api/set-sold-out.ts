import { useMutation } from '@tanstack/react-query';
import { adminProductSchema } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { STORE_API } from '../../queries.ts';
import { useRememberProduct } from './save-product.ts';

/** `PUT /products/:id/sold-out`: sold out until the next business day starts, or back on sale. */
export function setSoldOut({ id, soldOut, version }: { id: number; soldOut: boolean; version: number }) {
  return staffRequest(`${STORE_API}/products/${id}/sold-out`, adminProductSchema, {
    method: 'PUT',
    json: { sold_out: soldOut, version },
  });
}

export function useSetSoldOut() {
  const remember = useRememberProduct();
  return useMutation({ mutationFn: setSoldOut, onSuccess: remember });
}
