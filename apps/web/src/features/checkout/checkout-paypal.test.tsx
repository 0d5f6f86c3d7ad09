import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { buildCartItem, type Order, type PaymentMethods, type TimeSlots } from '@pizzeria/domain';
import { i18n } from '../../i18n/index.ts';
import { renderWithProviders } from '../../lib/testing.tsx';
import { isOrderPlaced, useCart, discountsQueryOptions } from '../cart/index.ts';
import { discounts, margherita } from '../menu/test-catalogue.ts';
import { testOrder } from '../orders/test-order.ts';
import { paymentMethodsQueryOptions } from '../payments/index.ts';
import { approvePayPal, cancelPayPal, clickPayPal, fakePayPal, resetFakePayPal } from '../payments/test-paypal.tsx';
import { useStoreStatus } from '../store-status/index.ts';
import { testStoreQuery } from '../store/test-store.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { startCheckout, stubFetch, type FakeAnswer } from './test-checkout.ts';

vi.mock('@paypal/react-paypal-js', () => import('../payments/test-paypal.tsx'));

const pizza = buildCartItem(margherita, { variantId: 42, extras: [], quantity: 2 });
const slots: TimeSlots = {
  asap_available: true,
  asap_ready_at: '2026-11-22T18:40:00.000Z',
  slots: [{ time: '2026-11-22T19:00:00.000Z', label: '20:00' }],
  timezone: 'Europe/Berlin',
  date: '2026-11-22',
  days: [{ date: '2026-11-22', available: true }],
};
const withPayPal: PaymentMethods = { cash: true, paypal: { client_id: 'public-client-id', currency: 'EUR' } };
const unpaid: Order = { ...testOrder, status: 'pending_payment', payment_method: 'paypal', payment_status: 'unpaid' };

type Answer = FakeAnswer;
let answers: Map<string, Answer[]>;
const calls: { url: string; init: RequestInit | undefined }[] = [];

/** Answers for `METHOD /path` (without the query), in turn; the last one stays. */
function answer(route: string, ...list: Answer[]) {
  answers.set(route, list);
}
const callsTo = (route: string) =>
  calls.filter((call) => `${call.init?.method ?? 'GET'} ${call.url}`.startsWith(route));

beforeEach(async () => {
  await startCheckout({ items: [pizza], note: '' });
  calls.length = 0;
  answers = new Map();
  resetFakePayPal();
  answer('GET /api/stores/13/slots', { status: 200, body: slots });
  stubFetch(calls, (input, init) => answers.get(`${init?.method ?? 'GET'} ${input.split('?')[0] ?? ''}`));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCheckout(methods: PaymentMethods = withPayPal) {
  return renderWithProviders(
    <Switch>
      <Route path="/checkout">
        <CheckoutPage guest customerAddressId={null} />
      </Route>
      <Route path="/order/:id">{(params) => <p>order page {params.id} reached</p>}</Route>
    </Switch>,
    {
      route: '/checkout',
      queryData: [
        testStoreQuery,
        [discountsQueryOptions().queryKey, discounts],
        [paymentMethodsQueryOptions().queryKey, methods],
      ],
    },
  );
}

async function choosePayPal() {
  await screen.findByLabelText(/So schnell wie möglich/);
  await userEvent.click(screen.getByRole('radio', { name: /PayPal/ }));
  await screen.findByTestId('paypal-buttons');
}

/** An order placed for PayPal whose window the customer closed; paying it in cash opens its page. */
async function cancelPayPalOrder() {
  answer('POST /api/orders/guest', { status: 201, body: unpaid });
  answer('POST /api/orders/5/paypal', { status: 200, body: { paypal_order_id: 'PAYPAL-ORDER-1' } });
  answer('POST /api/orders/5/pay-cash', {
    status: 200,
    body: { ...unpaid, status: 'waiting', payment_method: 'cash', payment_status: null, tracking_token: undefined },
  });
  renderCheckout();
  await choosePayPal();
  await act(() => clickPayPal());
  act(() => cancelPayPal());
}

describe('checkout with PayPal', () => {
  it('offers PayPal only when the server has it configured', async () => {
    renderCheckout({ cash: true, paypal: null });
    await screen.findByLabelText(/So schnell wie möglich/);
    expect(screen.getByRole('radio', { name: /Barzahlung/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /PayPal/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Bald verfügbar/)).not.toBeInTheDocument();
  });

  it('replaces the order button by PayPal, loaded with the store currency, capture, and no card funding', async () => {
    renderCheckout();
    await choosePayPal();
    expect(screen.queryByRole('button', { name: /Zahlungspflichtig bestellen/ })).not.toBeInTheDocument();
    expect(fakePayPal.options).toMatchObject({
      clientId: 'public-client-id',
      currency: 'EUR',
      intent: 'capture',
      disableFunding: 'card',
      components: 'buttons',
      locale: 'de_DE',
    });
    // The click places the order: PayPal's button says so ("Jetzt kaufen", § 312j BGB).
    expect(fakePayPal.buttons?.style).toMatchObject({ label: 'buynow' });
    await userEvent.click(screen.getByRole('radio', { name: /Barzahlung/ }));
    expect(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeInTheDocument();
  });

  it('keeps PayPal closed and places nothing while the form is invalid', async () => {
    useStoreStatus.setState({ status: { kind: 'opens_at', time: '20:00' } });
    renderCheckout();
    await screen.findByLabelText('Uhrzeit');
    await userEvent.click(screen.getByRole('radio', { name: /PayPal/ }));
    await screen.findByTestId('paypal-buttons');
    // No time chosen: the same message the order button gives.
    const click = await act(() => clickPayPal());
    expect(click.opened).toBe(false);
    expect(screen.getByText('Bitte wählen Sie eine gültige Zeit.')).toBeInTheDocument();
    expect(callsTo('POST /api/orders')).toHaveLength(0);
  });

  it("places the order as a PayPal order, hands PayPal's order id over, and re-uses the order after a cancel", async () => {
    answer('POST /api/orders/guest', { status: 201, body: unpaid });
    answer('POST /api/orders/5/paypal', { status: 200, body: { paypal_order_id: 'PAYPAL-ORDER-1' } });
    renderCheckout();
    await choosePayPal();
    const first = await act(() => clickPayPal());
    expect(first).toEqual({ opened: true, paypalOrderId: 'PAYPAL-ORDER-1' });
    const placed = callsTo('POST /api/orders/guest');
    expect(placed).toHaveLength(1);
    expect(JSON.parse(String(placed[0]?.init?.body))).toMatchObject({ payment_method: 'paypal', store_id: 13 });
    expect(callsTo('POST /api/orders/5/paypal')[0]?.url).toBe('/api/orders/5/paypal?token=secret-token');

    act(() => cancelPayPal());
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Zahlung wurde abgebrochen.');
    expect(screen.getByRole('button', { name: 'Stattdessen bar bezahlen' })).toBeInTheDocument();
    expect(isOrderPlaced()).toBe(false);

    const second = await act(() => clickPayPal());
    expect(second.paypalOrderId).toBe('PAYPAL-ORDER-1');
    const keys = callsTo('POST /api/orders/guest').map((call) =>
      new Headers(call.init?.headers).get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('opens the order page and marks the cart ordered once PayPal captured the payment', async () => {
    answer('POST /api/orders/guest', { status: 201, body: unpaid });
    answer('POST /api/orders/5/paypal', { status: 200, body: { paypal_order_id: 'PAYPAL-ORDER-1' } });
    answer('POST /api/orders/5/paypal/capture', {
      status: 200,
      body: { ...unpaid, status: 'waiting', payment_status: 'paid', tracking_token: undefined },
    });
    const { queryClient } = renderCheckout();
    await choosePayPal();
    await act(() => clickPayPal());
    await act(() => approvePayPal('PAYPAL-ORDER-1'));
    expect(await screen.findByText('order page 5 reached')).toBeInTheDocument();
    expect(callsTo('POST /api/orders/5/paypal/capture')[0]?.url).toBe(
      '/api/orders/5/paypal/capture?token=secret-token',
    );
    expect(isOrderPlaced()).toBe(true);
    expect(queryClient.getQueryData(['order', 5, 'secret-token'])).toMatchObject({ payment_status: 'paid' });
  });

  it('opens the order page too when PayPal holds the payment (202 pending)', async () => {
    answer('POST /api/orders/guest', { status: 201, body: unpaid });
    answer('POST /api/orders/5/paypal', { status: 200, body: { paypal_order_id: 'PAYPAL-ORDER-1' } });
    answer('POST /api/orders/5/paypal/capture', { status: 202, body: { ...unpaid, payment_status: 'pending' } });
    renderCheckout();
    await choosePayPal();
    await act(() => clickPayPal());
    await act(() => approvePayPal('PAYPAL-ORDER-1'));
    expect(await screen.findByText('order page 5 reached')).toBeInTheDocument();
  });

  it('says a declined payment method and lets PayPal restart, keeping the cart', async () => {
    answer('POST /api/orders/guest', { status: 201, body: unpaid });
    answer('POST /api/orders/5/paypal', { status: 200, body: { paypal_order_id: 'PAYPAL-ORDER-1' } });
    answer('POST /api/orders/5/paypal/capture', {
      status: 422,
      body: { code: 'payment_declined', message: 'declined' },
    });
    renderCheckout();
    await choosePayPal();
    await act(() => clickPayPal());
    const { restart } = await act(() => approvePayPal('PAYPAL-ORDER-1'));
    expect(restart).toHaveBeenCalledOnce();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ihre Zahlungsart wurde abgelehnt. Bitte wählen Sie eine andere.',
    );
    expect(isOrderPlaced()).toBe(false);
    expect(useCart.getState().items).toHaveLength(1);
    expect(screen.queryByText(/order page/)).not.toBeInTheDocument();
  });

  it('does not restart PayPal after a failure that another source would not mend, and says it in English', async () => {
    await i18n.changeLanguage('en');
    answer('POST /api/orders/guest', { status: 201, body: unpaid });
    answer('POST /api/orders/5/paypal', { status: 200, body: { paypal_order_id: 'PAYPAL-ORDER-1' } });
    answer('POST /api/orders/5/paypal/capture', { status: 422, body: { code: 'payment_failed', message: 'x' } });
    renderCheckout();
    await screen.findByLabelText(/As soon as possible/);
    await userEvent.click(screen.getByRole('radio', { name: /PayPal/ }));
    await screen.findByTestId('paypal-buttons');
    expect(fakePayPal.options?.locale).toBe('en_GB');
    await act(() => clickPayPal());
    const { restart } = await act(() => approvePayPal('PAYPAL-ORDER-1'));
    expect(restart).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
  });

  it('switches a cancelled PayPal order to cash and opens its page', async () => {
    await cancelPayPalOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Stattdessen bar bezahlen' }));
    expect(await screen.findByText('order page 5 reached')).toBeInTheDocument();
    expect(callsTo('POST /api/orders/5/pay-cash')[0]?.url).toBe('/api/orders/5/pay-cash?token=secret-token');
    expect(isOrderPlaced()).toBe(true);
  });

  it('pays the placed PayPal order in cash when the customer switches back to cash, never placing a second one', async () => {
    await cancelPayPalOrder();
    await userEvent.click(screen.getByRole('radio', { name: /Barzahlung/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByText('order page 5 reached')).toBeInTheDocument();
    expect(callsTo('POST /api/orders/guest')).toHaveLength(1);
    expect(callsTo('POST /api/orders/5/pay-cash')).toHaveLength(1);
  });

  it("shows the checkout's own message when the order cannot be placed, and no second PayPal error", async () => {
    answer('POST /api/orders/guest', { status: 422, body: { code: 'below_minimum_order', message: 'x' } });
    renderCheckout();
    await choosePayPal();
    const click = await act(() => clickPayPal());
    expect(click.paypalOrderId).toBeNull();
    expect(
      await screen.findByText('Der Mindestbestellwert für Ihre Postleitzahl ist noch nicht erreicht.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Bei der Zahlung ist ein Fehler aufgetreten/)).not.toBeInTheDocument();
    expect(callsTo('POST /api/orders/5/paypal')).toHaveLength(0);
  });

  it("says PayPal's own error when its script fails", async () => {
    renderCheckout();
    await choosePayPal();
    act(() => fakePayPal.buttons?.onError?.({ message: 'script error' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Bei der Zahlung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
      ),
    );
  });
});
