import { useMutation } from '@tanstack/react-query';
import { STORE_ID, voucherCheckSchema, type VoucherCheck, type VoucherCheckRequest } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/stores/13/vouchers/check`: the code's terms and what stands against it for this customer
 * (signed in: by the session's bearer token; a guest: by the phone and e-mail typed so far). A code that
 * does not exist, or is switched off, is a 404 `voucher_unknown`.
 */
export function checkVoucher(request: VoucherCheckRequest, storeId: number = STORE_ID): Promise<VoucherCheck> {
  return apiRequest(`/stores/${storeId}/vouchers/check`, voucherCheckSchema, { method: 'POST', json: request });
}

export function useCheckVoucher() {
  return useMutation({ mutationFn: (request: VoucherCheckRequest) => checkVoucher(request) });
}
