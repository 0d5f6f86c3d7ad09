import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TodayReport } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import '../register-texts.ts';
import { asSignedInStaff, staffTokens } from '../test-staff.ts';
import { TodayAtAGlance } from './today-at-a-glance.tsx';

function report(extra: Partial<TodayReport> = {}): TodayReport {
  return {
    date: '2026-11-23',
    timezone: 'Europe/Berlin',
    orders: 12,
    waiting: 2,
    rejected: 1,
    cancelled: 0,
    revenue: {
      gross: 345.6,
      net: 312.34,
      deposit: 1.5,
      discount: 12.4,
      vouchers: { orders: 2, amount: 5.5 },
      vat: [
        { percentage: 7, net: 287.14, amount: 20.1 },
        { percentage: 19, net: 25.2, amount: 13.16 },
      ],
    },
    average_basket: 28.8,
    split: { delivery: { orders: 7, gross: 230.4 }, pickup: { orders: 5, gross: 115.2 } },
    best_sellers: [
      { product_id: 3, name: 'Pizza Margherita', quantity: 9, gross: 85.5 },
      // Half-and-half pizzas count as halves of their dishes.
      { product_id: 7, name: 'Pizza Funghi', quantity: 6.5, gross: 70.2 },
      { product_id: 21, name: 'Cola 0,33 l', quantity: 6, gross: 17.4 },
    ],
    per_hour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      orders: hour === 12 ? 3 : hour === 18 ? 8 : hour === 19 ? 1 : 0,
    })),
    ...extra,
  };
}

function answer(body: TodayReport) {
  return fakeApi({
    'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
    'GET /api/admin/reports/today': { status: 200, body },
  });
}

const euros = (text: string) => new RegExp(`^${text.replace('.', '\\.')}\\s€$`);

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('today at a glance', () => {
  it('shows the big numbers, net and VAT per rate, the split and the best sellers', async () => {
    const api = answer(report());
    renderWithProviders(<TodayAtAGlance />);
    const section = await screen.findByRole('region', { name: 'Heute auf einen Blick' });
    await within(section).findByText('Montag, 23. November');
    expect(api.calls.find((call) => call.path === '/api/admin/reports/today')?.headers.get('authorization')).toBe(
      'Bearer access-1',
    );

    const figure = (name: string) => within(section).getByText(name).nextElementSibling?.textContent;
    expect(figure('Bestellungen')).toBe('12');
    expect(figure('Umsatz brutto')).toMatch(euros('345,60'));
    expect(figure('Ø Warenkorb')).toMatch(euros('28,80'));
    expect(figure('Netto')).toMatch(euros('312,34'));
    expect(figure('Netto 7 %')).toMatch(euros('287,14'));
    expect(figure('MwSt. 7 %')).toMatch(euros('20,10'));
    expect(figure('Netto 19 %')).toMatch(euros('25,20'));
    expect(figure('MwSt. 19 %')).toMatch(euros('13,16'));
    expect(figure('davon Pfand (brutto)')).toMatch(euros('1,50'));
    expect(figure('Liefer-/Abholrabatt')).toMatch(euros('−12,40'));
    expect(figure('Gutscheine (2 Bestellungen)')).toMatch(euros('−5,50'));
    expect(within(section).getByText('2 warten noch')).toBeInTheDocument();
    expect(within(section).getByText(/Abgelehnt: 1 · Storniert: 0/)).toBeInTheDocument();
    expect(within(section).getByText(/^7 Bestellungen · 230,40\s€$/)).toBeInTheDocument();
    expect(within(section).getByText(/^5 Bestellungen · 115,20\s€$/)).toBeInTheDocument();

    const best = within(section).getByRole('region', { name: 'Bestseller' });
    expect(
      within(best)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^9 ×Pizza Margherita85,50\s€$/),
      expect.stringMatching(/^6,5 ×Pizza Funghi70,20\s€$/),
      expect.stringMatching(/^6 ×Cola 0,33 l17,40\s€$/),
    ]);
  });

  it('draws the orders per hour and lets screen readers hear the busy hours only', async () => {
    answer(report());
    renderWithProviders(<TodayAtAGlance />);
    const hours = await screen.findByRole('list', { name: 'Bestellungen pro Stunde' });
    expect(
      within(hours)
        .getAllByRole('listitem')
        .map((item) => within(item).getByText(/Uhr/).textContent),
    ).toEqual(['12 Uhr: 3 Bestellungen', '18 Uhr: 8 Bestellungen', '19 Uhr: 1 Bestellung']);
    // Every hour is drawn; the busiest is the full height.
    const bars = hours.querySelectorAll<HTMLElement>('.reports-hour');
    expect(bars).toHaveLength(24);
    expect(bars[18]?.style.getPropertyValue('--bar')).toBe('1');
    expect(bars[12]?.style.getPropertyValue('--bar')).toBe('0.375');
  });

  it('says when nothing has been sold yet, in English too', async () => {
    await i18n.changeLanguage('en');
    answer(
      report({
        orders: 0,
        waiting: 0,
        rejected: 0,
        revenue: { gross: 0, net: 0, deposit: 0, discount: 0, vouchers: { orders: 0, amount: 0 }, vat: [] },
        average_basket: 0,
        split: { delivery: { orders: 0, gross: 0 }, pickup: { orders: 0, gross: 0 } },
        best_sellers: [],
        per_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0 })),
      }),
    );
    renderWithProviders(<TodayAtAGlance />);
    expect(await screen.findByText('Nothing sold yet today.')).toBeInTheDocument();
    expect(screen.getByText('No orders yet today.')).toBeInTheDocument();
    expect(screen.getByText('Monday 23 November')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Orders per hour' })).not.toBeInTheDocument();
    // Nothing came off the goods: no discount or voucher rows.
    expect(screen.queryByText(/Vouchers/)).not.toBeInTheDocument();
    expect(screen.queryByText('Delivery/pickup discount')).not.toBeInTheDocument();
  });

  it('offers to try again when the report cannot be loaded', async () => {
    fakeApi({
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
      'GET /api/admin/reports/today': { status: 500, body: { message: 'kaputt', code: 'internal_error' } },
    });
    renderWithProviders(<TodayAtAGlance />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });
});
