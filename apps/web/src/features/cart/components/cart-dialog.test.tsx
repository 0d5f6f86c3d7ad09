import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useSearch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem, computeTotals, formatMoney, toCents, type CartItem } from '@pizzeria/domain';
import { changeLanguage } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import type * as DeliveryModule from '../../delivery/index.ts';
import { openPostcodePicker, useDelivery } from '../../delivery/index.ts';
import { apiStub, catalogueQueryData, cola, margherita, postcode10999 } from '../../menu/test-catalogue.ts';
import { useCartDialog } from '../cart-dialog-store.ts';
import { ORDER_NOTE_KEY, markOrderPlaced, restoreCart, useCart } from '../cart-store.ts';
import { CartButton } from './cart-button.tsx';
import { useSessionStore } from '../../session/index.ts';

vi.mock('../../delivery/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof DeliveryModule>()),
  openPostcodePicker: vi.fn(),
}));

/** `8,50 €` as the screen shows it (Intl puts a no-break space before the sign). */
const euro = (cents: number) => formatMoney(cents, 'de-DE', 'EUR').replace(/\s/g, ' ');

const pizza = buildCartItem(margherita, { variantId: 42, extras: [{ id: 108, quantity: 1 }], quantity: 1 });
const colas = buildCartItem(cola, { variantId: null, extras: [], quantity: 2 });

beforeEach(() => {
  localStorage.clear();
  restoreCart();
  useCart.setState({ soldOut: [], soldOutToppings: [], reorder: null });
  useCartDialog.setState({ open: false, requested: false, editRequest: null });
  useDelivery.setState({ orderType: 'delivery', postcode: postcode10999 });
  vi.stubGlobal('fetch', vi.fn(apiStub()));
});

afterEach(async () => {
  await changeLanguage('de');
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null, token: null, loading: false });
});

async function openCartWith(items: CartItem[]) {
  useCart.setState({ items });
  const user = userEvent.setup();
  renderWithProviders(<CartButton />, { queryData: catalogueQueryData });
  await user.click(screen.getByRole('button', { name: /^Warenkorb/ }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Ihr Warenkorb' }) };
}

/** The figure beside a label in the totals. */
function amount(dialog: HTMLElement, label: string | RegExp): string {
  const term = within(dialog).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent?.replace(/\s/g, ' ') ?? '';
}

function OrderReached({ id }: { id: string }) {
  const token = new URLSearchParams(useSearch()).get('token');
  return <p>{`order ${id}, token ${token ?? ''}`}</p>;
}

describe('an ordered cart', () => {
  it('says the order is placed, leads to it, and begins a new one on request', async () => {
    useCart.setState({ items: [pizza, colas] });
    markOrderPlaced({ id: 77, token: 'tok en' });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <CartButton />
        <Route path="/order/:id">{(params) => <OrderReached id={params.id} />}</Route>
      </>,
      { queryData: catalogueQueryData, route: '/' },
    );
    await user.click(screen.getByRole('button', { name: 'Warenkorb: bestellt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ihr Warenkorb' });
    expect(within(dialog).getByText('Diese Bestellung ist aufgegeben')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Artikel im Warenkorb' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Gesamt/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Bestellung ansehen' }));
    expect(await screen.findByText('order 77, token tok en')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Warenkorb: bestellt' }));
    await user.click(await screen.findByRole('button', { name: 'Neue Bestellung beginnen' }));
    expect(useCart.getState()).toMatchObject({ items: [], ordered: false });
  });
});

describe('cart dialog', () => {
  it('shows the totals exactly as computeTotals gives them', async () => {
    const { dialog } = await openCartWith([pizza, colas]);
    const expected = computeTotals({ items: [pizza, colas], discountPercent: 5, deliveryFee: 250 });
    expect(amount(dialog, 'Zwischensumme')).toBe(euro(expected.subtotal));
    expect(amount(dialog, 'Lieferrabatt (5 %)')).toBe(`−${euro(expected.discount)}`);
    expect(amount(dialog, 'Pfand')).toBe(euro(16));
    expect(amount(dialog, 'Liefergebühr')).toBe(euro(250));
    expect(amount(dialog, /Gesamt/)).toBe(euro(expected.total));
    // The header button (hidden from assistive technology behind the modal) names the value of the goods.
    expect(screen.getByRole('button', { name: /^Warenkorb, 3 Artikel/, hidden: true }).getAttribute('aria-label')).toBe(
      `Warenkorb, 3 Artikel im Wert von ${formatMoney(expected.subtotal, 'de-DE', 'EUR')}`,
    );
  });

  it('has no deposit row when no line carries a deposit', async () => {
    const { dialog } = await openCartWith([pizza]);
    expect(within(dialog).queryByText('Pfand', { selector: 'dt' })).toBeNull();
  });

  it('lists each line with its extras and total, and changes quantities', async () => {
    const { user, dialog } = await openCartWith([pizza, colas]);
    const lines = within(dialog).getByRole('list', { name: 'Artikel im Warenkorb' });
    const [pizzaLine, colaLine] = within(lines)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === lines);
    expect(pizzaLine).toHaveTextContent('Pizza Margherita (Mittel Ø 30 cm)');
    expect(pizzaLine).toHaveTextContent('Rucola');
    expect(colaLine).toHaveTextContent(euro(580));
    expect(colaLine).toHaveTextContent('zzgl. 0,16 € Pfand');
    expect(pizzaLine).not.toHaveTextContent('Pfand');

    await user.click(within(dialog).getByRole('button', { name: 'Menge von Cola 0,33 l erhöhen' }));
    expect(useCart.getState().items[1]?.quantity).toBe(3);
    await user.click(
      within(dialog).getByRole('button', { name: 'Menge von Pizza Margherita (Mittel Ø 30 cm) erhöhen' }),
    );
    expect(useCart.getState().items[0]?.quantity).toBe(2);
    // At 1 the minus button removes the line.
    await user.click(
      within(dialog).getByRole('button', { name: 'Menge von Pizza Margherita (Mittel Ø 30 cm) verringern' }),
    );
    // The stepper's − at quantity 1 and the "Entfernen" button both remove the line.
    const removeButtons = within(dialog).getAllByRole('button', {
      name: 'Pizza Margherita (Mittel Ø 30 cm) entfernen',
    });
    expect(removeButtons.map((button) => button.textContent)).toEqual(['Entfernen', '']);
    const [textButton] = removeButtons;
    if (textButton) await user.click(textButton);
    expect(useCart.getState().items.map((item) => item.id)).toEqual([29]);
  });

  it('shows what is missing to the minimum order and blocks checkout', async () => {
    const { dialog } = await openCartWith([colas]);
    const missing = toCents(postcode10999.minimum_order_amount) - 580;
    expect(within(dialog).getByText(/Mindestbestellwert für 10999/)).toHaveTextContent(
      `Mindestbestellwert für 10999: 15,00 € — es fehlen noch ${euro(missing)}`,
    );
    const checkout = within(dialog).getByRole('button', { name: /Zur Kasse/ });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription('Der Mindestbestellwert ist noch nicht erreicht.');
  });

  it('links a signed-in customer to checkout once the minimum order is met', async () => {
    useSessionStore.setState({ user: { customer_name: 'Maria Rossi' }, token: 'jwt', loading: false });
    const { dialog } = await openCartWith([{ ...pizza, quantity: 2 }]);
    expect(within(dialog).queryByText(/Mindestbestellwert für/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Zur Kasse/ })).toHaveAttribute('href', '/checkout');
  });

  it('charges no fee for pickup and applies the pickup discount', async () => {
    const { user, dialog } = await openCartWith([colas]);
    await user.click(within(dialog).getByRole('radio', { name: 'Abholung' }));
    expect(useDelivery.getState().orderType).toBe('pickup');
    const expected = computeTotals({ items: [colas], discountPercent: 10, deliveryFee: 0 });
    expect(within(dialog).queryByText('Liefergebühr', { selector: 'dt' })).not.toBeInTheDocument();
    expect(amount(dialog, 'Abholrabatt (10 %)')).toBe(`−${euro(expected.discount)}`);
    expect(amount(dialog, /Gesamt/)).toBe(euro(expected.total));
    expect(within(dialog).queryByText(/Mindestbestellwert für/)).not.toBeInTheDocument();
    // Nobody is signed in: checkout opens the login modal (features/auth).
    expect(within(dialog).getByRole('button', { name: /Zur Kasse/ })).toBeEnabled();
  });

  it('writes a discount of 12.5 % with a decimal comma', async () => {
    useDelivery.setState({ orderType: 'pickup' });
    useCart.setState({ items: [colas] });
    const user = userEvent.setup();
    const halfPercent = [{ code: 'PICKUP_DISCOUNT', type: 'percentage', value: 12.5 }];
    vi.stubGlobal('fetch', vi.fn(apiStub({ '/api/discounts/13': halfPercent })));
    renderWithProviders(<CartButton />, {
      queryData: catalogueQueryData.map(([key, data]) => [key, key[0] === 'discounts' ? halfPercent : data]),
    });
    await user.click(screen.getByRole('button', { name: /^Warenkorb/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ihr Warenkorb' });
    const expected = computeTotals({ items: [colas], discountPercent: 12.5, deliveryFee: 0 });
    expect(amount(dialog, 'Abholrabatt (12,5 %)')).toBe(`−${euro(expected.discount)}`);
  });

  it('asks for a postcode when delivering without one', async () => {
    useDelivery.setState({ postcode: null });
    const { user, dialog } = await openCartWith([{ ...pizza, quantity: 3 }]);
    expect(within(dialog).getByText('Wohin sollen wir liefern? Wählen Sie Ihre Postleitzahl.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Zur Kasse/ })).toHaveAccessibleDescription(
      'Bitte wählen Sie zuerst Ihre Postleitzahl.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Postleitzahl wählen' }));
    expect(openPostcodePicker).toHaveBeenCalled();
    // The cart steps aside for the picker and comes back once a postcode is chosen.
    expect(useCartDialog.getState().open).toBe(false);
    act(() => useDelivery.getState().setPostcode(postcode10999));
    expect(useCartDialog.getState().open).toBe(true);
  });

  it('saves the order note as it is typed and counts its characters', async () => {
    const { user, dialog } = await openCartWith([colas]);
    const note = within(dialog).getByRole('textbox', { name: 'Anmerkung zur Bestellung' });
    await user.type(note, 'Hinterhof');
    expect(localStorage.getItem(ORDER_NOTE_KEY)).toBe('"Hinterhof"');
    expect(note).toHaveAccessibleDescription('9 / 500 Zeichen');
    expect(note).toHaveAttribute('maxLength', '500');
    await user.clear(note);
    expect(localStorage.getItem(ORDER_NOTE_KEY)).toBeNull();
  });

  it('shows an empty cart', async () => {
    const { dialog } = await openCartWith([]);
    expect(within(dialog).getByText('Ihr Warenkorb ist leer')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Zur Kasse/ })).not.toBeInTheDocument();
  });

  it('asks the product dialog to edit a line', async () => {
    const { user, dialog } = await openCartWith([pizza]);
    await user.click(within(dialog).getByRole('button', { name: 'Pizza Margherita (Mittel Ø 30 cm) bearbeiten' }));
    expect(useCartDialog.getState()).toMatchObject({ open: false, editRequest: pizza.uniqueKey });
  });
});

describe('a day without a free time', () => {
  const slotsPath = '/api/stores/13/slots?order_type=delivery&postcode=10999';
  const slots = (todayFree: boolean, laterFree: boolean) => ({
    asap_available: todayFree,
    asap_ready_at: null,
    slots: [],
    timezone: 'Europe/Berlin',
    date: '2026-11-22',
    days: [
      { date: '2026-11-22', available: todayFree },
      { date: '2026-11-23', available: laterFree },
    ],
  });

  it('says in the cart that today is fully booked, and that another day can be pre-ordered', async () => {
    vi.stubGlobal('fetch', vi.fn(apiStub({ [slotsPath]: slots(false, true) })));
    const { dialog } = await openCartWith([pizza]);
    expect(await within(dialog).findByText(/^Für heute sind alle Zeiten ausgebucht\./)).toHaveTextContent(
      'Für heute sind alle Zeiten ausgebucht. An der Kasse können Sie für einen anderen Tag vorbestellen.',
    );
  });

  it('names no pre-order when no other day has room', async () => {
    vi.stubGlobal('fetch', vi.fn(apiStub({ [slotsPath]: slots(false, false) })));
    const { dialog } = await openCartWith([pizza]);
    expect(await within(dialog).findByText('Für heute sind alle Zeiten ausgebucht.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/vorbestellen/)).not.toBeInTheDocument();
  });

  it('says nothing while today has room', async () => {
    const fetch = vi.fn(apiStub({ [slotsPath]: slots(true, true) }));
    vi.stubGlobal('fetch', fetch);
    const { dialog } = await openCartWith([pizza]);
    await vi.waitFor(() => expect(fetch.mock.calls.some(([input]) => String(input) === slotsPath)).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(dialog).queryByText(/ausgebucht/)).not.toBeInTheDocument();
  });
});

describe('a dish sold out today in the cart', () => {
  it('is named in its line, removed with one tap, and holds the checkout back until then', async () => {
    useCart.setState({ soldOut: [margherita.id] });
    const { user, dialog } = await openCartWith([pizza, colas]);
    const notice = within(dialog).getByText(`${pizza.displayName} ist heute ausverkauft`);
    expect(notice).toBeInTheDocument();
    const checkout = within(dialog).getByRole('button', { name: /Zur Kasse/ });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(
      `Heute ausverkauft: ${pizza.displayName}. Bitte entfernen Sie es zuerst.`,
    );

    await user.click(
      within(dialog).getByRole('button', {
        name: 'Aus dem Warenkorb entfernen',
        description: `${pizza.displayName} ist heute ausverkauft`,
      }),
    );
    expect(useCart.getState().items).toEqual([colas]);
    expect(within(dialog).queryByText(/ausverkauft/)).not.toBeInTheDocument();
  });
});

describe('a topping sold out today in the cart', () => {
  it('is named in its line with the way to edit it, and holds the checkout back until then', async () => {
    useCart.setState({ soldOutToppings: [108] });
    const { user, dialog } = await openCartWith([pizza, colas]);
    const notice = within(dialog).getByText('Rucola ist heute ausverkauft – bitte Position bearbeiten');
    expect(notice).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Zur Kasse/ })).toBeDisabled();
    await user.click(
      within(dialog).getByRole('button', {
        name: 'Position bearbeiten',
        description: 'Rucola ist heute ausverkauft – bitte Position bearbeiten',
      }),
    );
    // The menu's product dialog takes the line to edit; the cart steps aside for it.
    expect(useCartDialog.getState()).toMatchObject({ open: false, editRequest: pizza.uniqueKey });
  });

  it('says nothing for a line without the sold-out topping', async () => {
    useCart.setState({ soldOutToppings: [101] });
    const { dialog } = await openCartWith([pizza, colas]);
    expect(within(dialog).queryByText(/ausverkauft/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Zur Kasse/ })).toBeEnabled();
  });
});

describe('the cart after "order again"', () => {
  const changes = [
    { kind: 'price_changed', name: pizza.displayName, oldPrice: 1050, newPrice: 1190 },
    { kind: 'dish_gone', name: 'Tiramisu', reason: 'sold_out' },
    { kind: 'dish_gone', name: 'Pizza Vergangenheit', reason: 'not_offered' },
    { kind: 'size_gone', name: 'Pizza Tonno (Familie)', size: 'Familie' },
    { kind: 'topping_removed', name: pizza.displayName, topping: 'Salami', reason: 'sold_out' },
    { kind: 'topping_removed', name: pizza.displayName, topping: 'Ananas', reason: 'not_offered' },
    { kind: 'half_gone', name: '½ Salami | ½ Funghi (Groß)', half: 'Funghi', reason: 'sold_out' },
  ] as const;

  it('names every change in words, in German and English, until dismissed', async () => {
    useCart.setState({ reorder: { orderId: 5, changes } });
    const { user, dialog } = await openCartWith([pizza]);
    const notice = within(dialog).getByRole('status', { name: 'Bestellung Nr. 5 ist wieder im Warenkorb' });
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      `${pizza.displayName} kostet jetzt ${euro(1190)} statt ${euro(1050)}.`,
      'Tiramisu ist heute ausverkauft und fehlt.',
      'Pizza Vergangenheit gibt es nicht mehr und fehlt.',
      'Pizza Tonno (Familie): Die Größe „Familie“ gibt es nicht mehr, die Position fehlt.',
      `${pizza.displayName}: Salami ist heute ausverkauft – ohne hinzugefügt.`,
      `${pizza.displayName}: Ananas gibt es nicht mehr – ohne hinzugefügt.`,
      '½ Salami | ½ Funghi (Groß): Die Hälfte Funghi ist heute ausverkauft, die Pizza fehlt.',
    ]);
    await act(() => changeLanguage('en'));
    expect(await within(notice).findByText('Tiramisu is sold out today and was left out.')).toBeInTheDocument();
    expect(
      within(notice).getByText(`${pizza.displayName}: Salami is sold out today – added without it.`),
    ).toBeInTheDocument();
    await act(() => changeLanguage('de'));

    await user.click(
      within(notice).getByRole('button', {
        name: 'Hinweis ausblenden',
        description: 'Bestellung Nr. 5 ist wieder im Warenkorb',
      }),
    );
    expect(within(dialog).queryByText(/wieder im Warenkorb/)).not.toBeInTheDocument();
    expect(useCart.getState().reorder).toBeNull();
  });

  it('says when nothing changed, and when nothing could be put in the cart', async () => {
    useCart.setState({ reorder: { orderId: 5, changes: [] } });
    const { dialog } = await openCartWith([pizza]);
    expect(within(dialog).getByText('Alles wie beim letzten Mal, zu den heutigen Preisen.')).toBeInTheDocument();
    act(() => useCart.setState({ items: [], reorder: { orderId: 5, changes: [changes[1]] } }));
    expect(within(dialog).getByText('Davon ist heute leider nichts bestellbar:')).toBeInTheDocument();
    expect(within(dialog).getByText('Tiramisu ist heute ausverkauft und fehlt.')).toBeInTheDocument();
  });
});
