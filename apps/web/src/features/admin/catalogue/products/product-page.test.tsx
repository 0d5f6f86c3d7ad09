import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { fakeApi, type RecordedCall } from '../../../auth/test-api.ts';
import AdminArea from '../../admin-area.tsx';
import { asSignedInStaff } from '../../test-staff.ts';
import { API, CAESAR, CATALOGUE } from './test-products.ts';

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sent = (calls: RecordedCall[], method: string) =>
  calls
    .filter((call) => call.method === method && call.path.startsWith(`${API}/products`))
    .map((call) => JSON.parse(String(call.body)) as unknown);

const PIZZA_CREATED = {
  ...CAESAR,
  id: 31,
  category_id: 1,
  type: 'variable',
  name: { de: 'Pizza Diavola', en: '' },
  description: { de: '', en: '' },
  price: 8,
  variants: [
    { id: 1, name: { de: 'Klein', en: 'Small' }, price: 8 },
    { id: 2, name: { de: 'Mittel', en: '' }, price: 10.5 },
    { id: 3, name: { de: 'Familie', en: 'Family' }, price: 19.9 },
  ],
  picture: null,
  image_url: null,
  version: 1,
};

/** Fills the last size, after adding one unless `{add: false}` (switching to sizes brings the first). */
async function addSize(
  user: ReturnType<typeof userEvent.setup>,
  de: string,
  en: string,
  price: string,
  { add = true } = {},
) {
  if (add) await user.click(screen.getByRole('button', { name: 'Größe hinzufügen' }));
  const size = screen.getAllByRole('listitem', { name: /^Größe \d+$/ }).at(-1);
  if (!size) throw new Error('No size was added');
  await user.type(within(size).getByRole('textbox', { name: 'Name der Größe (DE)' }), de);
  if (en) await user.type(within(size).getByRole('textbox', { name: 'Name der Größe (EN)' }), en);
  await user.type(within(size).getByRole('textbox', { name: 'Preis' }), price);
}

describe('product editor', () => {
  it('creates a pizza with three sizes, prices typed with a comma, and moves to its page', async () => {
    const { calls } = fakeApi({ ...CATALOGUE, [`POST ${API}/products`]: { status: 201, body: PIZZA_CREATED } });
    renderWithProviders(<AdminArea />, { route: '/products' });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Produkte' })).toBeInTheDocument();

    const name = await screen.findByRole('group', { name: 'Name' });
    await user.type(within(name).getByRole('textbox', { name: 'Deutsch' }), 'Pizza Diavola');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kategorie' }), 'Pizza');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mehrwertsteuer' }), 'Speisen 7 %');
    await user.click(screen.getByRole('radio', { name: /^Mit Größen/ }));
    // The one price gave way to the first size's.
    expect(screen.getAllByRole('textbox', { name: 'Preis' })).toHaveLength(1);
    expect(screen.getAllByRole('listitem', { name: /^Größe \d+$/ })).toHaveLength(1);
    await addSize(user, 'Klein', 'Small', '8', { add: false });
    await addSize(user, 'Familie', 'Family', '19,90');
    await addSize(user, 'Mittel', '', '10,50');
    // The medium size goes between the small and the family one.
    await user.click(screen.getByRole('button', { name: 'Größe 3 nach oben' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(sent(calls, 'POST')[0]).toEqual({
      category_id: 1,
      type: 'variable',
      name: { de: 'Pizza Diavola', en: '' },
      description: { de: '', en: '' },
      price: null,
      tax_rate_id: 1,
      variants: [
        { name: { de: 'Klein', en: 'Small' }, price: 8, divisible: false },
        { name: { de: 'Mittel', en: '' }, price: 10.5, divisible: false },
        { name: { de: 'Familie', en: 'Family' }, price: 19.9, divisible: false },
      ],
      divisible: false,
      deposit: 0,
      picture_id: null,
      hidden: false,
    });
    expect(await screen.findByText('Produkt angelegt.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Verfügbarkeit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Belaggruppen dieses Produkts' })).toHaveAttribute(
      'href',
      '/product-groups?product=31',
    );
    // Typing three sizes as a person does takes a while.
  }, 20_000);

  it("takes a size's price error away as it is typed, so nothing under the pointer moves on blur", async () => {
    fakeApi(CATALOGUE);
    renderWithProviders(<AdminArea />, { route: '/products' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^Mit Größen/ }));
    await addSize(user, 'Klein', '', '9,50', { add: false });
    await user.click(screen.getByRole('button', { name: 'Größe hinzufügen' }));
    const second = screen.getByRole('listitem', { name: 'Größe 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Name der Größe (DE)' }), 'Groß');
    await user.tab();
    await user.tab();
    // Leaving the name checks the size: its price is still missing.
    const price = within(second).getByRole('textbox', { name: 'Preis' });
    await user.click(price);
    expect(within(second).getByText('Bitte einen Preis eingeben.')).toBeInTheDocument();
    await user.type(price, '15,50');
    await waitFor(() => expect(within(second).queryByText('Bitte einen Preis eingeben.')).not.toBeInTheDocument());
    expect(price).toHaveFocus();
  });

  it('starts the sizes with one at the old price, asks for at least one, and keeps the price for switching back', async () => {
    const { calls } = fakeApi({ ...CATALOGUE, [`GET ${API}/products/20`]: { status: 200, body: CAESAR } });
    renderWithProviders(<AdminArea />, { route: '/products?id=20' });
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Preis' })).toHaveValue('8,50');
    await user.click(screen.getByRole('radio', { name: /^Mit Größen/ }));
    const first = screen.getByRole('listitem', { name: 'Größe 1' });
    expect(within(first).getByRole('textbox', { name: 'Preis' })).toHaveValue('8,50');
    await user.click(within(first).getByRole('button', { name: 'Größe 1 entfernen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte mindestens eine Größe angeben.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Größen' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls, 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /^Einfach/ }));
    expect(screen.getByRole('textbox', { name: 'Preis' })).toHaveValue('8,50');
  });

  it('turns half & half on per size, and for a simple product on its own', async () => {
    const pizza = {
      ...PIZZA_CREATED,
      id: 20,
      variants: [
        { id: 1, name: { de: 'Klein', en: 'Small' }, price: 8, divisible: false },
        { id: 2, name: { de: 'Groß', en: 'Large' }, price: 12, divisible: true },
      ],
      version: 5,
    };
    const { calls } = fakeApi({
      ...CATALOGUE,
      [`GET ${API}/products/20`]: { status: 200, body: pizza },
      [`PUT ${API}/products/20`]: { status: 200, body: { ...pizza, version: 6 } },
    });
    renderWithProviders(<AdminArea />, { route: '/products?id=20' });
    const user = userEvent.setup();
    const small = await screen.findByRole('listitem', { name: 'Größe 1' });
    const large = screen.getByRole('listitem', { name: 'Größe 2' });
    expect(within(small).getByRole('checkbox', { name: 'Halb & halb möglich' })).not.toBeChecked();
    expect(within(large).getByRole('checkbox', { name: 'Halb & halb möglich' })).toBeChecked();

    await user.click(within(small).getByRole('checkbox', { name: 'Halb & halb möglich' }));
    await user.click(within(large).getByRole('checkbox', { name: 'Halb & halb möglich' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0]).toMatchObject({
      type: 'variable',
      variants: [
        { id: 1, name: { de: 'Klein', en: 'Small' }, price: 8, divisible: true },
        { id: 2, name: { de: 'Groß', en: 'Large' }, price: 12, divisible: false },
      ],
    });

    // A simple product has one checkbox of its own, beside its price.
    await user.click(screen.getByRole('radio', { name: /^Einfach/ }));
    expect(screen.queryAllByRole('listitem', { name: /^Größe \d+$/ })).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Halb & halb möglich' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(2));
    expect(sent(calls, 'PUT')[1]).toMatchObject({ type: 'simple', variants: [], divisible: true });
  });

  it('edits the deposit beside the price, typed with a comma, and refuses one that is no amount of money', async () => {
    const bottle = { ...CAESAR, name: { de: 'Apfelschorle 0,5 l', en: '' }, deposit: 0.25 };
    const { calls } = fakeApi({
      ...CATALOGUE,
      [`GET ${API}/products/20`]: { status: 200, body: bottle },
      [`PUT ${API}/products/20`]: { status: 200, body: { ...bottle, deposit: 0.15, version: 6 } },
    });
    renderWithProviders(<AdminArea />, { route: '/products?id=20' });
    const user = userEvent.setup();
    const deposit = await screen.findByRole('textbox', { name: 'Pfand' });
    expect(deposit).toHaveValue('0,25');

    await user.clear(deposit);
    await user.type(deposit, '0,155');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('textbox', { name: 'Pfand' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls, 'PUT')).toHaveLength(0);

    await user.clear(deposit);
    await user.type(deposit, '0,15');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0]).toMatchObject({ price: 8.5, deposit: 0.15, version: 5 });
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
  });

  it('uploads a picture, previews it and saves it as the product’s; a refused one says why', async () => {
    const { calls } = fakeApi({
      ...CATALOGUE,
      [`GET ${API}/products/20`]: { status: 200, body: CAESAR },
      [`POST ${API}/pictures`]: [
        {
          status: 400,
          body: { code: 'picture_too_small', message: 'Das Bild ist zu klein: mindestens 200 × 200 Pixel.' },
        },
        { status: 201, body: { id: 8, card_url: '/media/8-card.webp', wide_url: '/media/8-wide.webp' } },
      ],
      [`PUT ${API}/products/20`]: { status: 200, body: { ...CAESAR, version: 6 } },
    });
    renderWithProviders(<AdminArea />, { route: '/products?id=20' });
    const user = userEvent.setup({ applyAccept: false });
    expect(await screen.findByRole('img', { name: 'Vorschau des Bildes' })).toHaveAttribute(
      'src',
      '/media/7-card.webp',
    );

    const input = screen.getByLabelText('Bild ersetzen');
    await user.upload(input, new File(['GIF89a'], 'salat.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Bitte ein JPEG-, PNG- oder WebP-Bild wählen.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/pictures'))).toBe(false);

    const tiny = new File(['png'], 'klein.png', { type: 'image/png' });
    await user.upload(input, tiny);
    expect(await screen.findByText('Das Bild ist zu klein: mindestens 200 × 200 Pixel.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vorschau des Bildes' })).toHaveAttribute('src', '/media/7-card.webp');

    const photo = new File(['jpeg'], 'salat.jpg', { type: 'image/jpeg' });
    await user.upload(input, photo);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Vorschau des Bildes' })).toHaveAttribute('src', '/media/8-card.webp'),
    );
    const upload = calls.filter((call) => call.path === `${API}/pictures`).at(-1);
    expect(upload?.body).toBe(photo);
    expect(upload?.headers.get('Content-Type')).toBe('image/jpeg');
    expect(screen.getByText('Bild hochgeladen. Zum Übernehmen speichern.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0]).toMatchObject({
      picture_id: 8,
      version: 5,
      type: 'simple',
      price: 8.5,
      variants: [],
    });
  });

  it('offers their version or overwriting when someone saved meanwhile, keeping what was typed', async () => {
    const theirs = { ...CAESAR, name: { de: 'Caesar Salad', en: '' }, version: 6 };
    const { calls } = fakeApi({
      ...CATALOGUE,
      [`GET ${API}/products/20`]: { status: 200, body: CAESAR },
      [`PUT ${API}/products/20`]: [
        { status: 409, body: { code: 'version_conflict', message: 'Inzwischen geändert.', current: theirs } },
        { status: 200, body: { ...theirs, price: 9.2, version: 7 } },
      ],
    });
    renderWithProviders(<AdminArea />, { route: '/products?id=20' });
    const user = userEvent.setup();
    const price = await screen.findByRole('textbox', { name: 'Preis' });
    await user.clear(price);
    await user.type(price, '9,20');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Inzwischen geändert')).toBeInTheDocument();
    expect(price).toHaveValue('9,20');
    await user.click(screen.getByRole('button', { name: 'Mit meinem Stand überschreiben' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(2));
    expect(sent(calls, 'PUT')[1]).toMatchObject({ price: 9.2, version: 6 });
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
  });

  it('marks it sold out at once, and the form’s next save is no conflict with that', async () => {
    const { calls } = fakeApi({
      ...CATALOGUE,
      [`GET ${API}/products/20`]: { status: 200, body: CAESAR },
      [`PUT ${API}/products/20/sold-out`]: {
        status: 200,
        body: { ...CAESAR, sold_out_until: '2099-11-24T10:00:00.000Z', version: 6 },
      },
      [`PUT ${API}/products/20`]: { status: 200, body: { ...CAESAR, hidden: true, version: 7 } },
    });
    renderWithProviders(<AdminArea />, { route: '/products?id=20' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Im Shop ausblenden' }));
    await user.click(screen.getByRole('button', { name: 'Heute ausverkauft' }));
    expect(await screen.findByText(/^Ausverkauft bis /)).toBeInTheDocument();
    expect(sent(calls, 'PUT')[0]).toEqual({ sold_out: true, version: 5 });
    expect(screen.getByRole('checkbox', { name: 'Im Shop ausblenden' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(2));
    expect(sent(calls, 'PUT')[1]).toMatchObject({ hidden: true, version: 6 });
  });

  it('removes the product after asking, and goes back to the list', async () => {
    const { calls } = fakeApi({
      ...CATALOGUE,
      [`GET ${API}/products/20`]: { status: 200, body: CAESAR },
      [`POST ${API}/products/20/archive`]: { status: 204 },
      [`GET ${API}/products?page=1&page_size=25`]: {
        status: 200,
        body: { items: [], total: 0, page: 1, page_size: 25 },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/products?id=20' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Produkt entfernen' }));
    expect(screen.getByText('„Caesar Salat“ wirklich aus der Speisekarte entfernen?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ja, entfernen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Produktliste' })).toBeInTheDocument();
    expect(sent(calls, 'POST')).toEqual([{ version: 5 }]);
  });
});
