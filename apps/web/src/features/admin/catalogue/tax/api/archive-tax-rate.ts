import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTaxRateSchema, type AdminTaxRate } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS } from '../../queries.ts';

/**
 * `POST /api/admin/tax-rates/{id}/archive`: 409 `tax_rate_in_use` while a product uses it. Either way the
 * list is read again: a refusal means the page's counts were out of date.
 */
export function useArchiveTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rate: AdminTaxRate) =>
      staffRequest(`/admin/tax-rates/${rate.id}/archive`, adminTaxRateSchema, {
        method: 'POST',
        json: { version: rate.version },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.taxRates }),
  });
}
