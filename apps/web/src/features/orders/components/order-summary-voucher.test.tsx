import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderAnswer } from '@pizzeria/domain/testing';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { testStoreQuery } from '../../store/test-store.ts';
import '../register-texts.ts';
import { OrderSummary } from './order-summary.tsx';

describe('an order with a voucher', () => {
  it('shows the voucher by its code with what it took off, before the total charged', () => {
    renderWithProviders(<OrderSummary order={orderAnswer({ voucher_code: 'WILLKOMMEN', voucher_discount: 2.5 })} />, {
      queryData: [testStoreQuery],
    });
    const line = screen.getByText('Gutschein WILLKOMMEN', { selector: 'dt' });
    expect(line.nextElementSibling).toHaveTextContent(/−2,50\s€/);
  });

  it('has no voucher line without one', () => {
    renderWithProviders(<OrderSummary order={orderAnswer({ voucher_code: null, voucher_discount: 0 })} />, {
      queryData: [testStoreQuery],
    });
    expect(screen.queryByText(/Gutschein/)).not.toBeInTheDocument();
  });
});
