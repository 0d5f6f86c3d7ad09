import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem, buildHalfAndHalfItem, halfAndHalfPrice } from '@pizzeria/domain';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { restoreCart, useCart, useCartDialog } from '../../cart/index.ts';
import {
  apiStub,
  catalogueQueryData,
  halfFunghi,
  halfHawaii,
  halfPizzas,
  halfSalami,
  products,
} from '../test-catalogue.ts';
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

const queryData: [readonly unknown[], unknown][] = catalogueQueryData.map(([key, data]) =>
  key[0] === 'products' ? [key, [...products, ...halfPizzas]] : [key, data],
);

async function openDialog(productId: number, editKey: string | null = null) {
  renderWithProviders(<ProductOptionsHost />, { queryData });
  act(() => openProductOptions(productId, editKey));
  return screen.findByRole('dialog');
}

const submitButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /Hinzufügen|Speichern/ });
const secondHalf = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: '2. Hälfte' });
const half = (dialog: HTMLElement, number: 1 | 2, name: string) =>
  within(dialog).getByRole('region', { name: new RegExp(`${number}\\. Hälfte: ${name}`) });
/** "12,50 €" with the formatter's no-break space, as the page writes it. */
const euros = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** The same amount as `toHaveTextContent` sees it (it folds the no-break space). */
const shown = (cents: number) => new RegExp(euros(cents).replace(/\s/g, '\\s'));

const salamiTopping = { id: 101, quantity: 1 }; // 1,50 €
const sardines = { id: 103, quantity: 1 }; // 2,00 €, fish

describe('half-and-half in the product dialog', () => {
  it('offers "Ganze Pizza" / "Halb & halb" only at a size sold in halves', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(halfSalami.id);
    const mode = within(dialog).getByRole('group', { name: 'Ganze Pizza oder halb & halb' });
    expect(within(mode).getByRole('radio', { name: 'Ganze Pizza' })).toBeChecked();
    expect(within(mode).getByRole('radio', { name: 'Halb & halb' })).not.toBeChecked();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /Mittel/ }));
    expect(within(dialog).queryByRole('radio', { name: 'Halb & halb' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Groß/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Halb & halb' }));
    expect(secondHalf(dialog)).toBeInTheDocument();
    expect(half(dialog, 1, 'Pizza Salami')).toBeInTheDocument();
  });

  it('lists as second half only divisible dishes of the same size and VAT rate, each with its price there', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(halfSalami.id);
    await user.click(within(dialog).getByRole('radio', { name: /Groß/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Halb & halb' }));
    const options = within(secondHalf(dialog))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Bitte wählen …',
      `Pizza Salami – ${euros(1200)}`,
      `Pizza Funghi – ${euros(1250)}`,
      `Pizza Hawaii – ${euros(1300)}`,
    ]);
    // Nothing is chosen for the customer: Add waits for the second half and says so.
    expect(submitButton(dialog)).toBeDisabled();
    expect(submitButton(dialog)).toHaveAccessibleDescription('Noch nicht möglich: Bitte wählen Sie die 2. Hälfte');
  });

  it('shows the price of halfAndHalfPrice before adding, explains it, and adds that line', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(halfSalami.id);
    await user.click(within(dialog).getByRole('radio', { name: /Groß/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Halb & halb' }));
    await user.selectOptions(secondHalf(dialog), String(halfFunghi.id));
    await user.click(within(half(dialog, 1, 'Pizza Salami')).getByRole('checkbox', { name: /Salami/ }));
    await user.click(within(half(dialog, 2, 'Pizza Funghi')).getByRole('checkbox', { name: /Sardellen/ }));

    const expected = buildHalfAndHalfItem(
      { product: halfSalami, variantId: 502, extras: [salamiTopping] },
      { product: halfFunghi, variantId: 512, extras: [sardines] },
      1,
    );
    // 12,50 € (Funghi, the dearer) + 0,75 € + 1,00 €
    if (!expected.halves) throw new Error('Expected a halved line');
    expect(halfAndHalfPrice(expected.halves)).toBe(1425);
    expect(submitButton(dialog)).toHaveTextContent(shown(1425));
    expect(within(dialog).getByText('Der teurere Grundpreis plus die Hälfte der Extras je Hälfte')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent(
      '½ Pizza Salami | ½ Pizza Funghi (Groß Ø 36 cm)',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Menge erhöhen' }));
    expect(submitButton(dialog)).toHaveTextContent(shown(2850));
    await user.click(submitButton(dialog));
    expect(useCart.getState().items).toEqual([{ ...expected, quantity: 2 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('declares the allergens and additives of both halves and their toppings', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(halfSalami.id);
    await user.click(within(dialog).getByRole('radio', { name: 'Halb & halb' }));
    await user.selectOptions(secondHalf(dialog), String(halfFunghi.id));
    await user.click(within(half(dialog, 2, 'Pizza Funghi')).getByRole('checkbox', { name: /Sardellen/ }));
    const declaration = within(dialog).getByRole('region', { name: 'Allergene und Zusatzstoffe beider Hälften' });
    const definitions = within(declaration)
      .getAllByRole('definition')
      .map((entry) => entry.textContent);
    // Salami: a, g and additive 2; Funghi: a, i; its Sardellen: d.
    expect(definitions).toEqual(['Gluten (a), Fisch (d), Milch (g), Sellerie (i)', 'Konservierungsstoff (2)']);
  });

  it('keeps the second half when the size changes and it is sold in halves there, else asks again', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(halfSalami.id);
    await user.click(within(dialog).getByRole('radio', { name: /Groß/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Halb & halb' }));
    await user.selectOptions(secondHalf(dialog), String(halfFunghi.id));
    await user.click(within(dialog).getByRole('radio', { name: /Klein/ }));
    expect(secondHalf(dialog)).toHaveValue(String(halfFunghi.id));
    expect(submitButton(dialog)).toHaveTextContent(shown(850));

    await user.click(within(dialog).getByRole('radio', { name: /Groß/ }));
    await user.selectOptions(secondHalf(dialog), String(halfHawaii.id));
    await user.click(within(dialog).getByRole('radio', { name: /Klein/ }));
    expect(secondHalf(dialog)).toHaveValue('');
    expect(submitButton(dialog)).toBeDisabled();
  });

  it('checks each half against its own topping rules, naming the half', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(halfSalami.id);
    await user.click(within(dialog).getByRole('radio', { name: 'Halb & halb' }));
    await user.selectOptions(secondHalf(dialog), String(halfFunghi.id));
    const second = half(dialog, 2, 'Pizza Funghi');
    for (const name of ['Salami', 'Schinken', 'Sardellen', 'Champignons', 'Paprika', 'Zwiebeln']) {
      await user.click(within(second).getByRole('checkbox', { name: new RegExp(name) }));
    }
    // The group's maximum is reached in the second half only: the first half's are still free.
    expect(within(second).getByRole('checkbox', { name: /Oliven/ })).toBeDisabled();
    expect(within(half(dialog, 1, 'Pizza Salami')).getByRole('checkbox', { name: /Oliven/ })).toBeEnabled();
  });

  it('reopens a halved cart line in half mode with its choices, and saves the edit in its place', async () => {
    const user = userEvent.setup();
    const line = buildHalfAndHalfItem(
      { product: halfSalami, variantId: 502, extras: [salamiTopping] },
      { product: halfFunghi, variantId: 512, extras: [sardines] },
      1,
    );
    useCart.setState({ items: [line] });

    const dialog = await openDialog(halfSalami.id, line.uniqueKey);
    expect(within(dialog).getByRole('radio', { name: /Groß/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Halb & halb' })).toBeChecked();
    expect(secondHalf(dialog)).toHaveValue(String(halfFunghi.id));
    expect(within(half(dialog, 1, 'Pizza Salami')).getByRole('checkbox', { name: /Salami/ })).toBeChecked();
    expect(within(half(dialog, 2, 'Pizza Funghi')).getByRole('checkbox', { name: /Sardellen/ })).toBeChecked();
    expect(submitButton(dialog)).toHaveTextContent(shown(1425));

    await user.click(within(half(dialog, 2, 'Pizza Funghi')).getByRole('checkbox', { name: /Sardellen/ }));
    await user.click(submitButton(dialog));
    expect(useCart.getState().items).toEqual([
      buildHalfAndHalfItem(
        { product: halfSalami, variantId: 502, extras: [salamiTopping] },
        { product: halfFunghi, variantId: 512, extras: [] },
        1,
      ),
    ]);

    // Back to a whole pizza: the first half's toppings stay.
    const edited = useCart.getState().items[0];
    act(() => openProductOptions(halfSalami.id, edited?.uniqueKey ?? null));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('radio', { name: 'Ganze Pizza' }));
    expect(within(again).getByRole('checkbox', { name: /Salami/ })).toBeChecked();
    await user.click(submitButton(again));
    expect(useCart.getState().items).toEqual([
      buildCartItem(halfSalami, { variantId: 502, extras: [salamiTopping], quantity: 1 }),
    ]);
  });
});
