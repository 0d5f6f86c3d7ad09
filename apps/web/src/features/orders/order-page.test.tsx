import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { Order } from '@pizzeria/domain';
import { i18n } from '../../i18n/index.ts';
import { createTestQueryClient, renderWithProviders } from '../../lib/testing.tsx';
import { testStoreQuery } from '../store/test-store.ts';
import { ORDER_POLL_MS, orderQueryOptions } from './api/get-order.ts';
import OrderPage from './order-page.tsx';
import { testOrder } from './test-order.ts';

let current: { status: number; body: unknown };
const urls: string[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('de');
  urls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      urls.push(input);
      return Promise.resolve(new Response(JSON.stringify(current.body), { status: current.status }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

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

  it('shows an accepted order with its ETA in the store time zone', async () => {
    renderOrder({ status: 'accepted', eta_minutes: 30, eta_at: '2026-11-22T18:30:00.000Z' });
    expect(await screen.findByText('Das Restaurant hat Ihre Bestellung angenommen')).toBeInTheDocument();
    expect(screen.getByText('Voraussichtlich um 19:30 bei Ihnen.')).toBeInTheDocument();
  });

  it("says in English that the restaurant couldn't accept, with the reason", async () => {
    await i18n.changeLanguage('en');
    renderOrder({ status: 'rejected', rejection_reason: 'Kitchen closed early' });
    expect(await screen.findByText("Sorry, the restaurant couldn't accept your order")).toBeInTheDocument();
    expect(screen.getByText('Reason: Kitchen closed early')).toBeInTheDocument();
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

  it('polls every 5 s while the restaurant has not decided, and stops once it has', () => {
    const interval = orderQueryOptions(5, null).refetchInterval;
    expect(typeof interval).toBe('function');
    if (typeof interval !== 'function') return;
    const queryWith = (status: Order['status']) =>
      ({ state: { data: { ...testOrder, status } } }) as unknown as Parameters<typeof interval>[0];
    expect(interval(queryWith('waiting'))).toBe(ORDER_POLL_MS);
    expect(interval(queryWith('pending_payment'))).toBe(5_000);
    expect(interval(queryWith('accepted'))).toBe(false);
    expect(interval(queryWith('rejected'))).toBe(false);
  });
});
