import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildHalfAndHalfItem, formatMoney, lineTotal } from '@pizzeria/domain';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { useDelivery } from '../../delivery/index.ts';
import { apiStub, catalogueQueryData, halfFunghi, halfSalami, postcode10999 } from '../../menu/test-catalogue.ts';
import { useCartDialog } from '../cart-dialog-store.ts';
import { restoreCart, soldOutLines, useCart } from '../cart-store.ts';
import { CartButton } from './cart-button.tsx';

const euro = (cents: number) => formatMoney(cents, 'de-DE', 'EUR').replace(/\s/g, ' ');

const halved = buildHalfAndHalfItem(
  { product: halfSalami, variantId: 502, extras: [{ id: 101, quantity: 1 }] },
  {
    product: halfFunghi,
    variantId: 512,
    extras: [
      { id: 103, quantity: 2 },
      { id: 104, quantity: 1 },
    ],
  },
  2,
);

beforeEach(() => {
  localStorage.clear();
  restoreCart();
  useCart.setState({ soldOut: [], soldOutToppings: [], reorder: null });
  useCartDialog.setState({ open: false, requested: false, editRequest: null });
  useDelivery.setState({ orderType: 'delivery', postcode: postcode10999 });
  vi.stubGlobal('fetch', vi.fn(apiStub()));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openCart() {
  useCart.setState({ items: [halved] });
  const user = userEvent.setup();
  renderWithProviders(<CartButton />, { queryData: catalogueQueryData });
  await user.click(screen.getByRole('button', { name: /^Warenkorb/ }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Ihr Warenkorb' }) };
}

describe('a half-and-half pizza in the cart', () => {
  it('reads "½ Salami | ½ Funghi (size)" with each half’s toppings under its half, at the halves’ price', async () => {
    const { dialog } = await openCart();
    expect(within(dialog).getByText('½ Pizza Salami | ½ Pizza Funghi (Groß Ø 36 cm)')).toBeInTheDocument();
    const halves = within(dialog).getByRole('list', { name: 'Die beiden Hälften' });
    const [first, second] = within(halves)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === halves);
    if (!first || !second) throw new Error('Expected two halves');
    expect(first?.textContent).toBe('½ Pizza SalamiSalami');
    expect(
      within(second)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 × Sardellen', 'Champignons']);
    // 12,50 € + ceil(150 / 2) + ceil(500 / 2), twice
    expect(lineTotal(halved)).toBe(2 * (1250 + 75 + 250));
    const line = halves.closest('li');
    expect(line).toHaveTextContent(euro(lineTotal(halved)));
  });

  it('offers to edit the line through the product dialog', async () => {
    const { user, dialog } = await openCart();
    await user.click(
      within(dialog).getByRole('button', { name: '½ Pizza Salami | ½ Pizza Funghi (Groß Ø 36 cm) bearbeiten' }),
    );
    expect(useCartDialog.getState().editRequest).toBe(halved.uniqueKey);
  });

  it('counts as sold out when either half’s dish is', () => {
    expect(soldOutLines([halved], [halfFunghi.id])).toEqual([halved]);
    expect(soldOutLines([halved], [halfSalami.id])).toEqual([halved]);
    expect(soldOutLines([halved], [4])).toEqual([]);
  });
});
