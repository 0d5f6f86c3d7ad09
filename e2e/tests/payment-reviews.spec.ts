import { expect, test, type APIRequestContext } from '../support/test.ts';
import type { Order, PayPalOrderRef, Product } from '@pizzeria/domain';
import { startFakePayPal, type FakePayPal } from '../../apps/server/test/fake-paypal.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { openStaffWindow, STAFF } from '../support/shop.ts';

// "Zahlungen prüfen" on the orders board (decision 012): a refund PayPal refuses stays in view, with what
// happened and what to do, until it is settled; staff retry it from there. The shop's own server talks to
// a local server that speaks PayPal's REST API and can refuse refunds.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

test.describe.configure({ timeout: 90_000 });

let paypal: FakePayPal;
let server: OwnServer;

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post(`${server.origin}/api/staff/login`, {
    form: { username: STAFF.email, password: STAFF.password },
  });
  expect(response.ok()).toBe(true);
  return { Authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

test.beforeAll(async ({ request }) => {
  paypal = await startFakePayPal();
  server = await startOwnServer(BASE_PORT + 62, {
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.baseUrl,
    },
  });
  // The board opens only later: online orders must not pause by themselves meanwhile.
  const headers = await adminHeaders(request);
  const settings = await request.get(`${server.origin}/api/admin/stores/13/board-settings`, { headers });
  const saved = await request.put(`${server.origin}/api/admin/stores/13/board-settings`, {
    headers,
    data: { ...((await settings.json()) as object), auto_pause_enabled: false },
  });
  expect(saved.ok()).toBe(true);
});

test.afterAll(async () => {
  await server?.dispose();
  await paypal?.close();
});

/** A guest's pickup order paid with PayPal (created, approved by the buyer, captured): waiting on the board. */
async function paidGuestOrder(request: APIRequestContext, name: string): Promise<Order> {
  const products = (await (await request.get(`${server.origin}/api/products/?store_id=13`)).json()) as Product[];
  const product = products.find(
    (candidate) => candidate.type === 'simple' && candidate.enriched_topping_groups.every((g) => g.min_select === 0),
  );
  if (!product) throw new Error('no simple product on the menu');
  const placed = await request.post(`${server.origin}/api/orders/guest`, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      store_id: 13,
      order_type: 'pickup',
      items: [{ product_id: product.id, quantity: 2, extras: [] }],
      requested_time: 'asap',
      payment_method: 'paypal',
      address: {
        type: 'shipping',
        customer_name: name,
        phone: '+49 30 555666',
        line1: 'Oranienstraße 12',
        city: 'Berlin',
        zip: '10999',
        country: 'DE',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as Order;
  const token = `?token=${order.tracking_token}`;
  const created = await request.post(`${server.origin}/api/orders/${order.id}/paypal${token}`);
  const { paypal_order_id: paypalOrderId } = (await created.json()) as PayPalOrderRef;
  paypal.approve(paypalOrderId);
  const captured = await request.post(`${server.origin}/api/orders/${order.id}/paypal/capture${token}`);
  expect(captured.status(), await captured.text()).toBe(200);
  return (await captured.json()) as Order;
}

test('a refund PayPal refused stays on the board under "Zahlungen prüfen" until a retry goes through', async ({
  page,
  request,
  browser,
}) => {
  const name = `Rita Refund ${test.info().project.name} ${Math.floor(Math.random() * 1e6)}`;
  const order = await paidGuestOrder(request, name);
  const staff = await openStaffWindow(browser, page, server.origin);
  const card = staff.getByRole('button', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await expect(staff.getByRole('region', { name: /^Zahlungen prüfen/ })).toHaveCount(0);

  // The kitchen says no, and PayPal refuses the refund (the PayPal balance cannot cover it).
  paypal.refundOutcome = 'FAILED';
  await card.click();
  const dialog = staff.getByRole('dialog', { name: `Bestellung #${order.id}` });
  await dialog.getByLabel('Wir haben gerade zu viele Bestellungen.').check();
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(dialog).toBeHidden();

  const reviews = staff.getByRole('region', { name: /^Zahlungen prüfen/ });
  const review = reviews.getByRole('article', { name: new RegExp(`^#${order.id} · ${name}`) });
  await expect(review).toBeVisible();
  await expect(review.getByText(/Die Erstattung von .+ an den Kunden ist fehlgeschlagen/)).toBeVisible();
  await expect(review.getByText(/REFUND_FAILED_INSUFFICIENT_FUNDS/)).toBeVisible();
  await expect(review.getByText(/Nächster automatischer Versuch:/)).toBeVisible();
  await expect(review.getByText(/Abgelehnt/)).toBeVisible();

  // Still there when the board is opened afresh.
  await staff.reload();
  await expect(review).toBeVisible();

  // The balance is topped up; staff retry from the list, and it goes away once the money is back.
  paypal.refundOutcome = 'COMPLETED';
  await review.getByRole('button', { name: 'Erstattung erneut versuchen' }).click();
  await expect(review).toBeHidden();
  await expect(staff.locator(`[data-order-id="${order.id}"]`).getByText('Erstattet')).toBeVisible();
  // This journey's PayPal holds one payment: refunded once.
  expect([...paypal.orders.values()].map((candidate) => candidate.capture?.status)).toEqual(['REFUNDED']);
  await staff.context().close();
});
