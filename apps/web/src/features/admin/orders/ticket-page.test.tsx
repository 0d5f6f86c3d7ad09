import { StrictMode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import { testStoreQuery } from '../../store/test-store.ts';
import { clearStaffSession } from '../auth/staff-session.ts';
import { signedInDevice, REFRESH } from '../test-staff.ts';
import { testAdminOrder, testAdminOrderWithDeposit } from './test-admin-order.ts';
import { TicketPage } from './ticket-page.tsx';

const ticketOf5 = (
  <StrictMode>
    <TicketPage orderId={5} />
  </StrictMode>
);

function renderTicket(route: string) {
  return renderWithProviders(ticketOf5, { route, queryData: [testStoreQuery] });
}

/** The same ticket again after switching to English. */
async function inEnglish(view: ReturnType<typeof renderTicket>) {
  await i18n.changeLanguage('en');
  view.rerender(ticketOf5);
  return within(await screen.findByRole('article', { name: 'Kitchen ticket' }));
}

let print: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T11:30:00.000Z'));
  localStorage.clear();
  clearStaffSession();
  signedInDevice();
  await i18n.changeLanguage('de');
  print = vi.fn();
  vi.stubGlobal('print', print);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('kitchen ticket', () => {
  it('shows a cash delivery with its number, time, lines, note, customer and the amount to collect', async () => {
    fakeApi({ ...REFRESH, 'GET /api/admin/orders/5': { status: 200, body: testAdminOrder() } });
    renderTicket('/orders/5/ticket');

    const ticket = within(await screen.findByRole('article', { name: 'Küchenbon' }));
    expect(ticket.getByText('#5')).toBeInTheDocument();
    expect(ticket.getByText('SOFORT')).toBeInTheDocument();
    expect(ticket.getByText('LIEFERUNG')).toBeInTheDocument();
    expect(ticket.getByText('Zugesagt: 13:45')).toBeInTheDocument();
    expect(ticket.getByText('2× Pizza Margherita (Groß)')).toBeInTheDocument();
    expect(ticket.getByText('+ Extra Käse')).toBeInTheDocument();
    expect(ticket.getByText('+ 2× Salami')).toBeInTheDocument();
    expect(ticket.getByText('1× Cola 0,33 l')).toBeInTheDocument();
    expect(ticket.getByText('Bitte klingeln bei Rossi')).toBeInTheDocument();
    expect(ticket.getByText('Maria Rossi')).toBeInTheDocument();
    expect(ticket.getByText('0151 234 567 89')).toBeInTheDocument();
    expect(ticket.getByText(/Kastanienallee 3/)).toHaveTextContent('Kastanienallee 32. OG links10435 Berlin');
    expect(ticket.getByText(/^BAR KASSIEREN: 32,50\s€$/)).toBeInTheDocument();
    expect(ticket.queryByText(/BEZAHLT/)).not.toBeInTheDocument();
    expect(ticket.queryByText(/Pfand/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück' })).toBeInTheDocument();
    // Without ?print=1 the ticket only shows; printing is the person's choice.
    expect(print).not.toHaveBeenCalled();
  });

  it('promises nothing for an undecided pre-order: it says what the customer asked for, in English too', async () => {
    // Placed at night for 01:00 Berlin time on the 28th (00:00 UTC), not yet accepted.
    const preorder = testAdminOrder({
      status: 'waiting',
      requested_time: '2026-11-28T00:00:00.000Z',
      promised_at: '2026-11-28T00:00:00.000Z',
      eta_minutes: null,
      eta_at: null,
    });
    fakeApi({ ...REFRESH, 'GET /api/admin/orders/5': { status: 200, body: preorder } });
    const view = renderTicket('/orders/5/ticket');

    const ticket = within(await screen.findByRole('article', { name: 'Küchenbon' }));
    expect(ticket.getByText('Gewünscht: 28.11., 01:00 – noch nicht zugesagt')).toBeInTheDocument();
    expect(ticket.queryByText(/^Zugesagt/)).not.toBeInTheDocument();

    const english = await inEnglish(view);
    expect(english.getByText('Requested: 28/11, 01:00 – not yet promised')).toBeInTheDocument();
    expect(english.queryByText(/^Promised/)).not.toBeInTheDocument();
  });

  it('says an undecided ASAP order is not yet promised, and an accepted pre-order its promised time', async () => {
    fakeApi({
      ...REFRESH,
      'GET /api/admin/orders/5': [
        { status: 200, body: testAdminOrder({ status: 'waiting', eta_minutes: null, eta_at: null }) },
        {
          status: 200,
          // Accepted 15 minutes later than asked: staff's promise, not the requested time.
          body: testAdminOrder({
            requested_time: '2026-11-24T18:30:00.000Z',
            promised_at: '2026-11-24T18:30:00.000Z',
            eta_at: '2026-11-24T18:45:00.000Z',
          }),
        },
      ],
    });
    const { queryClient } = renderTicket('/orders/5/ticket');
    const ticket = within(await screen.findByRole('article', { name: 'Küchenbon' }));
    expect(ticket.getByText('SOFORT')).toBeInTheDocument();
    expect(ticket.getByText('Noch nicht zugesagt')).toBeInTheDocument();
    expect(ticket.queryByText(/^Zugesagt/)).not.toBeInTheDocument();

    await queryClient.refetchQueries({ queryKey: ['admin', 'order', 5] });
    expect(await ticket.findByText('Zugesagt: 24.11., 19:45')).toBeInTheDocument();
    expect(ticket.getByText('24.11., 19:30')).toBeInTheDocument();
  });

  it('says how much of the total is deposit, and says nothing of it without one', async () => {
    fakeApi({ ...REFRESH, 'GET /api/admin/orders/5': { status: 200, body: testAdminOrderWithDeposit() } });
    renderTicket('/orders/5/ticket');
    const ticket = within(await screen.findByRole('article', { name: 'Küchenbon' }));
    expect(ticket.getByText(/^BAR KASSIEREN: 32,58\s€$/)).toBeInTheDocument();
    expect(ticket.getByText(/^davon Pfand: 0,08\s€$/)).toBeInTheDocument();
  });

  it('names the voucher the customer entered with what it took off', async () => {
    fakeApi({
      ...REFRESH,
      'GET /api/admin/orders/5': {
        status: 200,
        body: testAdminOrder({ voucher_code: 'WILLKOMMEN', voucher_discount: 2.5 }),
      },
    });
    renderTicket('/orders/5/ticket');
    const ticket = within(await screen.findByRole('article', { name: 'Küchenbon' }));
    expect(ticket.getByText(/^Gutschein WILLKOMMEN: −2,50\s€$/)).toBeInTheDocument();
  });

  it('marks a PayPal pickup as paid, with the requested time and no address', async () => {
    fakeApi({
      ...REFRESH,
      'GET /api/admin/orders/5': {
        status: 200,
        body: testAdminOrder({
          order_type: 'pickup',
          payment_method: 'paypal',
          payment_status: 'paid',
          delivery_fee: 0,
          total: 30.5,
          requested_time: '2026-11-24T17:00:00.000Z',
          promised_at: '2026-11-24T17:00:00.000Z',
        }),
      },
    });
    renderTicket('/orders/5/ticket');

    const ticket = within(await screen.findByRole('article', { name: 'Küchenbon' }));
    expect(ticket.getByText('BEZAHLT (PayPal) – NICHT KASSIEREN')).toBeInTheDocument();
    expect(ticket.queryByText(/BAR KASSIEREN/)).not.toBeInTheDocument();
    expect(ticket.getByText('ABHOLUNG')).toBeInTheDocument();
    // Tomorrow's pre-order: the time with its date, not "SOFORT".
    expect(ticket.getByText('24.11., 18:00')).toBeInTheDocument();
    expect(ticket.queryByText('SOFORT')).not.toBeInTheDocument();
    expect(ticket.queryByText(/Kastanienallee/)).not.toBeInTheDocument();
  });

  it.each([
    { payment_status: 'paid', de: 'BEZAHLT (PayPal) – NICHT KASSIEREN', en: 'PAID (PayPal) – DO NOT COLLECT' },
    { payment_status: 'unpaid', de: 'PAYPAL – NICHT BEZAHLT', en: 'PAYPAL – NOT PAID' },
    { payment_status: 'pending', de: 'PAYPAL – NICHT BEZAHLT', en: 'PAYPAL – NOT PAID' },
    { payment_status: 'refund_pending', de: 'PAYPAL – WIRD ERSTATTET', en: 'PAYPAL – BEING REFUNDED' },
    { payment_status: 'refund_failed', de: 'PAYPAL – WIRD ERSTATTET', en: 'PAYPAL – BEING REFUNDED' },
    { payment_status: 'refunded', de: 'PAYPAL – ERSTATTET', en: 'PAYPAL – REFUNDED' },
    { payment_status: 'reversed', de: 'PAYPAL – ZURÜCKGEBUCHT', en: 'PAYPAL – REVERSED' },
  ] as const)('says of a PayPal order that is $payment_status "$de" / "$en"', async (example) => {
    fakeApi({
      ...REFRESH,
      'GET /api/admin/orders/5': {
        status: 200,
        body: testAdminOrder({ payment_method: 'paypal', payment_status: example.payment_status }),
      },
    });
    const view = renderTicket('/orders/5/ticket');
    const ticket = within(await screen.findByRole('article', { name: 'Küchenbon' }));
    expect(ticket.getByText(example.de)).toBeInTheDocument();
    expect(ticket.queryByText(/BAR KASSIEREN/)).not.toBeInTheDocument();

    const english = await inEnglish(view);
    expect(english.getByText(example.en)).toBeInTheDocument();
    expect(english.queryByText(/COLLECT CASH/)).not.toBeInTheDocument();
  });

  it('tells the kitchen to collect cash in English too', async () => {
    await i18n.changeLanguage('en');
    fakeApi({ ...REFRESH, 'GET /api/admin/orders/5': { status: 200, body: testAdminOrder() } });
    renderTicket('/orders/5/ticket');
    const ticket = within(await screen.findByRole('article', { name: 'Kitchen ticket' }));
    expect(ticket.getByText(/^COLLECT CASH: €32\.50$/)).toBeInTheDocument();
    expect(ticket.queryByText(/PAID/)).not.toBeInTheDocument();
  });

  it('prints exactly once with ?print=1, even when the order is fetched again', async () => {
    fakeApi({
      ...REFRESH,
      'GET /api/admin/orders/5': [
        { status: 200, body: testAdminOrder() },
        { status: 200, body: testAdminOrder({ note: 'Ohne Zwiebeln' }) },
      ],
    });
    const { queryClient } = renderTicket('/orders/5/ticket?print=1');

    await screen.findByRole('article', { name: 'Küchenbon' });
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));

    await queryClient.refetchQueries({ queryKey: ['admin', 'order', 5] });
    expect(await screen.findByText('Ohne Zwiebeln')).toBeInTheDocument();
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('prints again only when someone presses "Drucken"', async () => {
    fakeApi({ ...REFRESH, 'GET /api/admin/orders/5': { status: 200, body: testAdminOrder() } });
    renderTicket('/orders/5/ticket');
    await screen.findByRole('article', { name: 'Küchenbon' });

    await userEvent.click(screen.getByRole('button', { name: 'Drucken' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when the order cannot be loaded and tries again', async () => {
    fakeApi({
      ...REFRESH,
      'GET /api/admin/orders/5': [
        { status: 500, body: { code: 'internal', message: 'boom' } },
        { status: 200, body: testAdminOrder() },
      ],
    });
    renderTicket('/orders/5/ticket?print=1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen');
    expect(screen.getByRole('button', { name: 'Drucken' })).toBeDisabled();
    expect(print).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('article', { name: 'Küchenbon' })).toBeInTheDocument();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });
});
