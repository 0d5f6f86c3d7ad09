import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { fakeApi, type RecordedCall } from '../../../auth/test-api.ts';
import AdminArea from '../../admin-area.tsx';
import { asSignedInStaff } from '../../test-staff.ts';
import { adminTopping } from '../test-catalogue.ts';
import { API, CAESAR, CATALOGUE, PIZZA_EXTRAS } from './test-products.ts';

// The product editor's own sections: its topping groups (with a topping made on the spot), its
// allergens, and where a refused save takes the person.

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bodiesOf = (calls: readonly RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path).map((call) => JSON.parse(String(call.body)));

describe('the product editor offers and declares', () => {
  it('tells same-named groups apart, saves the picked one with the version, and the details follow it', async () => {
    const withGroup = { ...CAESAR, topping_group_ids: [51], version: 6 };
    const { calls } = fakeApi({
      ...CATALOGUE,
      [`GET ${API}/products/20`]: { status: 200, body: CAESAR },
      [`PUT ${API}/products/20/topping-groups`]: { status: 200, body: withGroup },
      [`PUT ${API}/products/20`]: { status: 200, body: { ...withGroup, version: 7 } },
    });
    renderWithProviders(<AdminArea />, { route: '/products?id=20' });
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Belaggruppen' });
    const picker = await within(section).findByRole('combobox', { name: 'Belaggruppe hinzufügen' });
    // Both groups are called "Extra Beläge": what they contain and which products use them differ.
    await waitFor(() =>
      expect(within(picker).getByRole('option', { name: /Spaghetti Bolognese/ })).toHaveTextContent(
        'Extra Beläge · Enthält: Getrocknete Tomaten · Auch bei: Spaghetti Bolognese',
      ),
    );
    expect(within(picker).getByRole('option', { name: /Salami/ })).toHaveTextContent(
      'Extra Beläge · Enthält: Salami, Schinken, Champignons und 1 weitere · Auch bei: Pizza Margherita',
    );
    await user.selectOptions(picker, within(picker).getByRole('option', { name: /Spaghetti Bolognese/ }));
    await user.click(within(section).getByRole('button', { name: 'Hinzufügen' }));
    await user.click(within(section).getByRole('button', { name: 'Belaggruppen speichern' }));

    await waitFor(() =>
      expect(bodiesOf(calls, 'PUT', `${API}/products/20/topping-groups`)).toEqual([{ group_ids: [51], version: 5 }]),
    );
    expect(await within(section).findByText('Gespeichert.')).toBeInTheDocument();

    // The page raised the version itself: saving the details afterwards is no conflict with it.
    const name = screen.getByRole('group', { name: 'Name' });
    await user.type(within(name).getByRole('textbox', { name: 'Deutsch' }), ' Classic');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(bodiesOf(calls, 'PUT', `${API}/products/20`)).toHaveLength(1));
    expect(bodiesOf(calls, 'PUT', `${API}/products/20`)[0]).toMatchObject({
      name: { de: 'Caesar Salat Classic' },
      version: 6,
    });
  }, 20_000);

  it('creates a topping in a dialog, declares its allergens and adds it to the group; a refusal keeps it all', async () => {
    const pizza = { ...CAESAR, topping_group_ids: [50] };
    const truffle = adminTopping({ id: 77, name: { de: 'Trüffelöl', en: 'Truffle oil' }, price: 2.5, version: 1 });
    const { calls } = fakeApi({
      ...CATALOGUE,
      [`GET ${API}/products/20`]: { status: 200, body: pizza },
      [`POST ${API}/toppings`]: { status: 201, body: truffle },
      [`PUT ${API}/toppings/77/declarations`]: {
        status: 200,
        body: { ...truffle, allergen_codes: ['a', 'g'], version: 2 },
      },
      [`PUT ${API}/topping-groups/50/items`]: [
        { status: 503, body: { code: 'unavailable', message: 'Der Dienst ist gerade nicht erreichbar.' } },
        { status: 200, body: PIZZA_EXTRAS },
      ],
    });
    renderWithProviders(<AdminArea />, { route: '/products?id=20' });
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Belaggruppen' });
    await user.click(await within(section).findByRole('button', { name: 'Neuen Belag anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Belag' });
    const name = within(dialog).getByRole('group', { name: 'Name' });
    await user.type(within(name).getByRole('textbox', { name: 'Deutsch' }), 'Trüffelöl');
    await user.type(within(name).getByRole('textbox', { name: /^Englisch/ }), 'Truffle oil');
    await user.type(within(dialog).getByRole('textbox', { name: 'Preis' }), '2,50');
    expect(within(dialog).getByRole('combobox', { name: 'In Belaggruppe' })).toHaveDisplayValue('Extra Beläge');
    await user.click(await within(dialog).findByRole('checkbox', { name: /Glutenhaltiges Getreide/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Milch/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen und hinzufügen' }));

    // The group refused once: the topping is made, the dialog stays with everything typed.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Der Belag ist angelegt, aber noch nicht');
    expect(within(name).getByRole('textbox', { name: 'Deutsch' })).toHaveValue('Trüffelöl');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen und hinzufügen' }));

    expect(await within(section).findByText('„Trüffelöl“ ist angelegt und in „Extra Beläge“.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', `${API}/toppings`)).toEqual([
      { name: { de: 'Trüffelöl', en: 'Truffle oil' }, price: 2.5 },
    ]);
    expect(bodiesOf(calls, 'PUT', `${API}/toppings/77/declarations`)).toEqual([
      { allergen_codes: ['a', 'g'], additive_codes: [], version: 1 },
    ]);
    const items = bodiesOf(calls, 'PUT', `${API}/topping-groups/50/items`);
    expect(items).toHaveLength(2);
    expect(items[1]).toEqual({
      items: [
        { topping_id: 1, price: 1.5 },
        { topping_id: 2, price: 1.5 },
        { topping_id: 3, price: 1 },
        { topping_id: 4, price: 1 },
        { topping_id: 77, price: 2.5 },
      ],
      version: 4,
    });
  }, 20_000);

  it('declares allergens on the same page, following the version the groups raised', async () => {
    const { calls } = fakeApi({
      ...CATALOGUE,
      [`GET ${API}/products/20`]: { status: 200, body: CAESAR },
      [`PUT ${API}/products/20/topping-groups`]: {
        status: 200,
        body: { ...CAESAR, topping_group_ids: [50], version: 6 },
      },
      [`PUT ${API}/products/20/declarations`]: {
        status: 200,
        body: { ...CAESAR, topping_group_ids: [50], allergen_codes: ['c', 'g'], version: 7 },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/products?id=20' });
    const user = userEvent.setup();
    const groups = await screen.findByRole('region', { name: 'Belaggruppen' });
    const picker = await within(groups).findByRole('combobox', { name: 'Belaggruppe hinzufügen' });
    await user.selectOptions(picker, '50');
    await user.click(within(groups).getByRole('button', { name: 'Hinzufügen' }));
    await user.click(within(groups).getByRole('button', { name: 'Belaggruppen speichern' }));
    await within(groups).findByText('Gespeichert.');

    const declarations = screen.getByRole('form', { name: 'Allergene und Zusatzstoffe' });
    await user.click(await within(declarations).findByRole('checkbox', { name: /Eier/ }));
    await user.click(within(declarations).getByRole('checkbox', { name: /Milch/ }));
    await user.click(within(declarations).getByRole('button', { name: 'Allergene speichern' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'PUT', `${API}/products/20/declarations`)).toEqual([
        { allergen_codes: ['c', 'g'], additive_codes: [], version: 6 },
      ]),
    );
  }, 20_000);

  it('takes a refused save to the size whose price is missing and says why', async () => {
    const { calls } = fakeApi(CATALOGUE);
    renderWithProviders(<AdminArea />, { route: '/products' });
    const user = userEvent.setup();
    const name = await screen.findByRole('group', { name: 'Name' });
    await user.type(within(name).getByRole('textbox', { name: 'Deutsch' }), 'Pizza Funghi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kategorie' }), 'Pizza');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mehrwertsteuer' }), 'Speisen 7 %');
    await user.click(screen.getByRole('radio', { name: /^Mit Größen/ }));
    const size = screen.getByRole('listitem', { name: 'Größe 1' });
    await user.type(within(size).getByRole('textbox', { name: 'Name der Größe (DE)' }), 'Klein');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const price = within(size).getByRole('textbox', { name: 'Preis' });
    await waitFor(() => expect(price).toHaveFocus());
    expect(price).toHaveAccessibleDescription('Bitte einen Preis eingeben.');
    expect(screen.getByText(/^Nicht gespeichert: Eine Angabe fehlt oder stimmt nicht/)).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', `${API}/products`)).toHaveLength(0);
  }, 20_000);
});
