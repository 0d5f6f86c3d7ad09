import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { fakeApi } from '../../../auth/test-api.ts';
import AdminArea from '../../admin-area.tsx';
import { asSignedInStaff, signedInDevice } from '../../test-staff.ts';
import { API, CAESAR, CAESAR_ROW, CATALOGUE, MARGHERITA_ROW, page } from './test-products.ts';

const LIST = `GET ${API}/products?page=1&page_size=25`;

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function rowOf(name: string) {
  const row = (await screen.findByRole('rowheader', { name })).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

const listCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith(`${API}/products?`)).map((call) => call.path);

describe('product list', () => {
  it('lets the kitchen mark a dish sold out, with no way to add or edit one', async () => {
    signedInDevice('refresh-1', 'kitchen');
    fakeApi({ ...CATALOGUE, [LIST]: page([MARGHERITA_ROW, CAESAR_ROW]) });
    renderWithProviders(<AdminArea />, { route: '/products-list' });
    expect(
      screen.getByText('Alle Produkte der Speisekarte: suchen und für heute als ausverkauft markieren.'),
    ).toBeInTheDocument();
    const margherita = await rowOf('Pizza Margherita');
    expect(within(margherita).getByRole('button', { name: /^Pizza Margherita/ })).toBeInTheDocument();
    expect(within(margherita).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Neues Produkt' })).not.toBeInTheDocument();
  });

  it('shows each product with its picture, category, price from its cheapest size and its state', async () => {
    fakeApi({ ...CATALOGUE, [LIST]: page([MARGHERITA_ROW, CAESAR_ROW]) });
    renderWithProviders(<AdminArea />, { route: '/products-list' });
    expect(screen.getByRole('heading', { level: 1, name: 'Produktliste' })).toBeInTheDocument();

    const margherita = await rowOf('Pizza Margherita');
    expect(within(margherita).getByText('ab 7,50 €')).toBeInTheDocument();
    await within(margherita).findByText('Pizza');
    // The name beside it says what it shows: the picture is decoration (alt="").
    const thumbnail = within(margherita).getByRole('presentation');
    expect(thumbnail).toHaveAttribute('src', '/media/10-card.webp');
    expect(thumbnail).toHaveAttribute('width', '64');
    expect(thumbnail).toHaveAttribute('height', '48');
    expect(within(margherita).getByRole('link', { name: 'Pizza Margherita bearbeiten' })).toHaveAttribute(
      'href',
      '/products?id=10',
    );

    const caesar = await rowOf('Caesar Salat');
    expect(within(caesar).getByText('8,50 €')).toBeInTheDocument();
    expect(within(caesar).getByText('Ausgeblendet')).toBeInTheDocument();
    expect(within(caesar).getByText(/^Ausverkauft bis /)).toBeInTheDocument();
    expect(within(caesar).getByRole('button', { name: 'Caesar Salat wieder verfügbar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neues Produkt' })).toHaveAttribute('href', '/products');
  });

  it('names a drink’s deposit under its price, as the shop does (decision 016)', async () => {
    const bottle = { ...CAESAR_ROW, id: 21, name: { de: 'Apfelschorle 0,5 l', en: '' }, price: 2.9, deposit: 0.25 };
    fakeApi({ ...CATALOGUE, [LIST]: page([MARGHERITA_ROW, bottle]) });
    renderWithProviders(<AdminArea />, { route: '/products-list' });
    const row = await rowOf('Apfelschorle 0,5 l');
    expect(within(row).getByText('2,90 €')).toBeInTheDocument();
    expect(within(row).getByText('zzgl. 0,25 € Pfand')).toBeInTheDocument();
    expect(within(await rowOf('Pizza Margherita')).queryByText(/Pfand/)).not.toBeInTheDocument();
  });

  it('searches on the server once typing pauses, filters, and pages', async () => {
    const { calls } = fakeApi({
      ...CATALOGUE,
      [LIST]: page([MARGHERITA_ROW], 30),
      [`GET ${API}/products?page=2&page_size=25`]: page([CAESAR_ROW], 30, 2),
      [`GET ${API}/products?search=marg&page=1&page_size=25`]: page([MARGHERITA_ROW]),
      [`GET ${API}/products?search=marg&category_id=1&page=1&page_size=25`]: page([MARGHERITA_ROW]),
      [`GET ${API}/products?search=marg&category_id=1&hidden=false&page=1&page_size=25`]: page([MARGHERITA_ROW]),
      [`GET ${API}/products?search=marg&category_id=1&hidden=false&sold_out=true&page=1&page_size=25`]: page([]),
    });
    renderWithProviders(<AdminArea />, { route: '/products-list' });
    const user = userEvent.setup();
    expect(await screen.findByText('30 Produkte · Seite 1 von 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByRole('rowheader', { name: 'Caesar Salat' })).toBeInTheDocument();
    expect(screen.getByText('30 Produkte · Seite 2 von 2')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'marg');
    // A new search starts at the first page again.
    expect(await screen.findByText('1 Produkt')).toBeInTheDocument();
    expect(listCalls(calls)).not.toContain(`${API}/products?search=m&page=1&page_size=25`);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kategorie' }), 'Pizza');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sichtbarkeit' }), 'Sichtbar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verfügbarkeit' }), 'Ausverkauft');
    expect(await screen.findByText('Kein Produkt passt zu Suche und Filtern.')).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([
      `${API}/products?page=1&page_size=25`,
      `${API}/products?page=2&page_size=25`,
      `${API}/products?search=marg&page=1&page_size=25`,
      `${API}/products?search=marg&category_id=1&page=1&page_size=25`,
      `${API}/products?search=marg&category_id=1&hidden=false&page=1&page_size=25`,
      `${API}/products?search=marg&category_id=1&hidden=false&sold_out=true&page=1&page_size=25`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    expect(await screen.findByRole('rowheader', { name: 'Pizza Margherita' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Suchen' })).toHaveValue('');
  });

  it('says when there are no products at all, in German and English', async () => {
    fakeApi({ ...CATALOGUE, [LIST]: page([]) });
    renderWithProviders(<AdminArea />, { route: '/products-list' });
    expect(await screen.findByText('Noch keine Produkte. Legen Sie das erste an.')).toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('No products yet. Create the first one.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Product List' })).toBeInTheDocument();
  });

  it('marks a product sold out for today with the version it showed, and says until when', async () => {
    const { calls } = fakeApi({
      ...CATALOGUE,
      [LIST]: [page([MARGHERITA_ROW]), page([{ ...MARGHERITA_ROW, sold_out_until: '2099-11-24T10:00:00.000Z' }])],
      [`PUT ${API}/products/10/sold-out`]: {
        status: 200,
        body: { ...CAESAR, id: 10, sold_out_until: '2099-11-24T10:00:00.000Z', version: 4 },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/products-list' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pizza Margherita heute ausverkauft' }));

    expect(await screen.findByText(/^Pizza Margherita ist bis .+ ausverkauft\.$/)).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ sold_out: true, version: 3 });
    expect(await screen.findByRole('button', { name: 'Pizza Margherita wieder verfügbar' })).toBeInTheDocument();
  });

  it('reloads the list and says so when someone changed the product meanwhile', async () => {
    const { calls } = fakeApi({
      ...CATALOGUE,
      [LIST]: [page([MARGHERITA_ROW]), page([{ ...MARGHERITA_ROW, version: 4 }])],
      [`PUT ${API}/products/10/sold-out`]: {
        status: 409,
        body: { code: 'version_conflict', message: 'Inzwischen geändert.', current: { ...CAESAR, id: 10, version: 4 } },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/products-list' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pizza Margherita heute ausverkauft' }));
    expect(
      await screen.findByText(
        'Pizza Margherita wurde inzwischen geändert. Die Liste ist neu geladen – bitte noch einmal versuchen.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });
});
