import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderItem } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import { testStoreQuery } from '../../store/test-store.ts';
import { clearStaffSession } from '../auth/staff-session.ts';
import { signedInDevice, REFRESH } from '../test-staff.ts';
import { OrderDetails } from './order-details.tsx';
import { testAdminOrder } from './test-admin-order.ts';
import { TicketPage } from './ticket-page.tsx';

/** A half-and-half pizza as the order answer names it. */
const halved: OrderItem = {
  product_id: 50,
  variant_id: 502,
  name: 'Pizza Salami',
  variant_name: 'Groß',
  display_name: '½ Pizza Salami | ½ Pizza Funghi (Groß)',
  price: 14.25,
  quantity: 1,
  extras: [],
  tax_percentage: 7,
  line_total: 14.25,
  deposit: 0,
  deposit_total: 0,
  halves: [
    {
      product_id: 50,
      variant_id: 502,
      name: 'Pizza Salami',
      variant_name: 'Groß',
      base_price: 12,
      extras: [{ id: 101, name: 'Extra Salami', price: 1.5, quantity: 1 }],
    },
    {
      product_id: 51,
      variant_id: 512,
      name: 'Pizza Funghi',
      variant_name: 'Groß',
      base_price: 12.5,
      extras: [{ id: 103, name: 'Sardellen', price: 2, quantity: 2 }],
    },
  ],
};

const order = testAdminOrder({ items: [halved] });

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T11:30:00.000Z'));
  await i18n.changeLanguage('de');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a half-and-half pizza for staff', () => {
  it('reads "½ Salami | ½ Funghi" in the order details (the board’s dialog), each half with its toppings', () => {
    renderWithProviders(<OrderDetails order={order} />, { queryData: [testStoreQuery] });
    const lines = screen.getByRole('list', { name: 'Bestellte Gerichte' });
    expect(within(lines).getByText('1 × ½ Pizza Salami | ½ Pizza Funghi (Groß)')).toBeInTheDocument();
    const halves = within(lines).getByRole('list', { name: 'Die beiden Hälften' });
    const [first, second] = within(halves)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === halves);
    if (!first || !second) throw new Error('Expected two halves');
    expect(within(first).getByText('½ Pizza Salami')).toBeInTheDocument();
    expect(within(first).getByText('Extra Salami')).toBeInTheDocument();
    expect(within(second).getByText('½ Pizza Funghi')).toBeInTheDocument();
    expect(within(second).getByText('2 × Sardellen')).toBeInTheDocument();
  });

  it('prints both halves on the kitchen ticket, each followed by its toppings', async () => {
    localStorage.clear();
    clearStaffSession();
    signedInDevice();
    vi.stubGlobal('print', vi.fn());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ ...REFRESH, 'GET /api/admin/orders/5': { status: 200, body: order } });
    renderWithProviders(<TicketPage orderId={5} />, { route: '/orders/5/ticket', queryData: [testStoreQuery] });
    const ticket = await screen.findByRole('article', { name: 'Küchenbon' });
    const line = within(ticket).getByText('1× ½ Pizza Salami | ½ Pizza Funghi (Groß)').closest('li');
    if (!line) throw new Error('Expected the line');
    const printed = line.querySelectorAll('.ticket-line, .ticket-half-name, .ticket-extras li');
    expect([...printed].map((node) => node.textContent)).toEqual([
      '1× ½ Pizza Salami | ½ Pizza Funghi (Groß)',
      '½ Pizza Salami:',
      '+ Extra Salami',
      '½ Pizza Funghi:',
      '+ 2× Sardellen',
    ]);
  });
});
