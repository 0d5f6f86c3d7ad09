import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { fakeApi } from '../../../auth/test-api.ts';
import { asSignedInStaff } from '../../test-staff.ts';
import { GroupItemPage } from './group-item-page.tsx';
import {
  API,
  CHEESE,
  EXTRAS,
  MOZZARELLA,
  REFRESH,
  RUCOLA,
  SALAMI,
  layOutSortableRows,
  renderPage,
  sentBody,
} from './test-toppings.ts';

const LISTS = {
  [`GET ${API}/topping-groups`]: { status: 200, body: [EXTRAS, CHEESE] },
  [`GET ${API}/toppings`]: { status: 200, body: [MOZZARELLA, RUCOLA, SALAMI] },
};

beforeEach(async () => {
  await asSignedInStaff();
});

describe('group items page', () => {
  it('opens the group named in the address with its toppings in order at their group prices', async () => {
    fakeApi({ ...REFRESH, ...LISTS });
    renderPage(<GroupItemPage />, '/group-item?group=10');
    expect(screen.getByRole('heading', { level: 1, name: 'Gruppeneinträge' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Beläge von Extra-Beläge in Shop-Reihenfolge' });
    expect(
      within(list)
        .getAllByRole('button', { name: /verschieben$/ })
        .map((handle) => handle.ariaLabel),
    ).toEqual(['Salami verschieben', 'Mozzarella verschieben']);
    expect(screen.getByRole('textbox', { name: 'Preis von Mozzarella' })).toHaveValue('1,20');
    expect(screen.getByRole('combobox', { name: 'Belaggruppe' })).toHaveValue('10');
  });

  it('sends the whole list: added at its default price, moved, repriced, with the group version', async () => {
    layOutSortableRows();
    const { calls } = fakeApi({
      ...REFRESH,
      ...LISTS,
      [`PUT ${API}/topping-groups/10/items`]: {
        status: 200,
        body: { ...EXTRAS, version: 6 },
      },
    });
    renderPage(<GroupItemPage />, '/group-item?group=10');
    const user = userEvent.setup();
    const add = await screen.findByRole('combobox', { name: 'Belag hinzufügen' });
    expect(within(add).queryByRole('option', { name: /Salami/ })).not.toBeInTheDocument();
    await user.selectOptions(add, '3');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(screen.getByRole('textbox', { name: 'Preis von Rucola' })).toHaveValue('0,80');

    const price = screen.getByRole('textbox', { name: 'Preis von Salami' });
    await user.clear(price);
    await user.type(price, '1,75');

    // Mozzarella one up, with the keyboard: space, arrow up, space.
    screen.getByRole('button', { name: 'Mozzarella verschieben' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /verschieben$/ }).map((handle) => handle.ariaLabel)).toEqual([
        'Mozzarella verschieben',
        'Salami verschieben',
        'Rucola verschieben',
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
    expect(sentBody(calls, 'PUT', `${API}/topping-groups/10/items`)).toEqual({
      items: [
        { topping_id: 2, price: 1.2 },
        { topping_id: 1, price: 1.75 },
        { topping_id: 3, price: 0.8 },
      ],
      version: 5,
    });
  });

  it('removes a topping, and shows why the server refused a topping offered twice, keeping the list', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      ...LISTS,
      [`PUT ${API}/topping-groups/11/items`]: {
        status: 409,
        body: {
          code: 'topping_offered_twice',
          message: 'Pizza Margherita bekäme Rucola aus zwei Gruppen. Entfernen Sie ihn aus einer davon.',
        },
      },
    });
    renderPage(<GroupItemPage />, '/group-item?group=11');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mozzarella entfernen' }));
    expect(screen.getByText('Diese Gruppe bietet noch keine Beläge an.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Belag hinzufügen' }), '3');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Pizza Margherita bekäme Rucola aus zwei Gruppen.');
    expect(sentBody(calls, 'PUT', `${API}/topping-groups/11/items`)).toEqual({
      items: [{ topping_id: 3, price: 0.8 }],
      version: 1,
    });
    expect(screen.getByRole('textbox', { name: 'Preis von Rucola' })).toHaveValue('0,80');
  });

  it('asks for a group first, in English too', async () => {
    fakeApi({ ...REFRESH, ...LISTS });
    await i18n.changeLanguage('en');
    renderPage(<GroupItemPage />, '/group-item');
    expect(await screen.findByText('Choose a group to edit its toppings.')).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Topping group' }), '11');
    expect(await screen.findByRole('textbox', { name: 'Price of Mozzarella' })).toHaveValue('0.00');
  });
});
