import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { Order } from '@pizzeria/domain';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/index.ts';
import { installFakeSockets } from '../../lib/test-socket.ts';
import { createTestQueryClient, renderWithProviders } from '../../lib/testing.tsx';
import { useCart, useCartDialog } from '../cart/index.ts';
import { useDelivery } from '../delivery/index.ts';
import { productsQueryOptions } from '../menu/index.ts';
import { products } from '../menu/test-catalogue.ts';
import { paymentMethodsQueryOptions } from '../payments/index.ts';
import { approvePayPal, clickPayPal, fakePayPal, resetFakePayPal } from '../payments/test-paypal.tsx';
import { useSessionStore } from '../session/index.ts';
import { useStoreStatus } from '../store-status/index.ts';
import { testStoreQuery } from '../store/test-store.ts';
import { ORDER_FALLBACK_POLL_MS, fallbackPollInterval } from './api/get-order.ts';
import OrderPage from './order-page.tsx';
import { testOrder } from './test-order.ts';

vi.mock('@paypal/react-paypal-js', () => import('../payments/test-paypal.tsx'));

let current: { status: number; body: unknown };
const urls: string[] = [];
let fake: ReturnType<typeof installFakeSockets>;

beforeEach(async () => {
  await i18n.changeLanguage('de');
  urls.length = 0;
  fake = installFakeSockets();
  useSessionStore.setState({ user: null, token: null, loading: false });
  useStoreStatus.setState({ status: { kind: 'connecting' }, revision: 0 });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      urls.push(input);
      return Promise.resolve(new Response(JSON.stringify(current.body), { status: current.status }));
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  fake.restore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The test order is placed on 2026-11-22: the page words that day's times as today's. */
function onTheOrdersDay() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T17:00:00Z'));
}

function renderOrder(order: Partial<Order>, route = '/order/5?token=secret-token') {
  current = { status: 200, body: { ...testOrder, ...order } };
  return renderWithProviders(<Route path="/order/:id" component={OrderPage} />, { route, queryData: [testStoreQuery] });
}

describe('order page', () => {
  it('shows a waiting order with its lines and totals, asked for with the tracking token', async () => {
    renderOrder({ status: 'waiting' });
    expect(await screen.findByText('Warten auf die Bestätigung des Restaurants')).toBeInTheDocument();
    expect(urls[0]).toBe('/api/orders/5?token=secret-token');
    expect(screen.getByRole('heading', { level: 1, name: 'Bestellung Nr. 5' })).toBeInTheDocument();
    expect(screen.getByText('2 × Pizza Margherita (Mittel Ø 30 cm)')).toBeInTheDocument();
    expect(screen.getByText(/Gesamt/).parentElement).toHaveTextContent(/Gesamt25,30\s€/);
  });

  it('says a waiting order is seen now while open, and confirmed at opening while closed', async () => {
    useStoreStatus.setState({ status: { kind: 'open', closesAt: '22:00' } });
    renderOrder({ status: 'waiting' });
    expect(await screen.findByText(/^Das Restaurant sieht Ihre Bestellung jetzt\./)).toBeInTheDocument();
    cleanup();
    useStoreStatus.setState({ status: { kind: 'closed_today', reopens: { date: '2026-11-23', time: '11:30' } } });
    renderOrder({ status: 'waiting' });
    expect(await screen.findByText(/bestätigt Ihre Bestellung, sobald es öffnet\./)).toBeInTheDocument();
    cleanup();
    // Paused: staff are there.
    useStoreStatus.setState({ status: { kind: 'paused', until: null } });
    renderOrder({ status: 'waiting' });
    expect(await screen.findByText(/^Das Restaurant sieht Ihre Bestellung jetzt\./)).toBeInTheDocument();
  });

  it('shows a line’s deposit under its price and the deposits in their own row (decision 016)', async () => {
    const [pizza] = testOrder.items;
    if (!pizza) throw new Error('the test order has no line');
    const cola = {
      ...pizza,
      product_id: 29,
      variant_id: null,
      name: 'Cola 0,33 l',
      variant_name: null,
      display_name: 'Cola 0,33 l',
      price: 2.9,
      quantity: 2,
      extras: [],
      tax_percentage: 19,
      line_total: 5.8,
      deposit: 0.08,
      deposit_total: 0.16,
    };
    renderOrder({ items: [pizza, cola], subtotal: 29.8, deposit: 0.16, total: 31.26 });
    const line = (await screen.findByText('2 × Cola 0,33 l')).closest('li');
    expect(line).toHaveTextContent(/5,80\s€zzgl\. 0,16\s€ Pfand/);
    expect(screen.getByText('Pfand', { selector: 'dt' }).parentElement).toHaveTextContent(/Pfand0,16\s€/);
    expect(screen.getByText(/Gesamt/).parentElement).toHaveTextContent(/Gesamt31,26\s€/);
  });

  it('writes the discount’s and the VAT’s percentages with a decimal comma in German, a point in English', async () => {
    const order: Partial<Order> = {
      status: 'waiting',
      order_type: 'pickup',
      delivery_fee: 0,
      discount_code: 'PICKUP_DISCOUNT',
      discount_percentage: 12.5,
      vat: [{ percentage: 5.5, amount: 1.2 }],
    };
    const view = renderOrder(order);
    expect(await screen.findByText('Abholrabatt (12,5 %)')).toBeInTheDocument();
    expect(screen.getByText('enthaltene MwSt. 5,5 %')).toBeInTheDocument();
    view.unmount();

    await i18n.changeLanguage('en');
    renderOrder(order);
    expect(await screen.findByText('Pickup discount (12.5 %)')).toBeInTheDocument();
    expect(screen.getByText('incl. VAT 5.5 %')).toBeInTheDocument();
  });

  it('shows the whole delivery address a driver needs: street, extra line, postcode and town', async () => {
    renderOrder({ status: 'waiting', order_type: 'delivery' });
    const details = await screen.findByText('Torstraße 1, 3. OG', { exact: false });
    expect(details).toHaveTextContent(/Torstraße 1, 3\. OG\s*10115 Berlin/);
  });

  it('shows the phone number as people read it: German in national form, any other international', async () => {
    renderOrder({ phone: '+4917012345678' });
    expect(await screen.findByText('0170 12345678', { exact: false })).toBeInTheDocument();
    cleanup();
    renderOrder({ phone: '+431234567' });
    expect(await screen.findByText('+43 1 234567', { exact: false })).toBeInTheDocument();
  });

  it('shows an accepted order with its ETA in the store time zone', async () => {
    onTheOrdersDay();
    renderOrder({ status: 'accepted', eta_minutes: 30, eta_at: '2026-11-22T18:30:00.000Z' });
    expect(await screen.findByText('Das Restaurant hat Ihre Bestellung angenommen')).toBeInTheDocument();
    expect(screen.getByText('Voraussichtlich um 19:30 bei Ihnen.')).toBeInTheDocument();
  });

  it('names the day of a pre-order for another day, in German and English', async () => {
    onTheOrdersDay();
    const preorder = { requested_time: '2026-11-24T11:00:00.000Z', promised_at: '2026-11-24T11:00:00.000Z' };
    renderOrder({ ...preorder, status: 'accepted', order_type: 'pickup' });
    expect(await screen.findByText('Voraussichtlich am Di., 24.11. um 12:00 abholbereit.')).toBeInTheDocument();
    expect(screen.getByText('Di., 24.11., 12:00')).toBeInTheDocument();
    cleanup();
    await i18n.changeLanguage('en');
    renderOrder({ ...preorder, status: 'accepted', order_type: 'delivery' });
    expect(await screen.findByText('Expected at your door on Tue 24/11 at 12:00.')).toBeInTheDocument();
  });

  it("says in English that the restaurant couldn't accept, with the reason", async () => {
    await i18n.changeLanguage('en');
    renderOrder({ status: 'rejected', rejection_reason: 'Kitchen closed early' });
    expect(await screen.findByText("Sorry, the restaurant couldn't accept your order")).toBeInTheDocument();
    expect(screen.getByText('Reason: Kitchen closed early')).toBeInTheDocument();
  });

  it('offers a guest with the tracking link their data rights, and a signed-in customer (the account has them) not', async () => {
    renderOrder({ status: 'completed' });
    const guest = await screen.findByRole('region', { name: 'Ihre Daten' });
    expect(within(guest).getByRole('button', { name: 'Meine Daten herunterladen' })).toBeInTheDocument();
    expect(within(guest).getByRole('button', { name: 'Meine Daten löschen' })).toBeInTheDocument();
    cleanup();
    useSessionStore.setState({ user: { customer_name: 'Anna' }, token: 'owner-jwt', loading: false });
    renderOrder({ status: 'completed' }, '/order/5');
    expect(await screen.findByText('Ihre Bestellung ist abgeschlossen')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ihre Daten' })).not.toBeInTheDocument();
  });

  it('says the link is not valid for a wrong token', async () => {
    current = { status: 404, body: { code: 'not_found', message: 'x' } };
    renderWithProviders(<Route path="/order/:id" component={OrderPage} />, {
      route: '/order/5?token=wrong',
      queryData: [testStoreQuery],
      queryClient: createTestQueryClient(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Bestellung wurde nicht gefunden');
  });

  it('says how long to wait when this connection tried too many wrong links', async () => {
    const message =
      'Von Ihrem Anschluss wurden gerade zu viele Bestellungen mit falschem Link aufgerufen. Bitte versuchen Sie es in 42 Minuten erneut.';
    current = { status: 429, body: { code: 'too_many_requests', message } };
    renderWithProviders(<Route path="/order/:id" component={OrderPage} />, {
      route: '/order/5?token=right',
      queryData: [testStoreQuery],
      queryClient: createTestQueryClient(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('asks over HTTP only while the live channel is down, every 30 s, and never once finished', () => {
    expect(fallbackPollInterval({ status: 'waiting', payment_status: null }, false)).toBe(ORDER_FALLBACK_POLL_MS);
    expect(ORDER_FALLBACK_POLL_MS).toBe(30_000);
    expect(fallbackPollInterval(undefined, false)).toBe(30_000);
    expect(fallbackPollInterval({ status: 'waiting', payment_status: null }, true)).toBe(false);
    // An accepted or ready order still changes (ready, completed, cancelled).
    expect(fallbackPollInterval({ status: 'accepted', payment_status: null }, false)).toBe(30_000);
    expect(fallbackPollInterval({ status: 'ready', payment_status: null }, false)).toBe(30_000);
    expect(fallbackPollInterval({ status: 'rejected', payment_status: null }, false)).toBe(false);
    expect(fallbackPollInterval({ status: 'completed', payment_status: null }, false)).toBe(false);
    expect(fallbackPollInterval({ status: 'cancelled', payment_status: null }, false)).toBe(false);
    // A rejected PayPal order is still refunded: followed until the refund is through.
    expect(fallbackPollInterval({ status: 'rejected', payment_status: 'refund_pending' }, false)).toBe(30_000);
    expect(fallbackPollInterval({ status: 'rejected', payment_status: 'refund_failed' }, false)).toBe(30_000);
    expect(fallbackPollInterval({ status: 'expired', payment_status: 'pending' }, false)).toBe(30_000);
    expect(fallbackPollInterval({ status: 'rejected', payment_status: 'refunded' }, false)).toBe(false);
    expect(fallbackPollInterval({ status: 'expired', payment_status: 'unpaid' }, false)).toBe(false);
  });

  it('says a pickup is ready to collect, in German and English', async () => {
    renderOrder({ status: 'ready', order_type: 'pickup', eta_at: '2026-11-22T18:30:00.000Z' });
    expect(await screen.findByText('Ihre Bestellung ist abholbereit')).toBeInTheDocument();
    expect(screen.getByText('Sie wartet im Restaurant auf Sie. Guten Appetit!')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Your order is ready to collect')).toBeInTheDocument();
  });

  it("tells a pickup order where to collect it: the restaurant's address with a link to a map", async () => {
    renderOrder({ order_type: 'pickup' });
    const place = (await screen.findByText('Abholen bei')).nextElementSibling as HTMLElement;
    expect(place).toHaveTextContent('Pizzeria Bella Napoli');
    expect(place).toHaveTextContent('Kastanienallee 12, 10435 Berlin');
    const link = screen.getByRole('link', { name: 'Weg zum Restaurant (Karte)' });
    expect(link).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Kastanienallee%2012%2C%2010435%20Berlin',
    );
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByRole('link', { name: 'Directions (map)' })).toBeInTheDocument();
  });

  it('names no pickup place for a delivery', async () => {
    renderOrder({ order_type: 'delivery' });
    await screen.findByText(testOrder.customer_name, { exact: false });
    expect(screen.queryByText('Abholen bei')).not.toBeInTheDocument();
  });

  it('says a delivery is on its way, with the expected time', async () => {
    renderOrder({ status: 'ready', order_type: 'delivery', eta_at: '2026-11-22T18:30:00.000Z' });
    expect(await screen.findByText('Ihre Bestellung ist unterwegs')).toBeInTheDocument();
    expect(screen.getByText('Sie ist auf dem Weg zu Ihnen, voraussichtlich um 19:30 bei Ihnen.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Your order is on its way')).toBeInTheDocument();
    expect(screen.getByText('It is on its way to you, expected at your door at 19:30.')).toBeInTheDocument();
  });

  it('says a completed order is complete', async () => {
    renderOrder({ status: 'completed' });
    expect(await screen.findByText('Ihre Bestellung ist abgeschlossen')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Your order is complete')).toBeInTheDocument();
  });

  it('says a cancelled order was cancelled, with the reason and an apology', async () => {
    renderOrder({ status: 'cancelled', cancellation_reason: 'Der Ofen ist ausgefallen' });
    expect(await screen.findByText('Das Restaurant musste Ihre Bestellung leider stornieren')).toBeInTheDocument();
    expect(screen.getByText('Grund: Der Ofen ist ausgefallen')).toBeInTheDocument();
    expect(screen.getByText(/Bitte entschuldigen Sie/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Sorry, the restaurant had to cancel your order')).toBeInTheDocument();
    expect(screen.getByText('Reason: Der Ofen ist ausgefallen')).toBeInTheDocument();
  });
});

describe('order page, live', () => {
  it('authorises a guest with the tracking token and turns accepted from the channel, without asking over HTTP', async () => {
    onTheOrdersDay();
    renderOrder({ status: 'waiting' });
    expect(await screen.findByText('Warten auf die Bestätigung des Restaurants')).toBeInTheDocument();
    const socket = fake.latest();
    expect(socket.url).toBe(`ws://${location.host}/api/ws/orders/5?lang=de`);
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', tracking_token: 'secret-token' }]);

    act(() => socket.push({ type: 'order', order: { ...testOrder, status: 'waiting' } }));
    act(() =>
      socket.push({
        type: 'order',
        order: { ...testOrder, status: 'accepted', eta_minutes: 30, eta_at: '2026-11-22T18:30:00.000Z' },
      }),
    );
    expect(await screen.findByText('Das Restaurant hat Ihre Bestellung angenommen')).toBeInTheDocument();
    expect(screen.getByText('Voraussichtlich um 19:30 bei Ihnen.')).toBeInTheDocument();
    expect(urls).toEqual(['/api/orders/5?token=secret-token']);
    // Accepted is not the end: the channel stays for ready and completed.
    expect(socket.closedBy).toBeNull();
    act(() =>
      socket.push({ type: 'order', order: { ...testOrder, status: 'ready', eta_at: '2026-11-22T18:30:00.000Z' } }),
    );
    expect(await screen.findByText('Ihre Bestellung ist unterwegs')).toBeInTheDocument();
    expect(socket.closedBy).toBeNull();
    act(() => socket.push({ type: 'order', order: { ...testOrder, status: 'completed' } }));
    expect(await screen.findByText('Ihre Bestellung ist abgeschlossen')).toBeInTheDocument();
    expect(urls).toEqual(['/api/orders/5?token=secret-token']);
    // Finished: nothing will change, so the channel ends and stays ended.
    expect(socket.closedBy).toEqual({ code: 1000 });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fake.sockets).toHaveLength(1);
  });

  it('authorises a signed-in owner with the access token', async () => {
    useSessionStore.setState({ user: { customer_name: 'Anna' }, token: 'owner-jwt', loading: false });
    renderOrder({ status: 'waiting' }, '/order/5');
    await screen.findByText('Warten auf die Bestätigung des Restaurants');
    const socket = fake.latest();
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', access_token: 'owner-jwt' }]);
    act(() => socket.push({ type: 'order', order: { ...testOrder, status: 'rejected', rejection_reason: 'Zu voll' } }));
    expect(await screen.findByText('Das Restaurant konnte Ihre Bestellung leider nicht annehmen')).toBeInTheDocument();
  });

  it('turns cancelled live, with the reason', async () => {
    renderOrder({ status: 'accepted', eta_at: '2026-11-22T18:30:00.000Z' });
    await screen.findByText('Das Restaurant hat Ihre Bestellung angenommen');
    const socket = fake.latest();
    socket.open();
    act(() =>
      socket.push({ type: 'order', order: { ...testOrder, status: 'cancelled', cancellation_reason: 'Kein Fahrer' } }),
    );
    expect(await screen.findByText('Das Restaurant musste Ihre Bestellung leider stornieren')).toBeInTheDocument();
    expect(screen.getByText('Grund: Kein Fahrer')).toBeInTheDocument();
    expect(socket.closedBy).toEqual({ code: 1000 });
  });

  it('ends the channel as soon as the order turns out to be finished already', async () => {
    renderOrder({ status: 'completed' });
    await screen.findByText('Ihre Bestellung ist abgeschlossen');
    expect(fake.sockets.every((socket) => socket.closedBy !== null)).toBe(true);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fake.sockets.every((socket) => socket.closedBy !== null)).toBe(true);
  });

  it('reconnects after a drop, and gives up when the server refuses (4404)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderOrder({ status: 'waiting' });
    await screen.findByText('Warten auf die Bestätigung des Restaurants');
    const first = fake.latest();
    first.open();
    act(() => first.drop(1006));
    await waitFor(() => expect(fake.sockets).toHaveLength(2));
    const second = fake.latest();
    second.open();
    expect(second.sent).toEqual([{ type: 'auth', tracking_token: 'secret-token' }]);
    act(() => second.push({ type: 'error', code: 'not_found', message: 'Unknown order' }));
    act(() => second.drop(4404));
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.sockets).toHaveLength(2);
    expect(screen.getByText('Warten auf die Bestätigung des Restaurants')).toBeInTheDocument();
  });
});

describe('order page, paid online', () => {
  const paypalOrder: Partial<Order> = { payment_method: 'paypal', payment_status: 'paid' };
  let routes: Record<string, { status: number; body: unknown }>;

  /** Answers by `METHOD path`; the order itself for its GET. */
  function renderPayPalOrder(order: Partial<Order>) {
    routes['GET /api/orders/5'] = { status: 200, body: { ...testOrder, ...paypalOrder, ...order } };
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        urls.push(`${method} ${input}`);
        const route = routes[`${method} ${input.split('?')[0] ?? ''}`];
        if (!route) return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(new Response(JSON.stringify(route.body), { status: route.status }));
      }),
    );
    return renderWithProviders(<Route path="/order/:id" component={OrderPage} />, {
      route: '/order/5?token=secret-token',
      queryData: [
        testStoreQuery,
        [paymentMethodsQueryOptions().queryKey, { cash: true, paypal: { client_id: 'client', currency: 'EUR' } }],
      ],
    });
  }

  beforeEach(() => {
    routes = {};
    resetFakePayPal();
  });

  it('asks to complete the PayPal payment of an unpaid order, and takes cash instead', async () => {
    routes['POST /api/orders/5/pay-cash'] = {
      status: 200,
      body: { ...testOrder, status: 'waiting', payment_method: 'cash', payment_status: null },
    };
    renderPayPalOrder({ status: 'pending_payment', payment_status: 'unpaid' });
    expect(
      await screen.findByRole('heading', { name: 'Bitte schließen Sie zuerst die Zahlung mit PayPal ab.' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('paypal-buttons')).toBeInTheDocument();
    expect(screen.getByText('PayPal – noch nicht bezahlt')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stattdessen bar bezahlen' }));
    expect(await screen.findByText('Warten auf die Bestätigung des Restaurants')).toBeInTheDocument();
    expect(urls).toContain('POST /api/orders/5/pay-cash?token=secret-token');
    expect(screen.getByText('Barzahlung')).toBeInTheDocument();
  });

  it("pays a declined order's PayPal order again, without placing a new order", async () => {
    routes['POST /api/orders/5/paypal'] = { status: 200, body: { paypal_order_id: 'PAYPAL-1' } };
    routes['POST /api/orders/5/paypal/capture'] = {
      status: 200,
      body: { ...testOrder, ...paypalOrder, status: 'waiting', payment_status: 'paid' },
    };
    renderPayPalOrder({ status: 'pending_payment', payment_status: 'declined' });
    await screen.findByTestId('paypal-buttons');
    expect(fakePayPal.options).toMatchObject({ clientId: 'client', currency: 'EUR', intent: 'capture' });
    // Placed already: the button only pays.
    expect(fakePayPal.buttons?.style).toMatchObject({ label: 'pay' });
    const click = await act(() => clickPayPal());
    expect(click.paypalOrderId).toBe('PAYPAL-1');
    await act(() => approvePayPal('PAYPAL-1'));
    expect(await screen.findByText('Warten auf die Bestätigung des Restaurants')).toBeInTheDocument();
    expect(screen.getByText('Bezahlt mit PayPal')).toBeInTheDocument();
    expect(urls.filter((url) => url.startsWith('POST /api/orders/guest'))).toHaveLength(0);
  });

  it('asks to complete the payment in English', async () => {
    await i18n.changeLanguage('en');
    renderPayPalOrder({ status: 'pending_payment', payment_status: 'unpaid' });
    expect(
      await screen.findByRole('heading', { name: 'Please complete the PayPal payment first.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay cash instead' })).toBeInTheDocument();
  });

  it('says a pending payment is being checked, in German and English', async () => {
    renderPayPalOrder({ status: 'pending_payment', payment_status: 'pending' });
    expect(
      await screen.findByText('Ihre Zahlung wird noch geprüft. Bitte warten Sie auf die Bestätigung.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Your payment is pending. Please wait for confirmation.')).toBeInTheDocument();
  });

  it('says an expired order never reached the kitchen and nothing was charged, in German and English', async () => {
    renderPayPalOrder({ status: 'expired', payment_status: 'unpaid' });
    expect(await screen.findByText('Diese Bestellung ist abgelaufen')).toBeInTheDocument();
    expect(screen.getByText(/Es wurde nichts berechnet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bestellung Nr. 5 nochmal bestellen' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('This order has expired')).toBeInTheDocument();
    expect(screen.getByText(/Nothing has been charged/)).toBeInTheDocument();
  });

  it('says an expired order whose late payment was refunded is refunded, not that nothing was charged', async () => {
    renderPayPalOrder({ status: 'expired', payment_status: 'refunded' });
    expect(await screen.findByText(/Ihre PayPal-Zahlung wurde vollständig erstattet/)).toBeInTheDocument();
    expect(screen.queryByText(/Es wurde nichts berechnet/)).not.toBeInTheDocument();
  });

  it('says "paid with PayPal" in German and English', async () => {
    renderPayPalOrder({ status: 'accepted', payment_status: 'paid', eta_at: '2026-11-22T18:30:00.000Z' });
    expect(await screen.findByText('Bezahlt mit PayPal')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Paid with PayPal')).toBeInTheDocument();
  });

  it('says a rejected PayPal order is refunded, in German and English', async () => {
    renderPayPalOrder({ status: 'rejected', payment_status: 'refunded', rejection_reason: 'Zu voll' });
    expect(await screen.findByText('Erstattet')).toBeInTheDocument();
    expect(screen.getByText('Ihre PayPal-Zahlung wurde vollständig erstattet.')).toBeInTheDocument();
    expect(screen.queryByText(/Es wurde nichts berechnet/)).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Refunded')).toBeInTheDocument();
    expect(screen.getByText('Your PayPal payment has been refunded in full.')).toBeInTheDocument();
  });

  it("shows a failed refund as still in progress: PayPal's failure is the staff's to solve", async () => {
    renderPayPalOrder({ status: 'cancelled', payment_status: 'refund_failed', cancellation_reason: 'Ofen' });
    expect(await screen.findByText('Wird erstattet')).toBeInTheDocument();
    expect(screen.getByText(/Ihre PayPal-Zahlung wird vollständig erstattet/)).toBeInTheDocument();
    expect(screen.queryByText(/fehlgeschlagen/)).not.toBeInTheDocument();
  });

  it('says a reversed payment was taken back', async () => {
    renderPayPalOrder({ status: 'completed', payment_status: 'reversed' });
    expect(await screen.findByText('Zahlung zurückgebucht')).toBeInTheDocument();
  });
});

describe('order page, order again', () => {
  beforeEach(() => {
    localStorage.clear();
    useCart.setState({ items: [], note: '', ordered: false, reorder: null });
    useCartDialog.setState({ open: false, requested: false, editRequest: null });
  });

  function renderWithMenu(order: Partial<Order>, menu = products) {
    current = { status: 200, body: { ...testOrder, ...order } };
    return renderWithProviders(<Route path="/order/:id" component={OrderPage} />, {
      route: '/order/5?token=secret-token',
      queryData: [testStoreQuery, [productsQueryOptions('de').queryKey, menu]],
    });
  }

  it('offers "Nochmal bestellen" on a finished order: the lines go into the cart, which opens and says what changed', async () => {
    const dearer = products.map((product) =>
      product.id === 4
        ? { ...product, variants: product.variants.map((variant) => ({ ...variant, price: variant.price + 1 })) }
        : product,
    );
    renderWithMenu({ status: 'completed' }, dearer);
    await userEvent.click(await screen.findByRole('button', { name: 'Bestellung Nr. 5 nochmal bestellen' }));
    expect(useCart.getState().items).toMatchObject([{ id: 4, quantity: 2, selectedVariant: { id: 42, price: 1150 } }]);
    expect(useCart.getState().reorder?.changes).toEqual([
      expect.objectContaining({ kind: 'price_changed', name: 'Pizza Margherita (Mittel Ø 30 cm)' }),
    ]);
    expect(useCartDialog.getState().open).toBe(true);
  });

  it('collects a pickup again', async () => {
    useDelivery.setState({ orderType: 'delivery' });
    renderWithMenu({ status: 'completed', order_type: 'pickup' });
    await userEvent.click(await screen.findByRole('button', { name: 'Bestellung Nr. 5 nochmal bestellen' }));
    expect(useDelivery.getState().orderType).toBe('pickup');
  });

  it.each(['cancelled', 'rejected', 'expired'] as const)('offers it on a %s order too', async (status) => {
    renderWithMenu({ status });
    expect(await screen.findByRole('button', { name: 'Bestellung Nr. 5 nochmal bestellen' })).toBeInTheDocument();
  });

  it.each(['waiting', 'accepted', 'ready'] as const)('does not offer it while the order is %s', async (status) => {
    renderWithMenu({ status });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung Nr. 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /nochmal bestellen/ })).not.toBeInTheDocument();
  });
});
