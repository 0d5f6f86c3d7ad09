import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { fakeApi } from '../../../auth/test-api.ts';
import { asSignedInStaff, signedInDevice } from '../../test-staff.ts';
import { API, MOZZARELLA, REFRESH, RUCOLA, SALAMI, renderPage, sentBody } from './test-toppings.ts';
import { ToppingsPage } from './toppings-page.tsx';

beforeEach(async () => {
  await asSignedInStaff();
});

describe('toppings page', () => {
  it('lists the toppings with their default price and how many groups offer them', async () => {
    fakeApi({ ...REFRESH, [`GET ${API}/toppings`]: { status: 200, body: [MOZZARELLA, SALAMI] } });
    renderPage(<ToppingsPage />, '/toppings');
    expect(screen.getByRole('heading', { level: 1, name: 'Beläge' })).toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: /Mozzarella/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('1,00 €')).toBeInTheDocument();
    expect(within(row).getByText('in 2 Gruppen')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Allergene und Zusatzstoffe von Mozzarella' })).toHaveAttribute(
      'href',
      '/item-allergy?topping=2',
    );
  });

  it('adds a topping with a price typed with a comma, then offers a fresh form', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${API}/toppings`]: [
        { status: 200, body: [SALAMI] },
        { status: 200, body: [RUCOLA, SALAMI] },
      ],
      [`POST ${API}/toppings`]: { status: 201, body: RUCOLA },
    });
    renderPage(<ToppingsPage />, '/toppings');
    const user = userEvent.setup();
    await screen.findByRole('rowheader', { name: /Salami/ });
    const form = screen.getByRole('form', { name: 'Neuer Belag' });
    await user.type(within(form).getByRole('textbox', { name: 'Deutsch' }), 'Rucola');
    await user.type(within(form).getByRole('textbox', { name: 'Englisch' }), 'Rocket');
    await user.type(within(form).getByRole('textbox', { name: 'Standardpreis' }), '0,80');
    await user.click(within(form).getByRole('button', { name: 'Belag anlegen' }));

    expect(await screen.findByText('Belag „Rucola“ angelegt.')).toBeInTheDocument();
    expect(sentBody(calls, 'POST', `${API}/toppings`)).toEqual({ name: { de: 'Rucola', en: 'Rocket' }, price: 0.8 });
    expect(await screen.findByRole('rowheader', { name: /Rucola/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Deutsch' })).toHaveValue('');
  });

  it('refuses a price with three decimals before sending anything', async () => {
    const { calls } = fakeApi({ ...REFRESH, [`GET ${API}/toppings`]: { status: 200, body: [] } });
    renderPage(<ToppingsPage />, '/toppings');
    const user = userEvent.setup();
    expect(await screen.findByText('Noch keine Beläge. Legen Sie oben den ersten an.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Deutsch' }), 'Oliven');
    await user.type(screen.getByRole('textbox', { name: 'Standardpreis' }), '1,255');
    await user.click(screen.getByRole('button', { name: 'Belag anlegen' }));
    expect(await screen.findByText('Höchstens zwei Nachkommastellen.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/toppings'))).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Deutsch' })).toHaveValue('Oliven');
  });

  it("edits a topping with the version it was read at and shows someone else's change on a conflict", async () => {
    const theirs = { ...SALAMI, name: { de: 'Salami scharf', en: '' }, version: 3 };
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${API}/toppings`]: { status: 200, body: [SALAMI] },
      [`PUT ${API}/toppings/1`]: [
        {
          status: 409,
          body: { code: 'version_conflict', message: 'Jemand hat das inzwischen geändert.', current: theirs },
        },
        { status: 200, body: { ...SALAMI, price: 1.8, version: 4 } },
      ],
    });
    renderPage(<ToppingsPage />, '/toppings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Salami bearbeiten' }));
    const form = screen.getByRole('form', { name: 'Belag bearbeiten: Salami' });
    const price = within(form).getByRole('textbox', { name: 'Standardpreis' });
    expect(price).toHaveValue('1,50');
    await user.clear(price);
    await user.type(price, '1,80');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Inzwischen geändert')).toBeInTheDocument();
    expect(sentBody(calls, 'PUT', `${API}/toppings/1`)).toEqual({
      name: { de: 'Salami', en: '' },
      price: 1.8,
      version: 2,
    });
    await user.click(screen.getByRole('button', { name: 'Mit meinem Stand überschreiben' }));
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(JSON.parse(String(puts[1]?.body))).toMatchObject({ price: 1.8, version: 3 });
  });

  it('archives a topping only after confirming, and says so', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${API}/toppings`]: [
        { status: 200, body: [MOZZARELLA, SALAMI] },
        { status: 200, body: [MOZZARELLA] },
      ],
      [`POST ${API}/toppings/1/archive`]: { status: 200, body: SALAMI },
    });
    renderPage(<ToppingsPage />, '/toppings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Salami archivieren' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Salami archivieren?' });
    expect(dialog).toHaveTextContent('Der Belag verschwindet aus allen Gruppen des Shops (in 1 Gruppe).');
    expect(calls.some((call) => call.path.endsWith('/archive'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Archivieren' }));

    expect(await screen.findByText('Salami wurde archiviert.')).toBeInTheDocument();
    expect(sentBody(calls, 'POST', `${API}/toppings/1/archive`)).toEqual({ version: 2 });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Salami/ })).not.toBeInTheDocument());
  });

  it('marks a topping sold out until the next business day and puts it back on sale', async () => {
    const until = '2099-06-15T09:30:00.000Z';
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${API}/toppings`]: [
        { status: 200, body: [MOZZARELLA, SALAMI] },
        { status: 200, body: [MOZZARELLA, { ...SALAMI, sold_out_until: until, version: 3 }] },
        { status: 200, body: [MOZZARELLA, { ...SALAMI, sold_out_until: null, version: 4 }] },
      ],
      [`PUT ${API}/toppings/1/sold-out`]: [
        { status: 200, body: { ...SALAMI, sold_out_until: until, version: 3 } },
        { status: 200, body: { ...SALAMI, sold_out_until: null, version: 4 } },
      ],
    });
    renderPage(<ToppingsPage />, '/toppings');
    const user = userEvent.setup();
    const row = (await screen.findByRole('rowheader', { name: /Salami/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Verfügbar')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Salami heute ausverkauft' }));

    expect(await screen.findByText(/^Salami ist bis .+ ausverkauft\.$/)).toBeInTheDocument();
    expect(sentBody(calls, 'PUT', `${API}/toppings/1/sold-out`)).toEqual({ sold_out: true, version: 2 });
    expect(await within(row).findByText(/^Ausverkauft bis /)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Salami wieder verfügbar' }));
    expect(await screen.findByText('Salami ist wieder verfügbar.')).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(JSON.parse(String(puts[1]?.body))).toEqual({ sold_out: false, version: 3 });
  });

  it('says when someone else changed the topping meanwhile, and reads the list again', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${API}/toppings`]: { status: 200, body: [SALAMI] },
      [`PUT ${API}/toppings/1/sold-out`]: {
        status: 409,
        body: { code: 'version_conflict', message: 'Jemand hat das inzwischen geändert.', current: SALAMI },
      },
    });
    renderPage(<ToppingsPage />, '/toppings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Salami heute ausverkauft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Salami wurde inzwischen geändert.');
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.path === `${API}/toppings`)).toHaveLength(2),
    );
  });

  it('lets the kitchen mark a topping sold out, with no way to add, edit or archive one', async () => {
    signedInDevice('refresh-1', 'kitchen');
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${API}/toppings`]: { status: 200, body: [MOZZARELLA, SALAMI] },
      [`PUT ${API}/toppings/2/sold-out`]: {
        status: 200,
        body: { ...MOZZARELLA, sold_out_until: '2099-06-15T09:30:00.000Z', version: 2 },
      },
    });
    renderPage(<ToppingsPage />, '/toppings');
    const user = userEvent.setup();
    expect(
      screen.getByText(
        'Alle Beläge des Shops: für heute als ausverkauft markieren. Der Shop zeigt sie dann in jeder Gruppe ausgegraut, bis der nächste Geschäftstag beginnt.',
      ),
    ).toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: /Mozzarella/ })).closest('tr') as HTMLElement;
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /bearbeiten|archivieren/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Mozzarella heute ausverkauft' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Mozzarella ist bis .+ ausverkauft\.$/);
    expect(sentBody(calls, 'PUT', `${API}/toppings/2/sold-out`)).toEqual({ sold_out: true, version: 1 });
  });

  it('speaks English too', async () => {
    fakeApi({ ...REFRESH, [`GET ${API}/toppings`]: { status: 200, body: [RUCOLA] } });
    await i18n.changeLanguage('en');
    renderPage(<ToppingsPage />, '/toppings');
    const row = (await screen.findByRole('rowheader', { name: /Rucola/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('€0.80')).toBeInTheDocument();
    expect(within(row).getByText('in 0 groups')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add topping' })).toBeInTheDocument();
  });
});
