import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { adminOrderSchema, apiErrorSchema, orderSchema, paymentMethodsSchema } from '@pizzeria/domain';
import { orderEvents, outbox, paypalWebhookEvents } from '../../db/schema.ts';
import { buildTestServer, createTestUser, MONDAY_EVENING, pickupOrder, pinClock } from '../../../test/helper.ts';
import { requestIdCollisions } from '../../../test/paypal-request-ids.ts';
import { captureResource, usePayPalShop } from '../../../test/paypal-shop.ts';

// PayPal beside cash, against a local server that speaks PayPal's REST API. Every outcome of a
// payment, and that money moves once: double and retried captures, replayed webhooks, a tampered amount,
// another customer's order, expiry, and refunds that fail first.

const WEBHOOK_ID = 'WH-TEST-4242';

const shop = usePayPalShop({ webhookId: WEBHOOK_ID });
// The customer's steps of a payment, and the shop, staff and PayPal around them.
const { placePayPalOrder, startPayPal, capture, payCash, approvedOrder, paidOrder } = shop;
const { app, setClock, stored, reject, webhook } = shop;

function captureRequests(paypalOrderId: string) {
  return shop.paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${paypalOrderId}/capture`);
}

afterAll(() => {
  // Every request id these tests made the shop send was new, but for retries of the same attempt.
  expect(requestIdCollisions(shop.paypal.requests)).toEqual([]);
});

describe('what the checkout offers', () => {
  it('names PayPal with its public client id and the store currency when configured', async () => {
    const response = await app().inject({ url: '/api/stores/13/payment-methods' });
    expect(paymentMethodsSchema.parse(response.json())).toEqual({
      cash: true,
      paypal: { client_id: shop.paypal.clientId, currency: 'EUR' },
    });
  });

  it('offers only cash, and refuses PayPal orders, without credentials', async () => {
    const plain = await buildTestServer({}, { database: 'pglite' });
    try {
      const methods = await plain.app.inject({ url: '/api/stores/13/payment-methods' });
      expect(methods.json()).toEqual({ cash: true, paypal: null });
      pinClock(plain.app);
      const refused = await plain.app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'idempotency-key': randomUUID() },
        payload: { ...pickupOrder(shop.productId), payment_method: 'paypal' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'payment_method_unavailable' });
      const hook = await plain.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook', payload: {} });
      expect(hook.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('a PayPal payment', () => {
  it('keeps the order from the kitchen until a completed capture of its total', async () => {
    const email = `paula-${randomUUID()}@example.com`;
    const mailsTo = async () =>
      (await app().database.db.select().from(outbox).where(eq(outbox.toAddress, email))).length;
    const order = await placePayPalOrder({ email });
    expect(order).toMatchObject({ status: 'pending_payment', payment_method: 'paypal', payment_status: 'unpaid' });
    const board = async () => (await app().orders.listBoard(13, MONDAY_EVENING, 'de')).map((entry) => entry.id);
    expect(await board()).not.toContain(order.id);

    const paypalOrderId = await startPayPal(order);
    // The amount is the server's total in the store's currency, never the client's.
    expect(shop.paypal.orders.get(paypalOrderId)?.amount).toEqual({
      currency_code: 'EUR',
      value: order.total.toFixed(2),
    });
    expect(await startPayPal(order)).toBe(paypalOrderId);

    const early = await capture(order);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      code: 'payment_not_approved',
      message: 'Bitte schließen Sie zuerst die Zahlung mit PayPal ab.',
    });

    shop.paypal.approve(paypalOrderId);
    // No confirmation is mailed for an order that is not paid.
    expect(await mailsTo()).toBe(0);
    const paid = await capture(order, { 'accept-language': 'en' });
    expect(paid.statusCode).toBe(200);
    const paidOrder = orderSchema.parse(paid.json());
    expect(paidOrder).toMatchObject({ status: 'waiting', payment_status: 'paid' });
    // Every change raises the revision (a trigger): clients keep the newer of two copies.
    expect(paidOrder.revision).toBeGreaterThan(order.revision);
    expect(await board()).toContain(order.id);
    const events = await app().database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.status)).toEqual(['pending_payment', 'waiting']);
    await vi.waitFor(async () => expect(await mailsTo()).toBe(1));
  });

  it('captures once when the customer captures twice at the same moment', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    const answers = await Promise.all([capture(order), capture(order), capture(order)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const row = await stored(order.id);
    expect(row).toMatchObject({ status: 'waiting', paymentStatus: 'paid' });
    expect(row.paypalCaptureId).toBe(shop.paypal.orders.get(paypalOrderId)?.capture?.id);
    // Every capture call PayPal saw carried the same request id: one charge.
    expect(new Set(captureRequests(paypalOrderId).map((request) => request.requestId)).size).toBe(1);
    const events = await app().database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((event) => event.status === 'waiting')).toHaveLength(1);
  });

  it('charges once when the answer to a capture is lost and the customer tries again', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    shop.paypal.dropNextCaptureAnswer = true;
    const lost = await capture(order);
    expect(lost.statusCode).toBe(503);
    expect(apiErrorSchema.parse(lost.json()).code).toBe('payment_error');
    expect((await stored(order.id)).status).toBe('pending_payment');

    const retried = await capture(order);
    expect(retried.statusCode).toBe(200);
    expect(orderSchema.parse(retried.json())).toMatchObject({ status: 'waiting', payment_status: 'paid' });
    const requests = captureRequests(paypalOrderId);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.requestId).toBe(requests[1]?.requestId);
    expect((await stored(order.id)).paypalCaptureId).toBe(shop.paypal.orders.get(paypalOrderId)?.capture?.id);
  });

  it('gives up on PayPal answering too slowly, and charges once when the customer tries again', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    shop.paypal.delayMs = 1500;
    const slow = await capture(order);
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ code: 'payment_error' });
    // PayPal captured it all the same, after the shop stopped waiting.
    await vi.waitFor(() => expect(shop.paypal.orders.get(paypalOrderId)?.capture?.status).toBe('COMPLETED'));
    shop.paypal.delayMs = 0;
    const retried = await capture(order);
    expect(retried.statusCode).toBe(200);
    expect((await stored(order.id)).paypalCaptureId).toBe(shop.paypal.orders.get(paypalOrderId)?.capture?.id);
    const ids = captureRequests(paypalOrderId).map((request) => request.requestId);
    expect(new Set(ids).size).toBe(1);
  });

  it('lets the buyer choose another source after a decline, with a new request id', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    shop.paypal.captureOutcome = 'DECLINED';
    const declined = await capture(order, { 'accept-language': 'en' });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toEqual({
      code: 'payment_declined',
      message: 'Your payment method was declined. Please try another.',
    });
    expect((await stored(order.id)).paymentStatus).toBe('declined');

    // PayPal's restart flow: the same PayPal order, approved again with another source.
    expect(await startPayPal(order)).toBe(paypalOrderId);
    shop.paypal.captureOutcome = 'COMPLETED';
    shop.paypal.approve(paypalOrderId);
    const paid = await capture(order);
    expect(paid.statusCode).toBe(200);
    const ids = captureRequests(paypalOrderId).map((request) => request.requestId);
    const key = (await stored(order.id)).paypalKey;
    expect(ids).toEqual([`${key}-capture-0`, `${key}-capture-1`]);
  });

  it.each([
    ['INSUFFICIENT_FUNDS', 'payment_insufficient_funds'],
    ['CARD_EXPIRED', 'payment_card_expired'],
  ] as const)('tells the buyer why the processor declined (%s)', async (outcome, code) => {
    const { order } = await approvedOrder();
    shop.paypal.captureOutcome = outcome;
    const declined = await capture(order);
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({ code });
    expect(await stored(order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'declined' });
  });

  it('refunds and never sends to the kitchen a capture of another amount than the total', async () => {
    const order = await placePayPalOrder();
    const paypalOrderId = await startPayPal(order);
    shop.paypal.tamper(paypalOrderId, '0.01');
    shop.paypal.approve(paypalOrderId);
    const tampered = await capture(order);
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json()).toMatchObject({ code: 'payment_failed' });
    await vi.waitFor(async () =>
      expect(await stored(order.id)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' }),
    );
    expect(shop.paypal.orders.get(paypalOrderId)?.capture?.status).toBe('REFUNDED');
    expect((await app().orders.listBoard(13, MONDAY_EVENING, 'de')).map((entry) => entry.id)).not.toContain(order.id);
  });

  it("never lets anyone else create, capture or switch another customer's order", async () => {
    const owner = await createTestUser(app());
    const stranger = await createTestUser(app());
    const order = await placePayPalOrder({ customer: owner });
    const paypalOrderId = await startPayPal(order, owner.headers);
    shop.paypal.approve(paypalOrderId);
    for (const path of ['paypal', 'paypal/capture', 'pay-cash']) {
      const asStranger = await app().inject({
        method: 'POST',
        url: `/api/orders/${order.id}/${path}`,
        headers: stranger.headers,
      });
      expect(asStranger.statusCode, path).toBe(404);
      const anonymous = await app().inject({ method: 'POST', url: `/api/orders/${order.id}/${path}?token=guess` });
      expect(anonymous.statusCode, path).toBe(404);
    }
    expect(await stored(order.id)).toMatchObject({ status: 'pending_payment', paymentMethod: 'paypal' });
    const own = await capture(order, owner.headers);
    expect(own.statusCode).toBe(200);
  });

  it('waits for PayPal on a pending capture, and one signed webhook completes it however often it comes', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    shop.paypal.captureOutcome = 'PENDING';
    const pending = await capture(order);
    expect(pending.statusCode).toBe(202);
    expect(orderSchema.parse(pending.json())).toMatchObject({ status: 'pending_payment', payment_status: 'pending' });
    const captureId = (await stored(order.id)).paypalCaptureId ?? '';

    const eventId = `WH-${randomUUID()}`;
    const resource = captureResource(paypalOrderId, captureId, 'COMPLETED', order.total.toFixed(2));
    const first = await webhook('PAYMENT.CAPTURE.COMPLETED', resource, eventId);
    expect(first.json()).toEqual({ result: 'handled' });
    expect(await stored(order.id)).toMatchObject({ status: 'waiting', paymentStatus: 'paid' });

    const replayed = await webhook('PAYMENT.CAPTURE.COMPLETED', resource, eventId);
    expect(replayed.json()).toEqual({ result: 'replayed' });
    const events = await app().database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.status)).toEqual(['pending_payment', 'waiting']);
    const recorded = await app()
      .database.db.select()
      .from(paypalWebhookEvents)
      .where(eq(paypalWebhookEvents.eventId, eventId));
    expect(recorded).toHaveLength(1);
  });

  it('gives the next try a new PayPal order after PayPal denied a pending capture', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    shop.paypal.captureOutcome = 'PENDING';
    expect((await capture(order)).statusCode).toBe(202);
    const captureId = (await stored(order.id)).paypalCaptureId ?? '';
    const denied = await webhook(
      'PAYMENT.CAPTURE.DENIED',
      captureResource(paypalOrderId, captureId, 'DECLINED', order.total.toFixed(2)),
    );
    expect(denied.json()).toEqual({ result: 'handled' });
    expect(await stored(order.id)).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'declined',
      paypalOrderId: null,
    });
    const next = await startPayPal(order);
    expect(next).not.toBe(paypalOrderId);
    const creates = shop.paypal.requests.filter((request) => request.path === '/v2/checkout/orders');
    expect(creates.at(-1)?.requestId).toBe(`${(await stored(order.id)).paypalKey}-create-1`);
  });

  it('refuses webhooks whose signature does not match the body, the webhook or a PayPal certificate', async () => {
    const order = await placePayPalOrder();
    const paypalOrderId = await startPayPal(order);
    const resource = captureResource(paypalOrderId, 'CAPTURE-X', 'COMPLETED', order.total.toFixed(2));
    const signed = shop.paypal.signWebhook(WEBHOOK_ID, 'PAYMENT.CAPTURE.COMPLETED', resource);
    const send = (headers: Record<string, string>, body: string) =>
      app().inject({ method: 'POST', url: '/api/payments/paypal/webhook', headers, payload: body });

    const altered = await send(signed.headers, signed.body.replace(order.total.toFixed(2), '0.01'));
    expect(altered.statusCode).toBe(400);
    expect(altered.json()).toMatchObject({ code: 'invalid_signature' });
    const otherHook = shop.paypal.signWebhook('WH-SOMEONE-ELSE', 'PAYMENT.CAPTURE.COMPLETED', resource);
    expect((await send(otherHook.headers, otherHook.body)).statusCode).toBe(400);
    const foreignCert = await send(
      { ...signed.headers, 'paypal-cert-url': 'https://evil.example/cert.pem' },
      signed.body,
    );
    expect(foreignCert.statusCode).toBe(400);
    const unsigned = await send({ 'content-type': 'application/json' }, signed.body);
    expect(unsigned.statusCode).toBe(400);
    expect(await stored(order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'unpaid' });
  });

  it('marks a capture PayPal reversed, for staff to see', async () => {
    const { order } = await paidOrder();
    const row = await stored(order.id);
    const reversed = await webhook('PAYMENT.CAPTURE.REVERSED', {
      ...captureResource(row.paypalOrderId ?? '', row.paypalCaptureId ?? '', 'REVERSED', order.total.toFixed(2)),
    });
    expect(reversed.json()).toEqual({ result: 'handled' });
    expect((await stored(order.id)).paymentStatus).toBe('reversed');
  });
});

describe('paying cash instead', () => {
  it('switches an unpaid order to cash and sends it to the kitchen', async () => {
    const order = await placePayPalOrder();
    await startPayPal(order);
    const response = await payCash(order);
    expect(response.statusCode, response.body).toBe(200);
    expect(orderSchema.parse(response.json())).toMatchObject({
      status: 'waiting',
      payment_method: 'cash',
      payment_status: null,
    });
    const again = await capture(order);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'order_not_payable' });
  });

  it('refunds a capture that completes after the customer switched to cash', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    shop.paypal.delayMs = 400;
    const capturing = capture(order);
    await vi.waitFor(() => expect(captureRequests(paypalOrderId)).toHaveLength(1));
    const cash = await payCash(order);
    expect(cash.statusCode).toBe(200);
    const late = await capturing;
    expect(orderSchema.parse(late.json())).toMatchObject({ status: 'waiting', payment_method: 'cash' });
    await vi.waitFor(() => expect(shop.paypal.orders.get(paypalOrderId)?.capture?.status).toBe('REFUNDED'), {
      timeout: 5000,
    });
    await vi.waitFor(async () => expect((await stored(order.id)).paymentStatus).toBe('refunded'), { timeout: 5000 });
  });

  it('refuses while PayPal holds a pending capture', async () => {
    const { order } = await approvedOrder();
    shop.paypal.captureOutcome = 'PENDING';
    expect((await capture(order)).statusCode).toBe(202);
    const response = await payCash(order);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'order_not_payable' });
  });
});

describe('unpaid orders', () => {
  it('expire after 30 minutes, once, and can be paid no more', async () => {
    const order = await placePayPalOrder();
    await startPayPal(order);
    setClock(29);
    await app().payments.sweep();
    expect((await stored(order.id)).status).toBe('pending_payment');
    setClock(31);
    await Promise.all([app().payments.sweep(), app().payments.sweep()]);
    expect((await stored(order.id)).status).toBe('expired');
    const events = await app().database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((event) => event.status === 'expired')).toHaveLength(1);
    const late = await capture(order);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'order_expired' });
    const cash = await payCash(order);
    expect(cash.statusCode).toBe(409);
  });

  it('refund a payment PayPal took for an order that expired before the shop heard of it', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    shop.paypal.dropNextCaptureAnswer = true;
    expect((await capture(order)).statusCode).toBe(503);
    setClock(31);
    await app().payments.sweep();
    await vi.waitFor(async () =>
      expect(await stored(order.id)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' }),
    );
    expect(shop.paypal.orders.get(paypalOrderId)?.capture?.status).toBe('REFUNDED');
  });
});

describe('refunds', () => {
  it('refunds a rejected paid order, shows a failed refund to staff and succeeds on retry', async () => {
    const { order } = await paidOrder();
    const captureId = (await stored(order.id)).paypalCaptureId;
    shop.paypal.refundOutcome = 'FAILED';
    const rejected = await reject(order);
    expect(rejected.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await stored(order.id)).paymentStatus).toBe('refund_failed'));
    const detail = adminOrderSchema.parse(
      (await app().inject({ url: `/api/admin/orders/${order.id}`, headers: shop.admin.headers })).json(),
    );
    expect(detail.payment_status).toBe('refund_failed');
    expect(detail.refund_failure).toContain('REFUND_FAILED_INSUFFICIENT_FUNDS');

    shop.paypal.refundOutcome = 'COMPLETED';
    const retried = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: shop.admin.headers,
    });
    expect(retried.statusCode).toBe(200);
    expect(orderSchema.parse(retried.json()).payment_status).toBe('refunded');
    const refunds = shop.paypal.requests.filter(
      (request) => request.path === `/v2/payments/captures/${captureId}/refund`,
    );
    // A refused refund needs a new request id; nothing was refunded twice.
    const key = (await stored(order.id)).paypalKey;
    expect(refunds.map((request) => request.requestId)).toEqual([`${key}-refund-0`, `${key}-refund-1`]);

    const nothingLeft = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: shop.admin.headers,
    });
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json()).toMatchObject({ code: 'refund_not_possible' });
  });

  it('refunds an accepted order staff cancel', async () => {
    const { order } = await paidOrder();
    const headers = shop.admin.headers;
    expect(
      (
        await app().inject({
          method: 'POST',
          url: `/api/admin/orders/${order.id}/accept`,
          headers,
          payload: { eta_minutes: 20 },
        })
      ).statusCode,
    ).toBe(200);
    const cancelled = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/cancel`,
      headers,
      payload: { reason: 'Ofen defekt' },
    });
    expect(cancelled.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await stored(order.id)).paymentStatus).toBe('refunded'));
  });

  it('refunds an order rejected by itself unanswered', async () => {
    const { order } = await paidOrder();
    setClock(60);
    expect(await app().orders.rejectUnanswered()).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () =>
      expect(await stored(order.id)).toMatchObject({ status: 'rejected', paymentStatus: 'refunded' }),
    );
  });

  it('counts the unanswered time from the payment, not from placing', async () => {
    const { order } = await approvedOrder();
    setClock(12);
    expect((await capture(order)).statusCode).toBe(200);
    setClock(20);
    await app().orders.rejectUnanswered();
    expect((await stored(order.id)).status).toBe('waiting');
  });

  it('records a refund PayPal reports by webhook, and a staff retry for a refund still pending at PayPal is harmless', async () => {
    const { order } = await paidOrder();
    const row = await stored(order.id);
    shop.paypal.refundOutcome = 'PENDING';
    await reject(order, 'Zu viel los');
    await vi.waitFor(async () => expect((await stored(order.id)).paypalRefundId).not.toBeNull());
    expect((await stored(order.id)).paymentStatus).toBe('refund_pending');
    const refunded = await webhook('PAYMENT.CAPTURE.REFUNDED', {
      id: 'REFUND-1',
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: order.total.toFixed(2) },
      links: [{ rel: 'up', href: `${shop.paypal.baseUrl}/v2/payments/captures/${row.paypalCaptureId}` }],
    });
    expect(refunded.json()).toEqual({ result: 'handled' });
    expect((await stored(order.id)).paymentStatus).toBe('refunded');
  });
});
