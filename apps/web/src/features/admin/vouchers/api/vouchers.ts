import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminVoucherSchema,
  adminVouchersSchema,
  type AdminVoucher,
  type AdminVouchers,
  type VoucherCreate,
  type VoucherSettings,
  type VoucherUpdate,
} from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STORE_API } from '../../catalogue/queries.ts';

export const VOUCHERS_KEY = ['admin', 'vouchers'] as const;

/** `GET …/vouchers`: the vouchers not removed, newest first, with the store's one setting. */
export function vouchersQuery() {
  return queryOptions({
    queryKey: VOUCHERS_KEY,
    queryFn: () => staffRequest(`${STORE_API}/vouchers`, adminVouchersSchema),
  });
}

/** `POST …/vouchers` (201; 409 `voucher_code_taken` when the code exists). */
export function createVoucher(voucher: VoucherCreate) {
  return staffRequest(`${STORE_API}/vouchers`, adminVoucherSchema, { method: 'POST', json: voucher });
}

/** `PUT …/vouchers/{voucherId}`: the whole voucher with the version it was read at. */
export function updateVoucher(voucherId: number, voucher: VoucherUpdate) {
  return staffRequest(`${STORE_API}/vouchers/${voucherId}`, adminVoucherSchema, { method: 'PUT', json: voucher });
}

/** The voucher as the form and the update take it: its terms without the counts and ids. */
export function voucherValues({
  id: _id,
  version: _version,
  uses: _uses,
  created_at: _createdAt,
  ...values
}: AdminVoucher): VoucherCreate {
  return values;
}

/** The list's switch: the same update with only `active` changed. */
export function useToggleVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (voucher: AdminVoucher) =>
      updateVoucher(voucher.id, { ...voucherValues(voucher), active: !voucher.active, version: voucher.version }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VOUCHERS_KEY }),
  });
}

/** `DELETE …/vouchers/{voucherId}`: orders that used it keep their code and amount. */
export function useRemoveVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (voucher: AdminVoucher) =>
      staffRequest<undefined>(`${STORE_API}/vouchers/${voucher.id}`, null, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VOUCHERS_KEY }),
  });
}

/** `PUT …/vouchers/settings`: whether a voucher adds to the delivery/pickup discount, with the store's version. */
export function useSaveVoucherSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: VoucherSettings) =>
      staffRequest<undefined>(`${STORE_API}/vouchers/settings`, null, { method: 'PUT', json: settings }),
    // Shown switched at once; the list read again brings the store's new version.
    onMutate: (settings) =>
      queryClient.setQueryData<AdminVouchers>(VOUCHERS_KEY, (list) =>
        list ? { ...list, combine_with_discount: settings.combine_with_discount } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VOUCHERS_KEY }),
  });
}
