import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PaymentReview } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi, type FakeAnswer, type RecordedCall } from '../../auth/test-api.ts';
import { testStoreQuery } from '../../store/test-store.ts';
import { staffTokens } from '../test-staff.ts';
import { BoardPage } from './board-page.tsx';
import { QUIET_DAY, boardOrder, setUpBoardTests, testBoard } from './test-board.ts';

const REVIEWS_PATH = '/api/admin/stores/13/payment-reviews';

const FAILED: PaymentReview = {
  order_id: 41,
  kind: 'refund_failed',
  order_status: 'expired',
  payment_method: 'paypal',
  customer_name: 'Gabi Gast',
  phone: '+4915112345678',
  amount: 32.5,
  paypal_capture_id: 'CAP-41',
  failure: 'REFUND_FAILED_INSUFFICIENT_FUNDS (HTTP 422)',
  next_retry_at: '2026-11-23T13:05:00.000Z',
  since: '2026-11-20T11:00:00.000Z',
  created_at: '2026-11-20T11:00:00.000Z',
};

const REVERSED: PaymentReview = {
  ...FAILED,
  order_id: 42,
  kind: 'reversed',
  order_status: 'completed',
  customer_name: 'Paula Paypal',
  amount: 18,
  paypal_capture_id: 'CAP-42',
  failure: null,
  next_retry_at: null,
};

const list = (...reviews: PaymentReview[]): FakeAnswer => ({ status: 200, body: { reviews } });
const reviewReads = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === REVIEWS_PATH).length;
const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

const sockets = setUpBoardTests();

/** The board, live, with the server answering the payment list with `reviews` (one answer per read, the last repeating). */
async function openBoard(reviews: FakeAnswer[], more: Record<string, FakeAnswer | FakeAnswer[]> = {}) {
  const api = fakeApi({
    'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
    'GET /api/admin/reports/today': { status: 200, body: QUIET_DAY },
    'GET /api/admin/stores/13/guest-rush': {
      status: 200,
      body: { active: false, waiting_guest_orders: 0, slots_full_for_guests: 0, guest_places: 3 },
    },
    'GET /api/admin/stores/13/board': { status: 200, body: testBoard([]) },
    [`GET ${REVIEWS_PATH}`]: reviews,
    ...more,
  });
  renderWithProviders(<BoardPage />, { queryData: [testStoreQuery] });
  await screen.findByRole('region', { name: /^Neu/ });
  const socket = sockets().latest();
  act(() => socket.open());
  await waitFor(() => expect(socket.sent).toEqual([{ type: 'auth', access_token: 'access-1' }]));
  act(() => socket.push({ type: 'ready' }));
  await screen.findByText('Live verbunden');
  return { api, socket, user: userEvent.setup() };
}

const section = () => screen.getByRole('region', { name: /^Zahlungen prüfen/ });
const item = (name: RegExp) => within(section()).getByRole('article', { name });

describe('orders board: Zahlungen prüfen', () => {
  it('lists each payment that needs a person with the order, the amount, what happened and what to do', async () => {
    await openBoard([list(FAILED, REVERSED)]);
    await screen.findByRole('region', { name: /^Zahlungen prüfen/ });

    const failed = item(/^#41 · Gabi Gast/);
    expect(plain(failed.textContent)).toContain('#41 · Gabi Gast · 32,50 €');
    expect(failed).toHaveTextContent('Verfallen (nicht bezahlt)');
    expect(plain(failed.textContent)).toContain(
      'Die Erstattung von 32,50 € an den Kunden ist fehlgeschlagen: Er hat sein Geld noch nicht zurück.',
    );
    expect(failed).toHaveTextContent('Grund laut PayPal: REFUND_FAILED_INSUFFICIENT_FUNDS (HTTP 422)');
    expect(failed).toHaveTextContent('Nächster automatischer Versuch: 23.11., 14:05.');
    expect(failed).toHaveTextContent('Transaktion CAP-41');
    expect(within(failed).getByRole('button', { name: 'Erstattung erneut versuchen' })).toBeEnabled();
    expect(within(failed).getByRole('button', { name: 'In PayPal erledigt' })).toBeEnabled();

    const reversed = item(/^#42 · Paula Paypal/);
    expect(plain(reversed.textContent)).toContain('PayPal hat 18,00 € vom Shop zurückgebucht');
    expect(within(reversed).queryByRole('button', { name: 'Erstattung erneut versuchen' })).not.toBeInTheDocument();
    expect(within(reversed).getByRole('button', { name: 'In PayPal erledigt' })).toBeEnabled();
  });

  it('shows nothing while no payment needs a person', async () => {
    const { api } = await openBoard([list()]);
    await waitFor(() => expect(reviewReads(api.calls)).toBeGreaterThanOrEqual(1));
    expect(screen.queryByRole('region', { name: /^Zahlungen prüfen/ })).not.toBeInTheDocument();
  });

  it('retries a refund and drops it once the list no longer has it', async () => {
    const { api, user } = await openBoard([list(FAILED), list(FAILED), list()], {
      'POST /api/admin/orders/41/refund': {
        status: 200,
        body: boardOrder({ id: 41, status: 'expired', payment_method: 'paypal', payment_status: 'refunded' }),
      },
    });
    const failed = await screen.findByRole('article', { name: /^#41/ });
    await user.click(within(failed).getByRole('button', { name: 'Erstattung erneut versuchen' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: /^Zahlungen prüfen/ })).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toContain(
      '/api/admin/orders/41/refund',
    );
  });

  it('marks a payment as done in PayPal, and shows the server’s refusal', async () => {
    const refusal = { code: 'payment_review_closed', message: 'Bei dieser Zahlung ist nichts mehr zu prüfen.' };
    const { user } = await openBoard([list(FAILED, REVERSED)], {
      'POST /api/admin/orders/42/payment-review/done': list(FAILED),
      'POST /api/admin/orders/41/payment-review/done': { status: 409, body: refusal },
    });
    await screen.findByRole('article', { name: /^#42/ });
    await user.click(within(item(/^#42/)).getByRole('button', { name: 'In PayPal erledigt' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /^#42/ })).not.toBeInTheDocument());

    await user.click(within(item(/^#41/)).getByRole('button', { name: 'In PayPal erledigt' }));
    expect(await within(item(/^#41/)).findByRole('alert')).toHaveTextContent(refusal.message);
  });

  it('reads the list again when the channel brings a payment change', async () => {
    const { api, socket } = await openBoard([list(), list(FAILED)]);
    await waitFor(() => expect(reviewReads(api.calls)).toBeGreaterThanOrEqual(1));
    const before = reviewReads(api.calls);
    // A cash order's change says nothing about payments: no read.
    act(() => socket.push({ type: 'order_updated', order: boardOrder({ id: 9, status: 'accepted' }) }));
    act(() =>
      socket.push({
        type: 'order_updated',
        order: boardOrder({ id: 41, status: 'rejected', payment_method: 'paypal', payment_status: 'refund_failed' }),
      }),
    );
    expect(await screen.findByRole('article', { name: /^#41/ })).toBeInTheDocument();
    expect(reviewReads(api.calls)).toBe(before + 1);
  });

  it('speaks English to English staff', async () => {
    await openBoard([list(FAILED)]);
    await screen.findByRole('article', { name: /^#41/ });
    await act(() => i18n.changeLanguage('en'));
    const heading = await screen.findByRole('heading', { name: /^Check payments/ });
    const region = heading.closest('section');
    expect(plain(region?.textContent)).toContain('The refund of €32.50 to the customer failed');
    expect(within(region as HTMLElement).getByRole('button', { name: 'Done in PayPal' })).toBeEnabled();
  });
});
