import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { Order } from '@pizzeria/domain';
import { i18n } from '../../i18n/index.ts';
import { installFakeSockets } from '../../lib/test-socket.ts';
import { renderWithProviders } from '../../lib/testing.tsx';
import { useSessionStore } from '../session/index.ts';
import { testStoreQuery } from '../store/test-store.ts';
import OrderPage from './order-page.tsx';
import { testOrder } from './test-order.ts';

// The customer's cancel on the order page: offered while the restaurant has not answered, asked before it
// is done, the cancelled state after, and the restaurant's phone once it accepted.

interface Answer {
  status: number;
  body: unknown;
}

let order: Order;
let onCancel: () => Answer;
const requests: { method: string; url: string; authorization: string | null }[] = [];
let fake: ReturnType<typeof installFakeSockets>;

beforeEach(async () => {
  await i18n.changeLanguage('de');
  requests.length = 0;
  fake = installFakeSockets();
  useSessionStore.setState({ user: null, token: null, loading: false });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url, authorization: new Headers(init?.headers).get('authorization') });
      const answer = method === 'POST' ? onCancel() : { status: 200, body: order };
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
    }),
  );
});

afterEach(() => {
  fake.restore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderOrder(shown: Partial<Order>, route = '/order/5?token=secret-token') {
  order = { ...testOrder, ...shown };
  return renderWithProviders(<Route path="/order/:id" component={OrderPage} />, { route, queryData: [testStoreQuery] });
}

const cancelled = (from: Order): Order => ({
  ...from,
  status: 'cancelled',
  cancelled_by: 'customer',
  revision: from.revision + 1,
});

describe('cancelling on the order page', () => {
  it('asks first, cancels with the tracking token and shows the order cancelled by the customer', async () => {
    const user = userEvent.setup();
    onCancel = () => ({ status: 200, body: cancelled(order) });
    renderOrder({ status: 'waiting' });
    await user.click(await screen.findByRole('button', { name: 'Bestellung stornieren' }));

    // The dialog asks; keeping the order sends nothing.
    const dialog = await screen.findByRole('alertdialog', { name: 'Bestellung wirklich stornieren?' });
    expect(dialog).toHaveTextContent('Das Restaurant bereitet sie dann nicht zu.');
    await user.click(within(dialog).getByRole('button', { name: 'Nicht stornieren' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Bestellung stornieren' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja, stornieren' }));
    expect(await screen.findByText('Sie haben Ihre Bestellung storniert')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      '/api/orders/5/cancel?token=secret-token',
    ]);
    expect(screen.getByText('Es wurde nichts berechnet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bestellung stornieren' })).not.toBeInTheDocument();
    // Not the restaurant's apology: the customer did it.
    expect(screen.queryByText('Das Restaurant musste Ihre Bestellung leider stornieren')).not.toBeInTheDocument();
  });

  it('sends the signed-in customer’s bearer token, and says a paid order is refunded', async () => {
    const user = userEvent.setup();
    useSessionStore.setState({ user: { customer_name: 'Anna' }, token: 'owner-jwt', loading: false });
    onCancel = () => ({ status: 200, body: { ...cancelled(order), payment_status: 'refund_pending' } });
    renderOrder({ status: 'waiting', payment_method: 'paypal', payment_status: 'paid' }, '/order/5');
    await user.click(await screen.findByRole('button', { name: 'Bestellung stornieren' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Ihre PayPal-Zahlung wird vollständig erstattet');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, stornieren' }));
    expect(await screen.findByText('Sie haben Ihre Bestellung storniert')).toBeInTheDocument();
    expect(screen.getByText(/Ihre PayPal-Zahlung wird vollständig erstattet/)).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post).toMatchObject({ url: '/api/orders/5/cancel', authorization: 'Bearer owner-jwt' });
  });

  it('says in the server’s words when the kitchen was first, and then shows the restaurant’s phone', async () => {
    const user = userEvent.setup();
    const message = 'Das Restaurant hat Ihre Bestellung gerade angenommen. Bitte rufen Sie an: 030 12345678.';
    onCancel = () => {
      // Meanwhile the kitchen accepted: the order read again is accepted.
      order = { ...order, status: 'accepted', eta_at: '2026-11-22T18:30:00.000Z', revision: order.revision + 1 };
      return { status: 409, body: { code: 'order_already_decided', message } };
    };
    renderOrder({ status: 'waiting' });
    await user.click(await screen.findByRole('button', { name: 'Bestellung stornieren' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja, stornieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findByText('Das Restaurant hat Ihre Bestellung angenommen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '030 12345678' })).toHaveAttribute('href', 'tel:03012345678');
    expect(screen.queryByRole('button', { name: 'Bestellung stornieren' })).not.toBeInTheDocument();
  });

  it('offers no cancel once the restaurant answered, and its phone while the order is under way', async () => {
    renderOrder({ status: 'accepted', eta_at: '2026-11-22T18:30:00.000Z' });
    expect(await screen.findByRole('heading', { name: 'Fragen zu Ihrer Bestellung?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '030 12345678' })).toHaveAttribute('href', 'tel:03012345678');
    expect(screen.queryByRole('button', { name: 'Bestellung stornieren' })).not.toBeInTheDocument();
  });

  it('follows the live channel: a cancel from another tab ends the page’s offer', async () => {
    renderOrder({ status: 'waiting' });
    expect(await screen.findByRole('button', { name: 'Bestellung stornieren' })).toBeInTheDocument();
    const socket = fake.latest();
    socket.open();
    act(() => socket.push({ type: 'order', order: cancelled(order) }));
    expect(await screen.findByText('Sie haben Ihre Bestellung storniert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bestellung stornieren' })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    renderOrder({ status: 'waiting' });
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
  });
});
