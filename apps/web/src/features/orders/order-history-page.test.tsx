import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { renderWithProviders } from '../../lib/testing.tsx';
import { useCart, useCartDialog } from '../cart/index.ts';
import { productsQueryOptions } from '../menu/api/get-products.ts';
import { products } from '../menu/test-catalogue.ts';
import { testStoreQuery } from '../store/test-store.ts';
import { OrderHistoryPage } from './order-history-page.tsx';
import { testOrder } from './test-order.ts';

const gone = { ...testOrder.items[0], product_id: 999, display_name: 'Pizza Vergangenheit' };
const orders = [{ ...testOrder, status: 'accepted', items: [...testOrder.items, gone] }];

beforeEach(async () => {
  await i18n.changeLanguage('de');
  localStorage.clear();
  useCart.setState({ items: [], note: '' });
  useCartDialog.setState({ open: false, requested: false, editRequest: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(orders), { status: 200 }))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('order history', () => {
  it('refills the cart with what still exists, names what does not, and opens the cart', async () => {
    renderWithProviders(<OrderHistoryPage />, {
      queryData: [testStoreQuery, [productsQueryOptions('de').queryKey, products]],
    });
    expect(await screen.findByRole('heading', { name: 'Bestellung Nr. 5' })).toBeInTheDocument();
    expect(screen.getByText('Angenommen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bestellung Nr. 5 nochmal bestellen' }));
    const [line] = useCart.getState().items;
    expect(useCart.getState().items).toHaveLength(1);
    expect(line).toMatchObject({ id: 4, quantity: 2, selectedVariant: { id: 42 }, extras: [{ id: 101, quantity: 1 }] });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Die Gerichte liegen wieder im Warenkorb. Nicht mehr auf der Speisekarte und daher nicht übernommen: Pizza Vergangenheit',
    );
    expect(useCartDialog.getState().open).toBe(true);
  });
});
