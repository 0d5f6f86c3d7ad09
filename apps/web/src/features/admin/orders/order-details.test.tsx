import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { testStoreQuery } from '../../store/test-store.ts';
import { OrderDetails } from './order-details.tsx';
import { mapSearchHref, telHref } from './order-links.ts';
import { testAdminOrder, testAdminOrderWithDeposit } from './test-admin-order.ts';

function renderDetails(order: AdminOrder) {
  return renderWithProviders(<OrderDetails order={order} />, { queryData: [testStoreQuery] });
}

/** The text of a `dl` row (`dt` and `dd`), found by its term. */
function fact(term: string): HTMLElement {
  const row = screen.getByText(term, { selector: 'dt' }).parentElement;
  if (!row) throw new Error(`No row for ${term}`);
  return row;
}

/** The fixture's day, lunchtime in Berlin: its times show without a date. */
const TODAY = new Date('2026-11-23T11:30:00.000Z');

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
  await i18n.changeLanguage('de');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('order details', () => {
  it('says an order the customer cancelled was cancelled by the customer', () => {
    renderDetails(testAdminOrder({ status: 'cancelled', cancelled_by: 'customer', cancellation_reason: null }));
    const header = screen.getByRole('heading', { name: 'Bestellung #5' }).closest('header');
    if (!header) throw new Error('Expected a header');
    expect(within(header).getByText('Vom Kunden storniert')).toBeInTheDocument();
  });

  it('shows the lines with size and extras, the note, totals and VAT per rate', () => {
    renderDetails(testAdminOrder());

    expect(screen.getByRole('heading', { name: 'Bestellung #5' })).toBeInTheDocument();
    const header = screen.getByRole('heading', { name: 'Bestellung #5' }).closest('header');
    if (!header) throw new Error('Expected a header');
    const head = within(header);
    expect(head.getByText('Angenommen')).toBeInTheDocument();
    expect(head.getByText('Lieferung')).toBeInTheDocument();

    const lines = within(screen.getByRole('list', { name: 'Bestellte Gerichte' }));
    const [pizza, cola] = lines
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('order-details-line'))
      .map((item) => within(item));
    if (!pizza || !cola) throw new Error('Expected two lines');
    expect(pizza.getByText('2 × Pizza Margherita (Groß)')).toBeInTheDocument();
    expect(pizza.getAllByRole('listitem').map((extra) => extra.textContent)).toEqual(['Extra Käse', '2 × Salami']);
    expect(pizza.getByText(/^28,00\s€$/)).toBeInTheDocument();
    expect(cola.getByText('1 × Cola 0,33 l')).toBeInTheDocument();

    expect(screen.getByText('Bitte klingeln bei Rossi')).toBeInTheDocument();
    expect(fact('Zwischensumme')).toHaveTextContent(/30,50\s€/);
    expect(fact('Liefergebühr')).toHaveTextContent(/2,00\s€/);
    expect(fact('Gesamt')).toHaveTextContent(/32,50\s€/);
    expect(fact('enthält 7 % MwSt.')).toHaveTextContent(/1,96\s€/);
    expect(fact('enthält 19 % MwSt.')).toHaveTextContent(/0,40\s€/);
    expect(fact('Bezahlung')).toHaveTextContent(/^Bezahlung\s*Barzahlung – 32,50\s€ kassieren$/);
  });

  it('names a line’s deposit under its price and adds the deposits up in their own row', () => {
    renderDetails(testAdminOrderWithDeposit());
    const lines = within(screen.getByRole('list', { name: 'Bestellte Gerichte' }))
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('order-details-line'));
    expect(lines[1]).toHaveTextContent(/zzgl\. 0,08\s€ Pfand/);
    expect(lines[0]).not.toHaveTextContent('Pfand');
    expect(fact('Pfand')).toHaveTextContent(/0,08\s€/);
    expect(fact('Gesamt')).toHaveTextContent(/32,58\s€/);
  });

  it('names the discount as the customer saw it, its percentage in the language’s number format', async () => {
    const pickup = testAdminOrder({
      order_type: 'pickup',
      delivery_fee: 0,
      discount_code: 'PICKUP_DISCOUNT',
      discount_percentage: 12.5,
      discount: 3.81,
      total: 26.69,
    });
    const view = renderDetails(pickup);
    expect(fact('Abholrabatt (12,5 %)')).toHaveTextContent(/−3,81\s€/);
    expect(screen.queryByText(/PICKUP_DISCOUNT/)).not.toBeInTheDocument();

    await i18n.changeLanguage('en');
    view.rerender(<OrderDetails order={pickup} />);
    expect(fact('Pickup discount (12.5 %)')).toHaveTextContent(/−€3\.81/);
    view.rerender(
      <OrderDetails
        order={testAdminOrder({ discount_code: 'DELIVERY_DISCOUNT', discount_percentage: 10, discount: 3.05 })}
      />,
    );
    expect(fact('Delivery discount (10 %)')).toHaveTextContent(/−€3\.05/);
  });

  it('names the voucher the customer entered with what it took off', () => {
    renderDetails(testAdminOrder({ voucher_code: 'WILLKOMMEN', voucher_discount: 2.5 }));
    expect(fact('Gutschein WILLKOMMEN')).toHaveTextContent(/−2,50\s€/);
  });

  it('has no deposit row for an order without deposits', () => {
    renderDetails(testAdminOrder());
    expect(screen.queryByText('Pfand', { selector: 'dt' })).toBeNull();
  });

  it('shows the times on the store’s clock: as soon as possible, or the requested time, and the promised time', () => {
    const { unmount } = renderDetails(testAdminOrder());
    expect(fact('Gewünschte Zeit')).toHaveTextContent(/^Gewünschte ZeitSo schnell wie möglich$/);
    // 12:45 UTC is 13:45 in Berlin, today: the time alone.
    expect(fact('Zugesagt für')).toHaveTextContent(/^Zugesagt für13:45$/);
    unmount();

    // A pre-order for tomorrow, accepted 15 minutes later than asked: with its date (18:30 UTC is 19:30
    // in Berlin), and staff's promise (`eta_at`) rather than the checkout's estimate.
    renderDetails(
      testAdminOrder({
        requested_time: '2026-11-24T18:30:00.000Z',
        promised_at: '2026-11-24T18:30:00.000Z',
        eta_at: '2026-11-24T18:45:00.000Z',
      }),
    );
    expect(fact('Gewünschte Zeit')).toHaveTextContent(/^Gewünschte Zeit24\.11\., 19:30$/);
    expect(fact('Zugesagt für')).toHaveTextContent(/^Zugesagt für24\.11\., 19:45$/);
  });

  it('calls the time of an order not yet accepted expected, not promised', () => {
    renderDetails(testAdminOrder({ status: 'waiting', eta_at: null }));
    expect(fact('Voraussichtlich (noch nicht zugesagt)')).toHaveTextContent(/13:45$/);
    expect(screen.queryByText('Zugesagt für')).not.toBeInTheDocument();
  });

  it('links the phone for calling, the e-mail, and the delivery address to a map in a new window', () => {
    renderDetails(testAdminOrder());

    expect(screen.getByRole('link', { name: '0151 234 567 89' })).toHaveAttribute('href', 'tel:015123456789');
    expect(screen.getByRole('link', { name: 'maria@example.com' })).toHaveAttribute('href', 'mailto:maria@example.com');
    expect(fact('Lieferadresse')).toHaveTextContent('Kastanienallee 32. OG links10435 Berlin');
    const map = screen.getByRole('link', { name: 'Auf der Karte zeigen' });
    expect(map).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=Kastanienallee%203%2C%2010435%20Berlin%2C%20DE',
    );
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
  });

  it('shows a phone number stored in E.164 as people read it, and dials it with its country code', () => {
    renderDetails(testAdminOrder({ phone: '+4915123456789' }));
    expect(screen.getByRole('link', { name: '01512 3456789' })).toHaveAttribute('href', 'tel:+4915123456789');
  });

  it('shows no address and no delivery fee for a pickup, and a PayPal order as paid', () => {
    renderDetails(
      testAdminOrder({ order_type: 'pickup', payment_method: 'paypal', payment_status: 'paid', delivery_fee: 0 }),
    );

    expect(screen.getByText('Abholung')).toBeInTheDocument();
    expect(screen.queryByText('Lieferadresse')).not.toBeInTheDocument();
    expect(screen.queryByText(/Kastanienallee/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Auf der Karte zeigen' })).not.toBeInTheDocument();
    expect(screen.queryByText('Liefergebühr')).not.toBeInTheDocument();
    expect(fact('Bezahlung')).toHaveTextContent('PayPal · bezahlt');
  });

  it('does not call a PayPal order paid while its payment is pending', () => {
    renderDetails(testAdminOrder({ payment_method: 'paypal', payment_status: 'unpaid', status: 'pending_payment' }));
    expect(fact('Bezahlung')).toHaveTextContent('Zahlung läuft');
    expect(fact('Bezahlung')).not.toHaveTextContent('bezahlt');
  });

  it.each([
    { payment_status: 'paid', de: 'PayPal · bezahlt', en: 'PayPal · paid', danger: false },
    { payment_status: 'unpaid', de: 'Zahlung läuft', en: 'Payment in progress', danger: false },
    { payment_status: 'pending', de: 'Zahlung läuft', en: 'Payment in progress', danger: false },
    { payment_status: 'refund_pending', de: 'Erstattung läuft', en: 'Refund in progress', danger: false },
    { payment_status: 'refunded', de: 'Erstattet', en: 'Refunded', danger: false },
    { payment_status: 'refund_failed', de: 'Erstattung fehlgeschlagen', en: 'Refund failed', danger: true },
    { payment_status: 'reversed', de: 'Zurückgebucht', en: 'Reversed', danger: true },
  ] as const)('shows a PayPal payment that is $payment_status as "$de" / "$en"', async (example) => {
    const order = testAdminOrder({
      status: 'cancelled',
      payment_method: 'paypal',
      payment_status: example.payment_status,
    });
    const view = renderDetails(order);
    const pill = within(fact('Bezahlung')).getByText(example.de);
    expect(pill).toHaveAttribute('data-payment', example.payment_status);
    expect(fact('Bezahlung')).not.toHaveTextContent('kassieren');

    await i18n.changeLanguage('en');
    view.rerender(<OrderDetails order={order} />);
    expect(within(fact('Payment')).getByText(example.en)).toBeInTheDocument();
  });

  it('says why PayPal refused the refund when it failed', () => {
    renderDetails(
      testAdminOrder({
        status: 'rejected',
        payment_method: 'paypal',
        payment_status: 'refund_failed',
        refund_failure: 'The refund amount exceeds the capture amount.',
      }),
    );
    expect(fact('Bezahlung')).toHaveTextContent(
      'Erstattung fehlgeschlagenPayPal meldet: The refund amount exceeds the capture amount.',
    );
  });

  it('promises nothing for an order rejected before anyone accepted it', () => {
    renderDetails(
      testAdminOrder({ status: 'rejected', rejection_reason: 'Zu viel los', eta_minutes: null, eta_at: null }),
    );
    expect(screen.queryByText('Zugesagt für')).not.toBeInTheDocument();
    expect(fact('Voraussichtlich (noch nicht zugesagt)')).toHaveTextContent(/13:45$/);
  });

  it('shows an expired order as expired and not paid, with nothing promised', () => {
    renderDetails(testAdminOrder({ status: 'expired', payment_method: 'paypal', payment_status: 'unpaid' }));
    expect(screen.getByText('Verfallen (nicht bezahlt)')).toBeInTheDocument();
    expect(screen.queryByText('Zugesagt für')).not.toBeInTheDocument();
    expect(screen.getByText('Voraussichtlich (noch nicht zugesagt)')).toBeInTheDocument();
  });

  it('lists the history in order with the time, the status and who made the change', () => {
    renderDetails(
      testAdminOrder({
        status: 'cancelled',
        cancellation_reason: 'Ofen defekt',
        history: [
          { status: 'waiting', at: '2026-11-23T11:58:00.000Z', actor: { kind: 'customer', name: 'Maria' }, note: null },
          { status: 'accepted', at: '2026-11-23T12:00:00.000Z', actor: { kind: 'staff', name: 'Luigi' }, note: null },
          {
            status: 'cancelled',
            at: '2026-11-23T12:10:00.000Z',
            actor: { kind: 'staff', name: null },
            note: 'Ofen defekt',
          },
          { status: 'completed', at: '2026-11-23T12:20:00.000Z', actor: { kind: 'system', name: null }, note: null },
        ],
      }),
    );

    const history = within(screen.getByRole('region', { name: 'Verlauf' }));
    const entries = history.getAllByRole('listitem');
    expect(history.getByRole('list').tagName).toBe('OL');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      '12:58WartetKunde',
      '13:00Angenommenvon Luigi',
      '13:10Storniertvon MitarbeiterOfen defekt',
      '13:20AbgeschlossenSystem',
    ]);
    expect(screen.getByText('Stornierungsgrund: Ofen defekt')).toBeInTheDocument();
  });

  it('names a guest as the guest', () => {
    renderDetails(testAdminOrder());
    const history = within(screen.getByRole('region', { name: 'Verlauf' }));
    expect(history.getAllByRole('listitem')[0]).toHaveTextContent('Gast');
  });
});

describe('order links', () => {
  it('keeps only digits and a leading plus for tel:', () => {
    expect(telHref(' +49 (30) 123-456 ')).toBe('tel:+4930123456');
    expect(telHref('030 / 12 34 56')).toBe('tel:030123456');
  });

  it('searches the map for the street, postcode, city and country', () => {
    expect(
      mapSearchHref({ line1: 'Straße 1 & 2', line2: 'Hinterhaus', city: 'Köln', zip: '50667', country: 'DE' }),
    ).toBe('https://www.openstreetmap.org/search?query=Stra%C3%9Fe%201%20%26%202%2C%2050667%20K%C3%B6ln%2C%20DE');
    // The guest form's way: the street in line 1, the house number before the floor in line 2.
    expect(
      mapSearchHref({ line1: 'Torstraße', line2: '12a, 3. OG', city: 'Berlin', zip: '10117', country: 'DE' }),
    ).toBe('https://www.openstreetmap.org/search?query=Torstra%C3%9Fe%2012a%2C%2010117%20Berlin%2C%20DE');
  });
});
