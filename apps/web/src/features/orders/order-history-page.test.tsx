import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { renderWithProviders } from '../../lib/testing.tsx';
import { useCart, useCartDialog } from '../cart/index.ts';
import { productsQueryOptions } from '../menu/index.ts';
import { products } from '../menu/test-catalogue.ts';
import { testStoreQuery } from '../store/test-store.ts';
import { OrderHistoryPage } from './order-history-page.tsx';
import { testOrder } from './test-order.ts';

const gone = { ...testOrder.items[0], product_id: 999, display_name: 'Pizza Vergangenheit' };
const orders = [{ ...testOrder, status: 'accepted', items: [...testOrder.items, gone] }];

beforeEach(async () => {
  await i18n.changeLanguage('de');
  localStorage.clear();
  useCart.setState({ items: [], note: '', reorder: null });
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
  it('puts what can be ordered today into the cart, keeps what changed for the cart to say, and opens it', async () => {
    renderWithProviders(<OrderHistoryPage />, {
      queryData: [testStoreQuery, [productsQueryOptions('de').queryKey, products]],
    });
    expect(await screen.findByRole('heading', { name: 'Bestellung Nr. 5' })).toBeInTheDocument();
    expect(screen.getByText('Angenommen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bestellung Nr. 5 nochmal bestellen' }));
    const [line] = useCart.getState().items;
    expect(useCart.getState().items).toHaveLength(1);
    expect(line).toMatchObject({ id: 4, quantity: 2, selectedVariant: { id: 42 }, extras: [{ id: 101, quantity: 1 }] });
    expect(useCart.getState().reorder).toEqual({
      orderId: 5,
      changes: [{ kind: 'dish_gone', name: 'Pizza Vergangenheit', reason: 'not_offered' }],
    });
    expect(useCartDialog.getState().open).toBe(true);
  });

  it('says so when the menu cannot be read, and leaves the cart alone', async () => {
    renderWithProviders(<OrderHistoryPage />, { queryData: [testStoreQuery] });
    await userEvent.click(await screen.findByRole('button', { name: 'Bestellung Nr. 5 nochmal bestellen' }));
    // The stub answers every request with the orders, which is no menu.
    expect(await screen.findByText(/Die Speisekarte konnte nicht geladen werden/)).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([]);
    expect(useCartDialog.getState().open).toBe(false);
  });
});

describe('order history, payment', () => {
  it('says per order how it was paid, as the order page does', async () => {
    const paid = [
      { ...testOrder, id: 7, status: 'accepted', payment_method: 'paypal', payment_status: 'paid' },
      { ...testOrder, id: 6, status: 'rejected', payment_method: 'paypal', payment_status: 'refunded' },
      { ...testOrder, id: 5, status: 'expired', payment_method: 'paypal', payment_status: 'unpaid' },
      { ...testOrder, id: 4, status: 'completed' },
    ];
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(paid), { status: 200 })));
    renderWithProviders(<OrderHistoryPage />, { queryData: [testStoreQuery] });
    const card = async (id: number) =>
      (await screen.findByRole('heading', { name: `Bestellung Nr. ${id}` })).closest('li');
    expect(await card(7)).toHaveTextContent('Bezahlt mit PayPal');
    expect(await card(6)).toHaveTextContent('Erstattet');
    expect(await card(5)).toHaveTextContent('Abgelaufen');
    expect(await card(4)).toHaveTextContent('Barzahlung');
  });
});
