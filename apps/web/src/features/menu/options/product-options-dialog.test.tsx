import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem } from '@pizzeria/domain';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { restoreCart, useCart } from '../../cart/cart-store.ts';
import { useCartDialog } from '../../cart/cart-dialog-store.ts';
import { apiStub, catalogueQueryData, margherita } from '../test-catalogue.ts';
import { openProductOptions, useProductOptions } from './options-store.ts';
import { ProductOptionsHost } from './product-options-host.tsx';

beforeEach(() => {
  localStorage.clear();
  restoreCart();
  useProductOptions.setState({ open: false, requested: false, productId: null, editKey: null });
  useCartDialog.setState({ open: false, requested: false, editRequest: null });
  vi.stubGlobal('fetch', vi.fn(apiStub()));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDialog(productId: number, editKey: string | null = null) {
  renderWithProviders(<ProductOptionsHost />, { queryData: catalogueQueryData });
  act(() => openProductOptions(productId, editKey));
  return screen.findByRole('dialog');
}

const addButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /Hinzufügen/ });

describe('product options dialog', () => {
  it('asks for the required dressing and keeps Add disabled with the reason until it is chosen', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(22);
    const dressing = within(dialog).getByRole('group', { name: /Dressing/ });
    expect(dressing).toHaveAccessibleDescription('Bitte wählen Sie mindestens 1 aus');
    expect(within(dressing).getAllByRole('radio')).toHaveLength(2);
    expect(addButton(dialog)).toBeDisabled();
    expect(addButton(dialog)).toHaveAccessibleDescription(
      'Noch nicht möglich: Dressing: Bitte wählen Sie mindestens 1 aus',
    );

    await user.click(within(dressing).getByRole('radio', { name: /Joghurt-Dressing/ }));
    expect(addButton(dialog)).toBeEnabled();
    await user.click(addButton(dialog));
    expect(useCart.getState().items).toMatchObject([{ id: 22, extras: [{ id: 702, quantity: 1 }], quantity: 1 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "Höchstens 6" when too many extras are chosen', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(4);
    const extras = within(dialog).getByRole('group', { name: /Extra Beläge/ });
    expect(extras).toHaveAccessibleDescription('Bis zu 6');
    for (const checkbox of within(extras).getAllByRole('checkbox').slice(0, 7)) await user.click(checkbox);
    expect(extras).toHaveAccessibleDescription('Höchstens 6');
    expect(addButton(dialog)).toBeDisabled();
    expect(addButton(dialog)).toHaveAccessibleDescription('Noch nicht möglich: Extra Beläge: Höchstens 6');
    await user.click(within(extras).getByRole('checkbox', { name: /Salami/ }));
    expect(addButton(dialog)).toBeEnabled();
  });

  it('updates name and price when the size, extras or quantity change', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(4);
    expect(dialog).toHaveAccessibleName('Pizza Margherita (Klein Ø 26 cm)');
    expect(within(dialog).getByRole('radio', { name: /Klein/ })).toBeChecked();
    expect(addButton(dialog)).toHaveTextContent('8,50 €');

    await user.click(within(dialog).getByRole('radio', { name: /Mittel/ }));
    expect(within(dialog).getByRole('heading', { name: 'Pizza Margherita (Mittel Ø 30 cm)' })).toBeInTheDocument();
    expect(addButton(dialog)).toHaveTextContent('10,50 €');

    await user.click(within(dialog).getByRole('checkbox', { name: /Rucola/ }));
    expect(addButton(dialog)).toHaveTextContent('11,70 €');
    await user.click(within(dialog).getByRole('button', { name: 'Menge erhöhen' }));
    expect(addButton(dialog)).toHaveTextContent('23,40 €');

    await user.click(addButton(dialog));
    expect(useCart.getState().items).toEqual([
      buildCartItem(margherita, { variantId: 42, extras: [{ id: 108, quantity: 1 }], quantity: 2 }),
    ]);
  });

  it('declares the allergens and additives of the dish as configured', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(4);
    const declaration = within(dialog).getByRole('region', { name: 'Allergene und Zusatzstoffe Ihrer Auswahl' });
    const definitions = () =>
      within(declaration)
        .getAllByRole('definition')
        .map((entry) => entry.textContent);
    expect(
      within(declaration)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Allergene']);
    expect(definitions()).toEqual(['Gluten (a), Milch (g)']);

    await user.click(within(dialog).getByRole('checkbox', { name: /Sardellen/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Salami/ }));
    expect(definitions()).toEqual(['Gluten (a), Fisch (d), Milch (g)', 'Konservierungsstoff (2)']);
  });

  it('edits a cart line, pre-filled, and merges it into an identical line', async () => {
    const user = userEvent.setup();
    const small = buildCartItem(margherita, { variantId: 41, extras: [{ id: 108, quantity: 1 }], quantity: 1 });
    const medium = buildCartItem(margherita, { variantId: 42, extras: [{ id: 108, quantity: 1 }], quantity: 2 });
    useCart.setState({ items: [small, medium] });

    const dialog = await openDialog(4, small.uniqueKey);
    expect(within(dialog).getByRole('radio', { name: /Klein/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Rucola/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Mittel/ }));
    await user.click(within(dialog).getByRole('button', { name: /Speichern/ }));

    expect(useCart.getState().items).toEqual([{ ...medium, quantity: 3 }]);
    // Back to the cart the edit came from.
    expect(useCartDialog.getState().open).toBe(true);
  });

  it('takes edit requests from the cart', async () => {
    const line = buildCartItem(margherita, { variantId: 43, extras: [], quantity: 1 });
    useCart.setState({ items: [line] });
    renderWithProviders(<ProductOptionsHost />, { queryData: catalogueQueryData });
    act(() => useCartDialog.setState({ editRequest: line.uniqueKey }));
    const dialog = await screen.findByRole('dialog', { name: 'Pizza Margherita (Groß Ø 36 cm)' });
    expect(within(dialog).getByRole('button', { name: /Speichern/ })).toHaveTextContent('13,50 €');
    expect(useCartDialog.getState().editRequest).toBeNull();
  });
});
