import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem, type Product } from '@pizzeria/domain';
import { i18n } from '../i18n/index.ts';
import { renderWithProviders } from '../lib/testing.tsx';
import { restoreCart, useCart } from '../features/cart/index.ts';
import { productsQueryOptions } from '../features/menu/index.ts';
import { cola, margherita, products } from '../features/menu/test-catalogue.ts';
import { useCartRepricing } from './use-cart-repricing.ts';

// Honest with money: a kept cart showed yesterday's prices while the server charged today's.

function Repricing() {
  useCartRepricing();
  const repriced = useCart((state) => state.repriced);
  return repriced ? <p>repriced</p> : null;
}

const pizza = buildCartItem(margherita, { variantId: 42, extras: [], quantity: 2 });
const colas = buildCartItem(cola, { variantId: null, extras: [], quantity: 1 });

function render(menu: Product[]) {
  return renderWithProviders(<Repricing />, { queryData: [[productsQueryOptions('de').queryKey, menu]] });
}

beforeEach(async () => {
  await i18n.changeLanguage('de');
  localStorage.clear();
  restoreCart();
  useCart.setState({ soldOut: [], soldOutToppings: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('no network in this test'))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cart at today’s menu', () => {
  it('takes today’s prices and deposit, and says so', async () => {
    act(() => useCart.setState({ items: [pizza, colas] }));
    const today = products.map((product) =>
      product.id === cola.id
        ? { ...product, price: 3.2, deposit: 0.15 }
        : product.id === margherita.id
          ? { ...product, variants: product.variants.map((variant) => ({ ...variant, price: variant.price + 1 })) }
          : product,
    );
    render(today);
    expect(await screen.findByText('repriced')).toBeInTheDocument();
    const [pizzaLine, colaLine] = useCart.getState().items;
    expect(pizzaLine).toMatchObject({ price: pizza.price + 100, quantity: 2, uniqueKey: pizza.uniqueKey });
    expect(colaLine).toMatchObject({ price: 320, deposit: 15, quantity: 1 });
  });

  it('leaves a cart at today’s prices alone, and says nothing', async () => {
    act(() => useCart.setState({ items: [pizza, colas] }));
    render(products);
    await act(() => Promise.resolve());
    expect(useCart.getState().items).toEqual([pizza, colas]);
    expect(screen.queryByText('repriced')).not.toBeInTheDocument();
  });

  it('knows which dishes are sold out today as soon as the menu is read again, and when they are back', async () => {
    act(() => useCart.setState({ items: [pizza, colas] }));
    const soldOut = products.map((product) =>
      product.id === margherita.id ? { ...product, available: false, sold_out: true } : product,
    );
    const { queryClient } = render(soldOut);
    await vi.waitFor(() => expect(useCart.getState().soldOut).toEqual([margherita.id]));
    // The line stays for the customer to see and remove; its price is not touched.
    expect(useCart.getState().items).toEqual([pizza, colas]);

    act(() => queryClient.setQueryData(productsQueryOptions('de').queryKey, products));
    await vi.waitFor(() => expect(useCart.getState().soldOut).toEqual([]));
  });

  it('knows which toppings are sold out today, once each, and when they are back', async () => {
    act(() => useCart.setState({ items: [pizza, colas] }));
    const soldOut = products.map((product) => ({
      ...product,
      enriched_topping_groups: product.enriched_topping_groups.map((group) => ({
        ...group,
        toppings: group.toppings.map((topping) => (topping.id === 101 ? { ...topping, sold_out: true } : topping)),
      })),
    }));
    const { queryClient } = render(soldOut);
    await vi.waitFor(() => expect(useCart.getState().soldOutToppings).toEqual([101]));
    act(() => queryClient.setQueryData(productsQueryOptions('de').queryKey, products));
    await vi.waitFor(() => expect(useCart.getState().soldOutToppings).toEqual([]));
  });
});
