import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem, type Product } from '@pizzeria/domain';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { restoreCart, useCart, useCartDialog } from '../../cart/index.ts';
import { apiStub, catalogueQueryData, margherita, products } from '../test-catalogue.ts';
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

/** A pizza with the seed's "Käserand": at most one crust, none by default. */
const crustPizza: Product = {
  ...margherita,
  id: 5,
  name: 'Pizza Salame',
  enriched_topping_groups: [
    {
      id: 3,
      name: 'Käserand',
      min_select: 0,
      max_select: 1,
      toppings: [
        { id: 301, name: 'Käserand mit Mozzarella', price: 2.5, allergens: [], additives: [] },
        { id: 302, name: 'Käserand mit Frischkäse', price: 2.5, allergens: [], additives: [] },
      ],
    },
    ...margherita.enriched_topping_groups,
  ],
};

/** The same pizza another evening: Rucola and the cream-cheese crust are sold out today. */
const soldOutPizza: Product = {
  ...crustPizza,
  id: 6,
  name: 'Pizza Diavola',
  enriched_topping_groups: crustPizza.enriched_topping_groups.map((group) => ({
    ...group,
    toppings: group.toppings.map((topping) =>
      topping.id === 108 || topping.id === 302 ? { ...topping, sold_out: true } : topping,
    ),
  })),
};

const queryData: [readonly unknown[], unknown][] = catalogueQueryData.map(([key, data]) =>
  key[0] === 'products' ? [key, [...products, crustPizza, soldOutPizza]] : [key, data],
);

async function openDialog(productId: number, editKey: string | null = null) {
  renderWithProviders(<ProductOptionsHost />, { queryData });
  act(() => openProductOptions(productId, editKey));
  return screen.findByRole('dialog');
}

const addButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /Hinzufügen/ });

describe('product options dialog', () => {
  it('names the deposit of the chosen quantity beside the price, outside it', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(29);
    expect(addButton(dialog)).toHaveTextContent(/2,90\s€/);
    expect(within(dialog).getByText('zzgl. 0,08 € Pfand')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Menge erhöhen' }));
    expect(addButton(dialog)).toHaveTextContent(/5,80\s€/);
    expect(within(dialog).getByText('zzgl. 0,16 € Pfand')).toBeInTheDocument();
  });

  it('asks for the required dressing and keeps Add disabled with the reason until it is chosen', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(22);
    const dressing = within(dialog).getByRole('group', { name: /Dressing/ });
    expect(dressing).toHaveAccessibleDescription('Bitte wählen Sie mindestens 1 aus');
    // A choice is required: no "Ohne", and nothing chosen for the customer.
    expect(
      within(dressing)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['701', '702']);
    expect(within(dressing).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
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

  it('offers a group of at most one as radio buttons with "Ohne" chosen, so two crusts cannot be ticked', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(5);
    const crust = within(dialog).getByRole('group', { name: /Käserand/ });
    expect(within(crust).queryByRole('checkbox')).not.toBeInTheDocument();
    const radios = within(crust).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['', '301', '302']);
    expect(within(crust).getByRole('radio', { name: 'Ohne' })).toBeChecked();

    await user.click(within(crust).getByRole('radio', { name: /Käserand mit Mozzarella/ }));
    await user.click(within(crust).getByRole('radio', { name: /Käserand mit Frischkäse/ }));
    expect(within(crust).getByRole('radio', { name: /Käserand mit Mozzarella/ })).not.toBeChecked();
    expect(addButton(dialog)).toBeEnabled();
    expect(addButton(dialog)).toHaveTextContent('11,00 €');

    // The keyboard moves through the group as in any radio group, "Ohne" included.
    await user.keyboard('{ArrowUp}');
    expect(within(crust).getByRole('radio', { name: /Käserand mit Mozzarella/ })).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(within(crust).getByRole('radio', { name: 'Ohne' })).toBeChecked();
    expect(addButton(dialog)).toHaveTextContent('8,50 €');
    await user.keyboard('{ArrowDown}');

    await user.click(addButton(dialog));
    expect(useCart.getState().items).toMatchObject([{ id: 5, extras: [{ id: 301, quantity: 1 }] }]);
  });

  it('locks the other extras once the maximum is ticked, and keeps the ticked ones untickable', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(4);
    const extras = within(dialog).getByRole('group', { name: /Extra Beläge/ });
    expect(extras).toHaveAccessibleDescription('Bis zu 6');
    const boxes = within(extras).getAllByRole('checkbox');
    for (const checkbox of boxes.slice(0, 6)) await user.click(checkbox);
    expect(
      boxes.slice(0, 6).every((box) => (box as HTMLInputElement).checked && !(box as HTMLInputElement).disabled),
    ).toBe(true);
    expect(boxes.slice(6).map((box) => (box as HTMLInputElement).disabled)).toEqual([true, true]);
    expect(extras).toHaveAccessibleDescription('Höchstzahl erreicht (6)');
    await user.click(boxes[7] as HTMLElement);
    expect(boxes[7]).not.toBeChecked();
    expect(addButton(dialog)).toBeEnabled();

    await user.click(within(extras).getByRole('checkbox', { name: /Salami/ }));
    expect(boxes.every((box) => !(box as HTMLInputElement).disabled)).toBe(true);
    expect(extras).toHaveAccessibleDescription('Bis zu 6');
  });

  it('says "Höchstens 6" for a line that has more extras than the group now allows', async () => {
    const user = userEvent.setup();
    const ids = [101, 102, 103, 104, 105, 106, 107];
    const line = buildCartItem(margherita, {
      variantId: 41,
      extras: ids.map((id) => ({ id, quantity: 1 })),
      quantity: 1,
    });
    useCart.setState({ items: [line] });
    const dialog = await openDialog(4, line.uniqueKey);
    const extras = within(dialog).getByRole('group', { name: /Extra Beläge/ });
    expect(extras).toHaveAccessibleDescription('Höchstens 6');
    expect(within(extras).getByRole('checkbox', { name: /Rucola/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /Speichern/ })).toBeDisabled();
    await user.click(within(extras).getByRole('checkbox', { name: /Salami/ }));
    expect(within(dialog).getByRole('button', { name: /Speichern/ })).toBeEnabled();
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

  it('offers a topping sold out today greyed, saying so, and never lets it be picked', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(6);
    const extras = within(dialog).getByRole('group', { name: /Extra Beläge/ });
    const rucola = within(extras).getByRole('checkbox', { name: /Rucola/ });
    expect(rucola).toBeDisabled();
    expect(rucola).toHaveAccessibleName(/^Rucola\s*heute ausverkauft$/);
    expect(within(extras).getByRole('checkbox', { name: /Salami/ })).toBeEnabled();
    await user.click(rucola);
    expect(rucola).not.toBeChecked();

    const crust = within(dialog).getByRole('group', { name: /Käserand/ });
    expect(within(crust).getByRole('radio', { name: /Käserand mit Frischkäse/ })).toBeDisabled();
    expect(within(crust).getByRole('radio', { name: /Käserand mit Mozzarella/ })).toBeEnabled();

    await user.click(within(extras).getByRole('checkbox', { name: /Salami/ }));
    await user.click(addButton(dialog));
    expect(useCart.getState().items).toMatchObject([{ id: 6, extras: [{ id: 101, quantity: 1 }] }]);
  });

  it('names a topping of an edited line that sold out meanwhile, and saves once it is taken off', async () => {
    const user = userEvent.setup();
    // The line was put in the cart before Rucola sold out.
    const line = buildCartItem(soldOutPizza, {
      variantId: 41,
      extras: [
        { id: 101, quantity: 1 },
        { id: 108, quantity: 1 },
      ],
      quantity: 1,
    });
    useCart.setState({ items: [line] });
    const dialog = await openDialog(6, line.uniqueKey);
    const rucola = within(dialog).getByRole('checkbox', { name: /Rucola/ });
    // Still ticked and enabled, so it can be taken off.
    expect(rucola).toBeChecked();
    expect(rucola).toBeEnabled();
    const save = within(dialog).getByRole('button', { name: /Speichern/ });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Noch nicht möglich: Rucola ist heute ausverkauft');

    await user.click(rucola);
    expect(rucola).toBeDisabled();
    expect(save).toBeEnabled();
    await user.click(save);
    expect(useCart.getState().items).toMatchObject([{ id: 6, extras: [{ id: 101, quantity: 1 }] }]);
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
