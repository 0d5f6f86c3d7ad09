import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderAnswer } from '@pizzeria/domain/testing';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { testStoreQuery } from '../../store/test-store.ts';
import '../register-texts.ts';
import { OrderSummary } from './order-summary.tsx';

const order = orderAnswer({
  items: [
    {
      product_id: 50,
      variant_id: 502,
      name: 'Pizza Salami',
      variant_name: 'Groß Ø 36 cm',
      display_name: '½ Pizza Salami | ½ Pizza Funghi (Groß Ø 36 cm)',
      price: 14.25,
      quantity: 2,
      extras: [],
      tax_percentage: 7,
      line_total: 28.5,
      deposit: 0,
      deposit_total: 0,
      halves: [
        {
          product_id: 50,
          variant_id: 502,
          name: 'Pizza Salami',
          variant_name: 'Groß Ø 36 cm',
          base_price: 12,
          extras: [{ id: 101, name: 'Salami', price: 1.5, quantity: 1 }],
        },
        {
          product_id: 51,
          variant_id: 512,
          name: 'Pizza Funghi',
          variant_name: 'Groß Ø 36 cm',
          base_price: 12.5,
          extras: [],
        },
      ],
    },
  ],
});

describe('a half-and-half pizza on the order page', () => {
  it('names both halves and lists the toppings under the half they are on', () => {
    renderWithProviders(<OrderSummary order={order} />, { queryData: [testStoreQuery] });
    const lines = screen.getByRole('list', { name: 'Bestellte Gerichte' });
    expect(within(lines).getByText('2 × ½ Pizza Salami | ½ Pizza Funghi (Groß Ø 36 cm)')).toBeInTheDocument();
    const halves = within(lines).getByRole('list', { name: 'Die beiden Hälften' });
    const [first, second] = within(halves)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === halves);
    if (!first || !second) throw new Error('Expected two halves');
    expect(within(first).getByText('½ Pizza Salami')).toBeInTheDocument();
    expect(within(first).getByRole('listitem')).toHaveTextContent('Salami');
    expect(second).toHaveTextContent(/^½ Pizza Funghi$/);
    expect(within(lines).getByText(/28,50/)).toBeInTheDocument();
  });
});
