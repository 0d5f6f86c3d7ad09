import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem, computeTotals, formatMoney, type TimeSlots, type VoucherCheck } from '@pizzeria/domain';
import { i18n } from '../../i18n/index.ts';
import { renderPage } from '../../lib/testing.tsx';
import { isOrderPlaced, useCart, discountsQueryOptions } from '../cart/index.ts';
import { applyVoucher, removeVoucher } from '../cart/test-voucher.ts';
import { useDelivery } from '../delivery/index.ts';
import { cola, discounts, margherita, salad } from '../menu/test-catalogue.ts';
import { testOrder } from '../orders/test-order.ts';
import { useSessionStore } from '../session/index.ts';
import { useStoreStatus } from '../store-status/index.ts';
import { testStoreQuery } from '../store/test-store.ts';
import CheckoutRoute, { CheckoutPage } from './checkout-page.tsx';
import { useGuestDetails } from './guest-details-store.ts';
import { startCheckout, stubFetch, type FakeAnswer } from './test-checkout.ts';
import { TIME_SELECTION_KEY, readTimeSelection } from './time-selection.ts';

const pizza = buildCartItem(margherita, { variantId: 42, extras: [{ id: 101, quantity: 1 }], quantity: 2 });
const bowl = buildCartItem(salad, { variantId: null, extras: [], quantity: 1 });

const openSlots: TimeSlots = {
  asap_available: true,
  asap_ready_at: '2026-11-22T18:40:00.000Z',
  slots: [
    { time: '2026-11-22T19:00:00.000Z', label: '20:00' },
    { time: '2026-11-22T19:15:00.000Z', label: '20:15' },
  ],
  timezone: 'Europe/Berlin',
  date: '2026-11-22',
  days: [{ date: '2026-11-22', available: true }],
};

type Answer = FakeAnswer;
let answers: Record<string, Answer[]>;
const calls: { url: string; init: RequestInit | undefined }[] = [];

function answer(key: string, ...list: Answer[]) {
  answers[key] = list;
}

beforeEach(async () => {
  await startCheckout({ items: [pizza, bowl], note: 'Bitte klingeln' }, { line2: '3. OG' });
  useCart.setState({ soldOut: [] });
  sessionStorage.clear();
  calls.length = 0;
  answers = {};
  stubFetch(calls, (input) => {
    const key = Object.keys(answers).find((prefix) => input.startsWith(prefix));
    return key ? answers[key] : undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '');
});

function renderCheckout(ui = <CheckoutPage guest customerAddressId={null} />) {
  return renderPage(ui, {
    route: '/checkout',
    exits: {
      '/order/:id': 'order page reached',
      '/guest-login': 'guest form reached',
      '/update-address': 'address page reached',
    },
    queryData: [testStoreQuery, [discountsQueryOptions().queryKey, discounts]],
  });
}

describe('checkout guard', () => {
  it('sends a visitor who did not come from the guest form to /guest-login', () => {
    renderCheckout(<CheckoutRoute />);
    expect(screen.getByText('guest form reached')).toBeInTheDocument();
  });

  it('sends a signed-in customer who did not come from the address page to /update-address', () => {
    useSessionStore.setState({ user: { customer_name: 'Anna' }, token: 't', loading: false });
    renderCheckout(<CheckoutRoute />);
    expect(screen.getByText('address page reached')).toBeInTheDocument();
  });

  it('lets a guest in who came from the guest form', async () => {
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    window.history.replaceState({ checkoutFrom: 'guest-login' }, '');
    renderCheckout(<CheckoutRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kasse' })).toBeInTheDocument();
  });
});

describe('checkout page', () => {
  it('shows the totals exactly as the domain computes them, with VAT per rate', async () => {
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    renderCheckout();
    const totals = computeTotals({ items: [pizza, bowl], discountPercent: 5, deliveryFee: 250 });
    // The page's text is whitespace-normalised, the formatter uses a no-break space.
    const money = (cents: number) => formatMoney(cents, 'de-DE', 'EUR').replace(/\s/g, ' ');
    const summary = screen.getByRole('region', { name: 'Ihre Bestellung' });
    expect(summary).toHaveTextContent(money(totals.subtotal));
    expect(summary).toHaveTextContent(`Lieferrabatt (5 %)−${money(totals.discount)}`);
    expect(summary).toHaveTextContent(`Liefergebühr${money(250)}`);
    expect(summary).toHaveTextContent(`Gesamt${money(totals.total)}`);
    expect(totals.vat.length).toBeGreaterThan(0);
    for (const share of totals.vat)
      expect(summary).toHaveTextContent(`enthaltene MwSt. ${share.rate} %${money(share.amount)}`);
    expect(summary).toHaveTextContent('Bitte klingeln');
    expect(summary).toHaveTextContent('Salami');
    expect(await screen.findByLabelText(/So schnell wie möglich/)).toBeChecked();
    expect(screen.getByText('voraussichtlich um 19:40 bei Ihnen')).toBeInTheDocument();
    expect(screen.getByLabelText(/Barzahlung/)).toBeChecked();
    // Without PayPal configured on the server (no payment methods here), only cash is offered.
    expect(screen.queryByLabelText(/PayPal/)).not.toBeInTheDocument();
  });

  it('adds the bottle deposits as their own line, outside the discount and the goods (decision 016)', async () => {
    const colas = buildCartItem(cola, { variantId: null, extras: [], quantity: 3 });
    useCart.setState({ items: [pizza, colas] });
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    renderCheckout();
    const totals = computeTotals({ items: [pizza, colas], discountPercent: 5, deliveryFee: 250 });
    const money = (cents: number) => formatMoney(cents, 'de-DE', 'EUR').replace(/\s/g, ' ');
    const summary = screen.getByRole('region', { name: 'Ihre Bestellung' });
    expect(totals.deposit).toBe(24);
    const colaLine = within(summary).getByText('3 × Cola 0,33 l').closest('li');
    expect(colaLine).toHaveTextContent(`3 × Cola 0,33 l${money(870)}zzgl. ${money(24)} Pfand`);
    expect(summary).toHaveTextContent(`Zwischensumme${money(totals.subtotal)}`);
    expect(summary).toHaveTextContent(`Pfand${money(24)}`);
    expect(summary).toHaveTextContent(`Gesamt${money(totals.total)}`);
  });

  it("says 'No available time slots' and cannot place an order then", async () => {
    answer('/api/stores/13/slots', {
      status: 200,
      body: { ...openSlots, asap_available: false, asap_ready_at: null, slots: [] },
    });
    renderCheckout();
    expect(await screen.findByText('Keine verfügbaren Zeitfenster')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeDisabled();
  });

  it('places a pickup guest’s order with only a name and a phone, without a street', async () => {
    useDelivery.setState({ orderType: 'pickup', postcode: null });
    useGuestDetails.setState({
      details: {
        customer_name: 'Anna',
        phone: '030123456',
        email: '',
        street: '',
        house_number: '',
        line2: '',
        postcode: '',
      },
    });
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    answer('/api/orders/guest', { status: 201, body: testOrder });
    renderCheckout();
    expect(await screen.findByLabelText(/So schnell wie möglich/)).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/orders/guest')).toBe(true));
    const order = calls.find((call) => call.url === '/api/orders/guest');
    const body = JSON.parse(String(order?.init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      order_type: 'pickup',
      postcode: null,
      address: { type: 'shipping', customer_name: 'Anna', line1: '', line2: null, city: '', zip: '' },
    });
  });

  it('asks for a valid time when the slot filled up, reloads the slots and keeps the same order', async () => {
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    answer('/api/orders/guest', { status: 409, body: { code: 'slot_full', message: 'voll' } });
    renderCheckout();
    await userEvent.selectOptions(await screen.findByLabelText('Uhrzeit'), '20:15');
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByText('Bitte wählen Sie eine gültige Zeit.')).toBeInTheDocument();
    expect(
      screen.getByText('Diese Zeit ist inzwischen ausgebucht. Bitte wählen Sie eine andere Zeit.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/api/stores/13/slots'))).toHaveLength(2));
    const order = calls.find((call) => call.url === '/api/orders/guest');
    const body = JSON.parse(String(order?.init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      store_id: 13,
      order_type: 'delivery',
      postcode: '10115',
      requested_time: '2026-11-22T19:15:00.000Z',
      payment_method: 'cash',
      note: 'Bitte klingeln',
      // The town is the chosen delivery area's.
      address: {
        type: 'shipping',
        customer_name: 'Anna',
        phone: '030123456',
        line1: 'Torstraße 1',
        city: 'Berlin',
        zip: '10115',
      },
      items: [
        { product_id: margherita.id, variant_id: 42, quantity: 2, extras: [{ id: 101, quantity: 1 }] },
        { product_id: salad.id, variant_id: null, quantity: 1, extras: [] },
      ],
    });
    expect(new Headers(order?.init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('translates an error code in English', async () => {
    await i18n.changeLanguage('en');
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    answer('/api/orders/guest', { status: 422, body: { code: 'below_minimum_order', message: 'x' } });
    renderCheckout();
    await screen.findByLabelText(/As soon as possible/);
    await userEvent.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The minimum order for your postcode has not been reached yet.',
    );
  });

  it('retries a lost request with the same Idempotency-Key, then opens the order page', async () => {
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    answer(
      '/api/orders/guest',
      { status: 503, body: { code: 'internal_error', message: 'x' } },
      { status: 201, body: testOrder },
    );
    renderCheckout();
    await screen.findByLabelText(/So schnell wie möglich/);
    const place = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    await userEvent.click(place);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Verbindung/);
    await userEvent.click(place);
    expect(await screen.findByText('order page reached')).toBeInTheDocument();
    const keys = calls
      .filter((call) => call.url === '/api/orders/guest')
      .map((call) => new Headers(call.init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(isOrderPlaced()).toBe(true);
  });
});

describe('the time choice', () => {
  it('is kept across a reload, and forgotten once the order is placed', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-22T18:30:00.000Z'));
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    answer('/api/orders/guest', { status: 201, body: testOrder });
    const before = renderCheckout();
    await userEvent.selectOptions(await screen.findByLabelText('Uhrzeit'), '20:15');
    before.unmount();

    renderCheckout();
    expect(await screen.findByLabelText('Uhrzeit')).toHaveDisplayValue('20:15');
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByText('order page reached')).toBeInTheDocument();
    const order = calls.find((call) => call.url === '/api/orders/guest');
    expect(JSON.parse(String(order?.init?.body))).toMatchObject({ requested_time: '2026-11-22T19:15:00.000Z' });
    expect(sessionStorage.getItem(TIME_SELECTION_KEY)).toBeNull();
  });

  it('forgets a slot that has begun since', () => {
    sessionStorage.setItem(TIME_SELECTION_KEY, JSON.stringify({ mode: 'slot', slot: '2026-11-22T19:15:00.000Z' }));
    expect(readTimeSelection(Date.parse('2026-11-22T19:00:00.000Z'))).toEqual({
      mode: 'slot',
      slot: '2026-11-22T19:15:00.000Z',
      date: null,
    });
    const none = { mode: null, slot: '', date: null };
    expect(readTimeSelection(Date.parse('2026-11-22T19:15:00.000Z'))).toEqual(none);
    sessionStorage.setItem(TIME_SELECTION_KEY, '{"mode":"later"}');
    expect(readTimeSelection()).toEqual(none);
    sessionStorage.setItem(TIME_SELECTION_KEY, JSON.stringify({ mode: 'asap', slot: '', date: '2026-11-22' }));
    expect(readTimeSelection()).toEqual({ mode: 'asap', slot: '', date: '2026-11-22' });
  });

  it('offers the first day with room when today has none, and places a pre-order for it', async () => {
    const days = [
      { date: '2026-11-22', available: false },
      { date: '2026-11-23', available: true },
      { date: '2026-11-24', available: true },
    ];
    const closedToday = { ...openSlots, asap_available: false, asap_ready_at: null, slots: [], days };
    const slotsOf = (date: string, time: string, label: string) => ({
      ...closedToday,
      date,
      slots: [{ time, label }],
    });
    const query = '/api/stores/13/slots?order_type=delivery&postcode=10115';
    // The most specific answers first: the fake fetch takes the first prefix that matches.
    answer(`${query}&date=2026-11-23`, {
      status: 200,
      body: slotsOf('2026-11-23', '2026-11-23T10:30:00.000Z', '11:30'),
    });
    answer(`${query}&date=2026-11-24`, {
      status: 200,
      body: slotsOf('2026-11-24', '2026-11-24T16:00:00.000Z', '17:00'),
    });
    answer('/api/stores/13/slots', { status: 200, body: closedToday });
    answer('/api/orders/guest', { status: 201, body: testOrder });
    renderCheckout();

    const tomorrow = await screen.findByRole('radio', { name: /Morgen/ });
    await waitFor(() => expect(tomorrow).toBeChecked());
    expect(screen.getByRole('radio', { name: /Heute/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Heute/ })).toHaveAccessibleName(/ausgebucht/);
    expect(screen.queryByLabelText(/So schnell wie möglich/)).not.toBeInTheDocument();
    expect(screen.getByText('Zu einer Uhrzeit')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /^Di/ }));
    expect(await screen.findByRole('option', { name: '17:00' })).toBeInTheDocument();
    await userEvent.click(tomorrow);
    await userEvent.selectOptions(await screen.findByLabelText('Uhrzeit'), '11:30');
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByText('order page reached')).toBeInTheDocument();
    const order = calls.find((call) => call.url === '/api/orders/guest');
    expect(JSON.parse(String(order?.init?.body))).toMatchObject({ requested_time: '2026-11-23T10:30:00.000Z' });
  });
});

describe('checkout with a dish sold out today', () => {
  it('names it, holds the order button back with the reason, and lets it go with one tap', async () => {
    useCart.setState({ soldOut: [salad.id] });
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    renderCheckout();
    expect(await screen.findByLabelText(/So schnell wie möglich/)).toBeChecked();
    expect(screen.getByText(`${bowl.displayName} ist heute ausverkauft`)).toBeInTheDocument();
    const place = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(`Heute ausverkauft: ${bowl.displayName}. Bitte entfernen Sie es zuerst.`);

    await userEvent.click(
      screen.getByRole('button', {
        name: 'Aus dem Warenkorb entfernen',
        description: `${bowl.displayName} ist heute ausverkauft`,
      }),
    );
    expect(useCart.getState().items).toEqual([pizza]);
    expect(screen.queryByText(/ausverkauft/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeEnabled();
  });

  it('shows the refusal naming the dish when it sold out just before the order button', async () => {
    const message = `${bowl.displayName} ist heute ausverkauft. Bitte entfernen Sie es aus dem Warenkorb.`;
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    answer('/api/orders/guest', { status: 422, body: { code: 'product_unavailable', message } });
    renderCheckout();
    expect(await screen.findByLabelText(/So schnell wie möglich/)).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('checkout on a closed day', () => {
  it('says a closure day is closed, with the reason staff gave, not that its times are taken', async () => {
    const days = [
      { date: '2026-11-22', available: true },
      { date: '2026-11-23', available: false, no_times: 'closed' as const, closure_reason: 'Betriebsferien' },
      { date: '2026-11-24', available: false, no_times: 'closed' as const },
      { date: '2026-11-25', available: false, no_times: 'full' as const },
    ];
    answer('/api/stores/13/slots', { status: 200, body: { ...openSlots, days } });
    renderCheckout();

    const tomorrow = await screen.findByRole('radio', { name: /Morgen/ });
    expect(tomorrow).toBeDisabled();
    expect(tomorrow).toHaveAccessibleName(/geschlossen/);
    expect(screen.getByText('Morgen 23.11.: geschlossen – Betriebsferien')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Di/ })).toHaveAccessibleName(/geschlossen/);
    expect(screen.getByRole('radio', { name: /^Mi/ })).toHaveAccessibleName(/ausgebucht/);
    expect(screen.queryByText(/keine Zeiten frei/)).not.toBeInTheDocument();
  });

  it('says today is closed, with its reason, when there is no other day to choose', async () => {
    const closedToday = {
      ...openSlots,
      asap_available: false,
      asap_ready_at: null,
      slots: [],
      days: [{ date: '2026-11-22', available: false, no_times: 'closed' as const, closure_reason: 'Inventur' }],
    };
    answer('/api/stores/13/slots', { status: 200, body: closedToday });
    renderCheckout();
    expect(await screen.findByText('Heute 22.11.: geschlossen – Inventur')).toBeInTheDocument();
    expect(screen.queryByText('Keine verfügbaren Zeitfenster')).not.toBeInTheDocument();
  });
});

describe('checkout and the live store status', () => {
  const slotCalls = () => calls.filter((call) => call.url.startsWith('/api/stores/13/slots'));

  it('offers no "as soon as possible" while the restaurant is closed, only the later slots', async () => {
    useStoreStatus.setState({ status: { kind: 'opens_at', time: '20:00' } });
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    renderCheckout();
    expect(await screen.findByLabelText('Uhrzeit')).toBeInTheDocument();
    expect(screen.queryByLabelText(/So schnell wie möglich/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Zu einer Uhrzeit heute' })).toBeChecked();
    expect(screen.getByText(/Gerade nehmen wir keine Bestellungen für sofort an/)).toBeInTheDocument();
  });

  it('takes "as soon as possible" away while the connection is restored, and says that is why', async () => {
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    renderCheckout();
    await userEvent.click(await screen.findByLabelText(/So schnell wie möglich/));
    act(() => useStoreStatus.setState({ status: { kind: 'reconnecting' } }));
    expect(screen.queryByLabelText(/So schnell wie möglich/)).not.toBeInTheDocument();
    expect(screen.getByText(/Die Verbindung zum Restaurant wird wiederhergestellt/)).toBeInTheDocument();
    expect(screen.queryByText(/Gerade nehmen wir keine Bestellungen/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByText(/Die Verbindung zum Restaurant war kurz weg/)).toBeInTheDocument();
    expect(screen.queryByText('Bitte wählen Sie eine gültige Zeit.')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/orders/guest')).toBe(false);

    await userEvent.selectOptions(screen.getByLabelText('Uhrzeit'), '20:15');
    expect(screen.queryByText(/Die Verbindung zum Restaurant war kurz weg/)).not.toBeInTheDocument();
  });

  it('does not promise "as soon as possible" back after a reconnect when the restaurant did not offer it', async () => {
    answer('/api/stores/13/slots', {
      status: 200,
      body: { ...openSlots, asap_available: false, asap_ready_at: null },
    });
    useStoreStatus.setState({ status: { kind: 'reconnecting' } });
    renderCheckout();
    expect(await screen.findByLabelText('Uhrzeit')).toBeInTheDocument();
    expect(screen.getByText(/Gerade nehmen wir keine Bestellungen für sofort an/)).toBeInTheDocument();
    expect(screen.queryByText(/wird wiederhergestellt/)).not.toBeInTheDocument();
  });

  it('lets the customer order "as soon as possible" once the connection is back, without a stale message', async () => {
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    answer('/api/orders/guest', { status: 201, body: testOrder });
    renderCheckout();
    await userEvent.click(await screen.findByLabelText(/So schnell wie möglich/));
    act(() => useStoreStatus.setState({ status: { kind: 'reconnecting' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByText(/Die Verbindung zum Restaurant war kurz weg/)).toBeInTheDocument();

    act(() => useStoreStatus.setState({ status: { kind: 'open', closesAt: '22:00' } }));
    expect(screen.getByLabelText(/So schnell wie möglich/)).toBeChecked();
    expect(screen.queryByText(/Die Verbindung zum Restaurant war kurz weg/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByText('order page reached')).toBeInTheDocument();
    const order = calls.find((call) => call.url === '/api/orders/guest');
    expect(JSON.parse(String(order?.init?.body))).toMatchObject({ requested_time: 'asap' });
  });

  it('offers "as soon as possible" again once the restaurant is open', async () => {
    useStoreStatus.setState({ status: { kind: 'paused', until: null } });
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    renderCheckout();
    await screen.findByLabelText('Uhrzeit');
    act(() => useStoreStatus.setState({ status: { kind: 'open', closesAt: '22:00' } }));
    expect(screen.getByLabelText(/So schnell wie möglich/)).toBeChecked();
  });

  it('says orders are held back for now, not over for today, when only "as soon as possible" was on offer', async () => {
    answer('/api/stores/13/slots', { status: 200, body: { ...openSlots, slots: [] } });
    renderCheckout();
    await screen.findByLabelText(/So schnell wie möglich/);
    act(() => useStoreStatus.setState({ status: { kind: 'paused', until: null } }));
    expect(screen.getByText('Keine verfügbaren Zeitfenster')).toBeInTheDocument();
    expect(screen.getByText(/Sobald es wieder geht/)).toBeInTheDocument();
    expect(screen.queryByText(/Heute ist keine Bestellung mehr möglich/)).not.toBeInTheDocument();
    // The connection, not the restaurant: said so.
    act(() => useStoreStatus.setState({ status: { kind: 'reconnecting' } }));
    expect(screen.getByText(/Die Verbindung zum Restaurant wird wiederhergestellt/)).toBeInTheDocument();
    expect(screen.queryByText(/Heute ist keine Bestellung mehr möglich/)).not.toBeInTheDocument();

    act(() => useStoreStatus.setState({ status: { kind: 'open', closesAt: '22:00' } }));
    expect(screen.getByLabelText(/So schnell wie möglich/)).toBeChecked();
  });

  it('asks the server for the slots again when the live offer changes', async () => {
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    renderCheckout();
    await screen.findByLabelText(/So schnell wie möglich/);
    expect(slotCalls()).toHaveLength(1);
    act(() => useStoreStatus.setState({ status: { kind: 'open', closesAt: '22:00' } }));
    expect(slotCalls()).toHaveLength(1);
    answer('/api/stores/13/slots', {
      status: 200,
      body: { ...openSlots, asap_available: false, asap_ready_at: null, slots: [] },
    });
    act(() => useStoreStatus.setState({ status: { kind: 'paused', until: null }, revision: 1 }));
    await waitFor(() => expect(slotCalls()).toHaveLength(2));
    expect(await screen.findByText('Keine verfügbaren Zeitfenster')).toBeInTheDocument();
  });
});

describe('checkout with a voucher', () => {
  const voucher: VoucherCheck = {
    id: 3,
    code: 'WILLKOMMEN',
    kind: 'amount',
    percentage: null,
    amount: 2.5,
    minimum_order_amount: 0,
    valid_from: null,
    valid_until: null,
    order_types: 'both',
    combines_with_discount: true,
    refusal: null,
  };

  afterEach(() => removeVoucher());

  it('checks a kept code with the guest’s phone, shows it in the totals and sends its code with the order', async () => {
    applyVoucher(voucher);
    answer('/api/stores/13/vouchers/check', { status: 200, body: voucher });
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    answer('/api/orders/guest', { status: 201, body: testOrder });
    renderCheckout();
    await screen.findByLabelText(/So schnell wie möglich/);
    expect(await screen.findByText('Sie sparen 2,50 €.')).toBeInTheDocument();
    expect(screen.getByText('Gutschein WILLKOMMEN', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '−2,50 €',
    );
    const check = calls.find((call) => call.url === '/api/stores/13/vouchers/check');
    expect(JSON.parse(String(check?.init?.body))).toMatchObject({ code: 'WILLKOMMEN', phone: '030 123456' });
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/orders/guest')).toBe(true));
    const order = calls.find((call) => call.url === '/api/orders/guest');
    expect(JSON.parse(String(order?.init?.body))).toMatchObject({ voucher_code: 'WILLKOMMEN' });
  });

  it('shows a voucher refused with the order at its field, keeping the form', async () => {
    applyVoucher(voucher);
    answer('/api/stores/13/vouchers/check', { status: 200, body: voucher });
    answer('/api/stores/13/slots', { status: 200, body: openSlots });
    answer('/api/orders/guest', { status: 422, body: { code: 'voucher_used_up', message: 'aufgebraucht' } });
    renderCheckout();
    await userEvent.selectOptions(await screen.findByLabelText('Uhrzeit'), '20:15');
    await screen.findByText('Sie sparen 2,50 €.');
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByText('Dieser Gutschein ist bereits aufgebraucht.')).toBeInTheDocument();
    expect(screen.queryByText('Gutschein WILLKOMMEN', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Uhrzeit')).toHaveDisplayValue('20:15');
    // Without the voucher the order goes without its code.
    await userEvent.click(screen.getByRole('button', { name: 'Gutschein WILLKOMMEN entfernen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/orders/guest')).toHaveLength(2));
    const retry = calls.filter((call) => call.url === '/api/orders/guest')[1];
    expect(JSON.parse(String(retry?.init?.body))).toMatchObject({ voucher_code: null });
  });
});
