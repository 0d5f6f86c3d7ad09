import { useQueryClient } from '@tanstack/react-query';
import { adminTaxRateSchema, type AdminTaxRate, type TaxRateCreateRequest } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS } from '../../queries.ts';

/** `POST /api/admin/tax-rates` (201); 409 `tax_rate_name_taken` when another rate has the name. */
export function useCreateTaxRate() {
  const queryClient = useQueryClient();
  return async (values: TaxRateCreateRequest): Promise<AdminTaxRate> => {
    const created = await staffRequest('/admin/tax-rates', adminTaxRateSchema, { method: 'POST', json: values });
    await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.taxRates });
    return created;
  };
}
