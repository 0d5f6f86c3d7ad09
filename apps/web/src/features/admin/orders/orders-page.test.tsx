import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderSearchRow } from '@pizzeria/domain';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { asSignedInStaff, REFRESH } from '../test-staff.ts';
import { testAdminOrder } from './test-admin-order.ts';

const ORDERS = '/api/admin/stores/13/orders';

function row(overrides: Partial<OrderSearchRow>): OrderSearchRow {
  return {
    id: 5,
    created_at: '2026-11-23T11:58:00.000Z',
    customer_name: 'Maria Rossi',
    phone: '+4915123456789',
    email: 'maria@example.com',
    order_type: 'delivery',
    status: 'accepted',
    payment_method: 'cash',
    payment_status: null,
    total: 32.5,
    ...overrides,
  };
}
const MARIA = row({});
const PAULA = row({
  id: 4,
  created_at: '2026-11-22T18:30:00.000Z',
  customer_name: 'Paula Weber',
  phone: '+4917012345678',
  order_type: 'pickup',
  status: 'rejected',
  payment_method: 'paypal',
  payment_status: 'refund_failed',
  total: 18,
});
const page = (orders: OrderSearchRow[], nextCursor: number | null = null) => ({
  status: 200,
  body: { orders, next_cursor: nextCursor },
});

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('orders page ("Bestellungen")', () => {
  it('lists the orders newest first with number, time, customer, type, status, payment and total', async () => {
    fakeApi({ ...REFRESH, [`GET ${ORDERS}`]: page([MARIA, PAULA]) });
    renderWithProviders(<AdminArea />, { route: '/orders' });
    expect(screen.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Bestellungen, die neuesten zuerst' });
    const [, first, second] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('button', { name: 'Bestellung #5 öffnen' })).toBeInTheDocument();
    expect(first).toHaveTextContent('23.11.2026, 12:58');
    expect(first).toHaveTextContent('Maria Rossi');
    expect(first).toHaveTextContent('01512 3456789');
    expect(first).toHaveTextContent('Lieferung');
    expect(first).toHaveTextContent('Angenommen');
    expect(first).toHaveTextContent('Bar');
    expect(first).toHaveTextContent('32,50 €');
    expect(second).toHaveTextContent('Abholung');
    expect(second).toHaveTextContent('PayPal');
    expect(second).toHaveTextContent('Erstattung fehlgeschlagen');
    expect(screen.getByRole('status')).toHaveTextContent('2 Bestellungen');
  });

  it('says who cancelled: "Vom Kunden storniert" for the customer, "Storniert" for the restaurant', async () => {
    const byCustomer = row({ id: 7, status: 'cancelled', cancelled_by: 'customer' });
    const byRestaurant = row({ id: 6, status: 'cancelled', cancelled_by: 'restaurant' });
    fakeApi({ ...REFRESH, [`GET ${ORDERS}`]: page([byCustomer, byRestaurant]) });
    renderWithProviders(<AdminArea />, { route: '/orders' });
    const table = await screen.findByRole('table', { name: 'Bestellungen, die neuesten zuerst' });
    const [, first, second] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Vom Kunden storniert')).toBeInTheDocument();
    expect(within(second).getByText('Storniert')).toBeInTheDocument();
  });

  it('searches what the address says, and sends a chosen filter with it', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${ORDERS}?q=weber&payment_method=paypal`]: page([PAULA]),
      [`GET ${ORDERS}?q=weber&payment_method=paypal&payment_status=refund_failed`]: page([PAULA]),
    });
    renderWithProviders(<AdminArea />, { route: '/orders?q=weber&payment_method=paypal' });
    expect(await screen.findByText('Paula Weber')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveValue('weber');
    expect(screen.getByRole('combobox', { name: 'Zahlungsart' })).toHaveValue('paypal');

    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: 'Zahlungsstand' }), 'Erstattung fehlgeschlagen');
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        `${ORDERS}?q=weber&payment_method=paypal&payment_status=refund_failed`,
      ),
    );
  });

  it('sends what is typed once typing pauses', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${ORDERS}`]: page([MARIA, PAULA]),
      [`GET ${ORDERS}?q=0170+1234`]: page([PAULA]),
    });
    renderWithProviders(<AdminArea />, { route: '/orders' });
    await screen.findByText('Maria Rossi');
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Suche' }), '0170 1234');
    await waitFor(() => expect(screen.queryByText('Maria Rossi')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.path.startsWith(`${ORDERS}?q=`)).map((call) => call.path)).toEqual([
      `${ORDERS}?q=0170+1234`,
    ]);
  });

  it('loads the next page after the last order shown, and says when there are more', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${ORDERS}`]: page([MARIA], 5),
      [`GET ${ORDERS}?cursor=5`]: page([PAULA]),
    });
    renderWithProviders(<AdminArea />, { route: '/orders' });
    await screen.findByText('Maria Rossi');
    expect(screen.getByRole('status')).toHaveTextContent('1 Bestellung – weitere vorhanden');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Weitere laden' }));
    expect(await screen.findByText('Paula Weber')).toBeInTheDocument();
    expect(screen.getByText('Maria Rossi')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 Bestellungen');
    expect(screen.queryByRole('button', { name: 'Weitere laden' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(`${ORDERS}?cursor=5`);
  });

  it('opens an order with its history, and a link straight to it does too', async () => {
    const failed = testAdminOrder({
      id: 4,
      status: 'rejected',
      payment_method: 'paypal',
      payment_status: 'refund_failed',
      refund_failure: 'INSTRUMENT_DECLINED',
    });
    fakeApi({
      ...REFRESH,
      [`GET ${ORDERS}`]: page([MARIA, PAULA]),
      'GET /api/admin/orders/4': { status: 200, body: failed },
    });
    renderWithProviders(<AdminArea />, { route: '/orders' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Bestellung #4 öffnen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Bestellung #4' });
    expect(await within(dialog).findByRole('heading', { name: 'Verlauf' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Luigi');
    expect(dialog).toHaveTextContent('PayPal meldet: INSTRUMENT_DECLINED');
    expect(dialog).toHaveTextContent('enthält 7 % MwSt.');
  });

  it('opens the order a shared link names', async () => {
    fakeApi({
      ...REFRESH,
      [`GET ${ORDERS}?status=accepted`]: page([MARIA]),
      'GET /api/admin/orders/5': { status: 200, body: testAdminOrder() },
    });
    renderWithProviders(<AdminArea />, { route: '/orders?status=accepted&order=5' });
    const dialog = await screen.findByRole('dialog', { name: 'Bestellung #5' });
    expect(await within(dialog).findByRole('heading', { name: 'Verlauf' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Kastanienallee 3');
    // The dialog is modal: the list and its filters are hidden from assistive technology behind it.
    expect(screen.getByRole('combobox', { name: 'Status', hidden: true })).toHaveValue('accepted');
  });
});
