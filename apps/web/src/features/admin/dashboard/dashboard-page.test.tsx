import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { clearStaffSession } from '../auth/staff-session.ts';
import { signedInDevice, staffTokens } from '../test-staff.ts';

function order(id: number, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    store_id: 1,
    status,
    order_type: 'delivery',
    payment_method: 'cash',
    postcode: '10115',
    requested_time: null,
    promised_at: '2026-11-23T12:45:00.000Z',
    eta_minutes: null,
    eta_at: null,
    rejection_reason: null,
    cancellation_reason: null,
    note: null,
    customer_name: 'Maria Rossi',
    phone: '030123456',
    email: null,
    address: { line1: 'Hauptstr. 1', line2: null, city: 'Berlin', zip: '10115', country: 'DE' },
    items: [],
    subtotal: 24.5,
    discount_code: null,
    discount_percentage: 0,
    discount: 0,
    delivery_fee: 2,
    total: 26.5,
    vat: [],
    created_at: new Date().toISOString(),
    ...extra,
  };
}

beforeEach(async () => {
  localStorage.clear();
  clearStaffSession();
  signedInDevice();
  await i18n.changeLanguage('de');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard', () => {
  it('counts the waiting orders and lists the newest with number, type, total and status', async () => {
    fakeApi({
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
      'GET /api/admin/orders?status=waiting&limit=200': { status: 200, body: [order(12, 'waiting')] },
      'GET /api/admin/orders?limit=20': {
        status: 200,
        body: [order(12, 'waiting'), order(11, 'accepted', { order_type: 'pickup', total: 9.9 })],
      },
    });
    renderWithProviders(<AdminArea />, { route: '/home' });

    expect(await screen.findByText('1 Bestellung wartet auf Antwort')).toBeInTheDocument();
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['#12', expect.stringMatching(/^\d\d:\d\d$/), 'Lieferung', expect.stringMatching(/^26,50\s€$/), 'Wartet'],
      ['#11', expect.stringMatching(/^\d\d:\d\d$/), 'Abholung', expect.stringMatching(/^9,90\s€$/), 'Angenommen'],
    ]);
    // On a phone the table scrolls sideways: keyboard users reach it as a named region.
    expect(screen.getByRole('table').closest('[role="region"]')).toHaveAttribute('tabindex', '0');
  });

  it('says when nothing waits and shows more than a page as 200+', async () => {
    fakeApi({
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
      'GET /api/admin/orders?status=waiting&limit=200': {
        status: 200,
        body: Array.from({ length: 200 }, (_, index) => order(index + 1, 'waiting')),
      },
      'GET /api/admin/orders?limit=20': { status: 200, body: [] },
    });
    renderWithProviders(<AdminArea />, { route: '/home' });
    expect(await screen.findByText('Mehr als 200 Bestellungen warten auf Antwort')).toBeInTheDocument();
    expect(screen.getByText('Noch keine Bestellungen.')).toBeInTheDocument();
  });
});
