import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { fakeApi } from '../../../auth/test-api.ts';
import { asSignedInStaff } from '../../test-staff.ts';
import { API, CHEESE, EXTRAS, REFRESH, renderPage, sentBody } from './test-toppings.ts';
import { ToppingGroupsPage } from './topping-groups-page.tsx';

beforeEach(async () => {
  await asSignedInStaff();
});

describe('topping groups page', () => {
  it('lists each group with its choice, toppings, products and a link to its toppings', async () => {
    fakeApi({ ...REFRESH, [`GET ${API}/topping-groups`]: { status: 200, body: [EXTRAS, CHEESE] } });
    renderPage(<ToppingGroupsPage />, '/topping-groups');
    expect(screen.getByRole('heading', { level: 1, name: 'Belaggruppen' })).toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: /Extra-Beläge/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('wähle 0–3')).toBeInTheDocument();
    expect(within(row).getByText('1 Produkt')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Beläge bearbeiten: Extra-Beläge' })).toHaveAttribute(
      'href',
      '/group-item?group=10',
    );
  });

  it('says what customers see, and refuses more to choose at least than at most before sending', async () => {
    const { calls } = fakeApi({ ...REFRESH, [`GET ${API}/topping-groups`]: { status: 200, body: [] } });
    renderPage(<ToppingGroupsPage />, '/topping-groups');
    const user = userEvent.setup();
    await screen.findByText('Noch keine Belaggruppen. Legen Sie oben die erste an.');
    await user.type(screen.getByRole('textbox', { name: 'Deutsch' }), 'Dressing');
    const min = screen.getByRole('spinbutton', { name: 'Mindestens wählen' });
    const max = screen.getByRole('spinbutton', { name: 'Höchstens wählen' });
    await user.clear(max);
    await user.type(max, '3');
    expect(screen.getByText('Kunden wählen bis zu 3 Beläge – oder keinen.')).toBeInTheDocument();
    await user.clear(min);
    await user.type(min, '4');
    await user.click(screen.getByRole('button', { name: 'Gruppe anlegen' }));

    expect(await screen.findByText('Mindestens darf nicht größer sein als höchstens.')).toBeInTheDocument();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === `${API}/topping-groups` && call.method === 'POST')).toBe(false);

    // Raising "at most" clears the complaint; the group is then sent as typed.
    await user.clear(max);
    await user.type(max, '4');
    expect(await screen.findByText('Kunden wählen genau 4 Beläge.')).toBeInTheDocument();
    expect(screen.queryByText('Mindestens darf nicht größer sein als höchstens.')).not.toBeInTheDocument();
  });

  it('creates a group with its limits', async () => {
    const created = { ...CHEESE, id: 12, name: { de: 'Dressing', en: '' }, min_select: 1, max_select: 2, items: [] };
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${API}/topping-groups`]: { status: 200, body: [] },
      [`POST ${API}/topping-groups`]: { status: 201, body: created },
    });
    renderPage(<ToppingGroupsPage />, '/topping-groups');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Deutsch' }), 'Dressing');
    const min = screen.getByRole('spinbutton', { name: 'Mindestens wählen' });
    await user.clear(min);
    await user.type(min, '1');
    const max = screen.getByRole('spinbutton', { name: 'Höchstens wählen' });
    await user.clear(max);
    await user.type(max, '2');
    expect(screen.getByText('Kunden wählen 1 bis 2 Beläge.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gruppe anlegen' }));

    expect(await screen.findByText('Belaggruppe „Dressing“ angelegt.')).toBeInTheDocument();
    expect(sentBody(calls, 'POST', `${API}/topping-groups`)).toEqual({
      name: { de: 'Dressing', en: '' },
      min_select: 1,
      max_select: 2,
    });
  });

  it('edits a group with its version and archives one after confirming', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${API}/topping-groups`]: { status: 200, body: [EXTRAS, CHEESE] },
      [`PUT ${API}/topping-groups/10`]: { status: 200, body: { ...EXTRAS, max_select: 5, version: 6 } },
      [`POST ${API}/topping-groups/11/archive`]: { status: 200, body: CHEESE },
    });
    renderPage(<ToppingGroupsPage />, '/topping-groups');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Extra-Beläge bearbeiten' }));
    const max = screen.getByRole('spinbutton', { name: 'Höchstens wählen' });
    await user.clear(max);
    await user.type(max, '5');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
    expect(sentBody(calls, 'PUT', `${API}/topping-groups/10`)).toEqual({
      name: { de: 'Extra-Beläge', en: 'Extra toppings' },
      min_select: 0,
      max_select: 5,
      version: 5,
    });

    await user.click(screen.getByRole('button', { name: 'Käse archivieren' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Käse archivieren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archivieren' }));
    expect(await screen.findByText('Käse wurde archiviert.')).toBeInTheDocument();
    expect(sentBody(calls, 'POST', `${API}/topping-groups/11/archive`)).toEqual({ version: 1 });
  });

  it('explains the choice in English', async () => {
    fakeApi({ ...REFRESH, [`GET ${API}/topping-groups`]: { status: 200, body: [CHEESE] } });
    await i18n.changeLanguage('en');
    renderPage(<ToppingGroupsPage />, '/topping-groups');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit Käse' }));
    expect(screen.getByText('Customers choose exactly one topping.')).toBeInTheDocument();
  });
});
