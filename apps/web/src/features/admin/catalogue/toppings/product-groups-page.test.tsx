import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { fakeApi } from '../../../auth/test-api.ts';
import { asSignedInStaff } from '../../test-staff.ts';
import { ProductGroupsPage } from './product-groups-page.tsx';
import { API, CHEESE, EXTRAS, MARGHERITA, REFRESH, layOutSortableRows, renderPage, sentBody } from './test-toppings.ts';
import { adminProductSummary } from '../test-catalogue.ts';

const SUMMARY = adminProductSummary({
  id: MARGHERITA.id,
  name: MARGHERITA.name,
  category_id: 1,
  version: MARGHERITA.version,
});
const LISTS = {
  [`GET ${API}/topping-groups`]: { status: 200, body: [EXTRAS, CHEESE] },
  [`GET ${API}/products?page_size=100`]: {
    status: 200,
    body: { items: [SUMMARY], total: 1, page: 1, page_size: 100 },
  },
  [`GET ${API}/products/100`]: { status: 200, body: MARGHERITA },
};

const handles = () => screen.getAllByRole('button', { name: /verschieben$/ }).map((handle) => handle.ariaLabel);

beforeEach(async () => {
  await asSignedInStaff();
});

describe('product groups page', () => {
  it('says in the picker and the list what each group contains and which other products use it', async () => {
    fakeApi({
      ...REFRESH,
      ...LISTS,
      [`GET ${API}/topping-groups/usage`]: {
        status: 200,
        body: [
          { group_id: 10, products: [{ id: 100, name: MARGHERITA.name }] },
          { group_id: 11, products: [{ id: 205, name: { de: 'Calzone', en: '' } }] },
        ],
      },
    });
    renderPage(<ProductGroupsPage />, '/product-groups?product=100');
    const picker = await screen.findByRole('combobox', { name: 'Belaggruppe hinzufügen' });
    await waitFor(() =>
      expect(within(picker).getByRole('option', { name: /^Käse/ })).toHaveTextContent(
        'Käse · Enthält: Mozzarella · Auch bei: Calzone',
      ),
    );
    // The product being edited is no "other" product of its own group.
    const list = screen.getByRole('list', { name: 'Belaggruppen von Pizza Margherita in Shop-Reihenfolge' });
    expect(within(list).getByText('Enthält: Salami, Mozzarella')).toBeInTheDocument();
    expect(within(list).getByText('Nur bei diesem Produkt')).toBeInTheDocument();
    await userEvent.setup().selectOptions(picker, '11');
    expect(screen.getByText('Auch bei: Calzone', { selector: 'span' })).toBeInTheDocument();
  }, 20_000);

  it('saves the groups in their new order with the product version', { timeout: 20_000 }, async () => {
    layOutSortableRows();
    const { calls } = fakeApi({
      ...REFRESH,
      ...LISTS,
      [`PUT ${API}/products/100/topping-groups`]: {
        status: 200,
        body: { ...MARGHERITA, topping_group_ids: [11, 10], version: 8 },
      },
    });
    renderPage(<ProductGroupsPage />, '/product-groups?product=100');
    expect(screen.getByRole('heading', { level: 1, name: 'Produktgruppen' })).toBeInTheDocument();
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Belaggruppen von Pizza Margherita in Shop-Reihenfolge' });
    expect(screen.getByText(/Die erste Gruppe entscheidet über das Schnell-Hinzufügen/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Produkt' })).toHaveValue('100');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Belaggruppe hinzufügen' }), '11');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(handles()).toEqual(['Extra-Beläge verschieben', 'Käse verschieben']);
    expect(screen.getByText('Alle Belaggruppen sind schon dabei.')).toBeInTheDocument();

    screen.getByRole('button', { name: 'Käse verschieben' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');
    await waitFor(() => expect(handles()).toEqual(['Käse verschieben', 'Extra-Beläge verschieben']));
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('Schnell-Hinzufügen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
    expect(sentBody(calls, 'PUT', `${API}/products/100/topping-groups`)).toEqual({ group_ids: [11, 10], version: 7 });
  });

  it('shows why the server refused a topping offered twice, keeping the choice', async () => {
    fakeApi({
      ...REFRESH,
      ...LISTS,
      [`PUT ${API}/products/100/topping-groups`]: {
        status: 409,
        body: { code: 'topping_offered_twice', message: 'Mozzarella käme aus zwei Gruppen dieses Produkts.' },
      },
    });
    renderPage(<ProductGroupsPage />, '/product-groups?product=100');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Belaggruppe hinzufügen' }), '11');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mozzarella käme aus zwei Gruppen dieses Produkts.');
    expect(handles()).toEqual(['Extra-Beläge verschieben', 'Käse verschieben']);
  });

  it('removes a group and lets a product be chosen from the list, in English too', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      ...LISTS,
      [`PUT ${API}/products/100/topping-groups`]: {
        status: 200,
        body: { ...MARGHERITA, topping_group_ids: [], version: 8 },
      },
    });
    await i18n.changeLanguage('en');
    renderPage(<ProductGroupsPage />, '/product-groups');
    const user = userEvent.setup();
    expect(await screen.findByText('Choose a product to edit its topping groups.')).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Product' }), '100');
    await user.click(await screen.findByRole('button', { name: 'Remove Extra-Beläge' }));
    expect(screen.getByText('This product offers no topping groups.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sentBody(calls, 'PUT', `${API}/products/100/topping-groups`)).toEqual({ group_ids: [], version: 7 });
  });
});
