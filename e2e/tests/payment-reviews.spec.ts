import { expect, test, type APIRequestContext } from '../support/test.ts';
import type { Order, PayPalOrderRef } from '@pizzeria/domain';
import { placeGuestOrder } from '../support/orders.ts';
import { usePayPalServer } from '../support/paypal-server.ts';
import { openStaffWindow } from '../support/shop.ts';

// "Zahlungen prüfen" on the orders board (decision 012): a refund PayPal refuses stays in view, with what
// happened and what to do, until it is settled; staff retry it from there. The shop's own server talks to
// a local server that speaks PayPal's REST API and can refuse refunds.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

test.describe.configure({ timeout: 90_000 });

// The board opens only later: online orders must not pause by themselves meanwhile.
const shop = usePayPalServer(BASE_PORT + 62, { withoutAutomaticPauses: true });

/** A guest's pickup order paid with PayPal (created, approved by the buyer, captured): waiting on the board. */
async function paidGuestOrder(request: APIRequestContext, name: string): Promise<Order> {
  const order = await placeGuestOrder(
    request,
    shop.server.origin,
    { name, phone: '+49 30 555666' },
    { paymentMethod: 'paypal', quantity: 2 },
  );
  const token = `?token=${order.tracking_token}`;
  const created = await request.post(`${shop.server.origin}/api/orders/${order.id}/paypal${token}`);
  const { paypal_order_id: paypalOrderId } = (await created.json()) as PayPalOrderRef;
  shop.paypal.approve(paypalOrderId);
  const captured = await request.post(`${shop.server.origin}/api/orders/${order.id}/paypal/capture${token}`);
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
  const staff = await openStaffWindow(browser, page, shop.server.origin);
  const card = staff.getByRole('button', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await expect(staff.getByRole('region', { name: /^Zahlungen prüfen/ })).toHaveCount(0);

  // The kitchen says no, and PayPal refuses the refund (the PayPal balance cannot cover it).
  shop.paypal.refundOutcome = 'FAILED';
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
  shop.paypal.refundOutcome = 'COMPLETED';
  await review.getByRole('button', { name: 'Erstattung erneut versuchen' }).click();
  await expect(review).toBeHidden();
  await expect(staff.locator(`[data-order-id="${order.id}"]`).getByText('Erstattet')).toBeVisible();
  // This journey's PayPal holds one payment: refunded once.
  expect([...shop.paypal.orders.values()].map((candidate) => candidate.capture?.status)).toEqual(['REFUNDED']);
  await staff.context().close();
});
