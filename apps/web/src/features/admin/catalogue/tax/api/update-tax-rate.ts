import { useQueryClient } from '@tanstack/react-query';
import { adminTaxRateSchema, type AdminTaxRate, type TaxRateCreateRequest } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS } from '../../queries.ts';

/**
 * `PUT /api/admin/tax-rates/{id}`: a new name or percentage, for orders placed from now on (an order keeps
 * the VAT it was placed with). 409 `tax_rate_name_taken` when another rate has the name.
 */
export function useUpdateTaxRate() {
  const queryClient = useQueryClient();
  return async (taxRateId: number, values: TaxRateCreateRequest, version: number | null): Promise<AdminTaxRate> => {
    const saved = await staffRequest(`/admin/tax-rates/${taxRateId}`, adminTaxRateSchema, {
      method: 'PUT',
      json: { ...values, version },
    });
    await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.taxRates });
    return saved;
  };
}
