import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderSchema, paypalOrderSchema, type Order } from '@pizzeria/domain';
import { orders } from '../../db/schema.ts';
import {
  buildTestServer,
  createTestUser,
  pickupOrder,
  pinClock,
  simpleProduct,
  type TestServer,
  type TestUser,
} from '../../../test/helper.ts';
import { startFakePayPal, type FakePayPal } from '../../../test/fake-paypal.ts';
import { requestIdCollisions } from '../../../test/paypal-request-ids.ts';

// PayPal keeps a `PayPal-Request-Id` for hours and answers a repeated one with its first answer, a refusal
// as well as a success. Two shops on one PayPal account, each on a database of its own (a restored backup,
// a staging copy, a second restaurant), number their orders alike: request ids made of those numbers
// made the second shop take the first one's PayPal order, capture and refund. And a capture refused
// because the buyer had not approved yet must not make every later capture replay that refusal.

const WEBHOOK_ID = 'WH-REQUEST-IDS';

interface Shop {
  name: string;
  server: TestServer;
  admin: TestUser;
  productId: number;
}

let paypal: FakePayPal;
let shops: Shop[];
/** Which shop sent the request at each index of `paypal.requests`. */
const senders: string[] = [];

async function openShop(name: string): Promise<Shop> {
  const server = await buildTestServer({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.baseUrl,
    PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    PAYPAL_TIMEOUT_SECONDS: '1',
  });
  pinClock(server.app);
  const admin = await createTestUser(server.app, { role: 'admin' });
  return { name, server, admin, productId: (await simpleProduct(server.app)).id };
}

/** Does what `action` does in the shop, and notes the shop as the sender of every PayPal request meanwhile. */
async function as<T>(shop: Shop, action: () => Promise<T>): Promise<T> {
  const from = paypal.requests.length;
  try {
    return await action();
  } finally {
    for (let index = from; index < paypal.requests.length; index += 1) senders[index] = shop.name;
  }
}

async function placePayPalOrder(shop: Shop): Promise<Order> {
  const response = await shop.server.app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID() },
    payload: { ...pickupOrder(shop.productId), payment_method: 'paypal' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

async function startPayPal(shop: Shop, order: Order): Promise<string> {
  const response = await shop.server.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/paypal?token=${order.tracking_token}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return paypalOrderSchema.parse(response.json()).paypal_order_id;
}

function capture(shop: Shop, order: Order) {
  return shop.server.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/paypal/capture?token=${order.tracking_token}`,
  });
}

async function stored(shop: Shop, orderId: number) {
  const [row] = await shop.server.app.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId} in ${shop.name}`);
  return row;
}

/** A paid PayPal order of the shop and its PayPal order. */
async function paidOrder(shop: Shop): Promise<{ order: Order; paypalOrderId: string }> {
  const order = await placePayPalOrder(shop);
  const paypalOrderId = await startPayPal(shop, order);
  paypal.approve(paypalOrderId);
  const paid = await capture(shop, order);
  expect(paid.statusCode, paid.body).toBe(200);
  return { order, paypalOrderId };
}

async function reject(shop: Shop, order: Order) {
  const response = await shop.server.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/reject`,
    headers: shop.admin.headers,
    payload: { reason: 'Kein Teig mehr' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function requestIdsOf(shop: Shop): Set<string> {
  return new Set(
    paypal.requests.flatMap((request, index) =>
      senders[index] === shop.name && request.requestId !== null ? [request.requestId] : [],
    ),
  );
}

beforeAll(async () => {
  paypal = await startFakePayPal();
  shops = [await openShop('the first shop'), await openShop('the second shop')];
});

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.server.close()));
  await paypal.close();
});

describe('two shops on one PayPal account', () => {
  it('never send the same request id: each gets its own PayPal order, capture and refund', async () => {
    const [first, second] = shops as [Shop, Shop];
    const firstPaid = await as(first, () => paidOrder(first));
    const secondOrder = await as(second, () => placePayPalOrder(second));
    // What made the old ids collide: the second database numbers its order as the first did.
    expect(secondOrder.id).toBe(firstPaid.order.id);

    const secondPayPalOrder = await as(second, () => startPayPal(second, secondOrder));
    expect(secondPayPalOrder).not.toBe(firstPaid.paypalOrderId);
    expect(paypal.orders.get(secondPayPalOrder)?.referenceId).toBe(`order-${secondOrder.id}`);
    paypal.approve(secondPayPalOrder);
    const secondPaid = await as(second, () => capture(second, secondOrder));
    expect(secondPaid.statusCode, secondPaid.body).toBe(200);
    const firstCapture = paypal.orders.get(firstPaid.paypalOrderId)?.capture;
    const secondCapture = paypal.orders.get(secondPayPalOrder)?.capture;
    expect((await stored(first, firstPaid.order.id)).paypalCaptureId).toBe(firstCapture?.id);
    expect((await stored(second, secondOrder.id)).paypalCaptureId).toBe(secondCapture?.id);
    expect(secondCapture?.id).not.toBe(firstCapture?.id);

    // The second shop rejects its order: its customer gets the money back, the first shop's keeps paying.
    await as(second, async () => {
      await reject(second, secondOrder);
      await vi.waitFor(async () => expect((await stored(second, secondOrder.id)).paymentStatus).toBe('refunded'));
    });
    expect(secondCapture?.status).toBe('REFUNDED');
    expect(firstCapture?.status).toBe('COMPLETED');
    expect((await stored(first, firstPaid.order.id)).paymentStatus).toBe('paid');

    const firstIds = requestIdsOf(first);
    expect([...requestIdsOf(second)].filter((id) => firstIds.has(id))).toEqual([]);
  });
});

describe('a capture PayPal refuses because the buyer has not approved yet', () => {
  it('gets a new request id next time, so the capture after the approval pays', async () => {
    for (const shop of shops) {
      await as(shop, async () => {
        const order = await placePayPalOrder(shop);
        const paypalOrderId = await startPayPal(shop, order);
        const early = await capture(shop, order);
        expect(early.statusCode).toBe(422);
        expect(early.json()).toMatchObject({ code: 'payment_not_approved' });

        paypal.approve(paypalOrderId);
        const paid = await capture(shop, order);
        expect(paid.statusCode, paid.body).toBe(200);
        expect(orderSchema.parse(paid.json())).toMatchObject({ status: 'waiting', payment_status: 'paid' });
        const key = (await stored(shop, order.id)).paypalKey;
        const captures = paypal.requests.filter(
          (request) => request.path === `/v2/checkout/orders/${paypalOrderId}/capture`,
        );
        expect(captures.map((request) => request.requestId)).toEqual([`${key}-capture-0`, `${key}-capture-1`]);
      });
    }
  });
});

describe('every request id either shop sent', () => {
  /** Retries after lost answers, declines, a denied pending capture and a refused refund, in one shop. */
  async function everyKindOfAttempt(shop: Shop): Promise<void> {
    const app = shop.server.app;
    try {
      // The answer to a capture is lost: the retry is the same attempt, with the same id.
      const lost = await placePayPalOrder(shop);
      paypal.approve(await startPayPal(shop, lost));
      paypal.dropNextCaptureAnswer = true;
      expect((await capture(shop, lost)).statusCode).toBe(503);
      expect((await capture(shop, lost)).statusCode).toBe(200);

      // A declined source, then PayPal's restart flow on the same PayPal order.
      const declined = await placePayPalOrder(shop);
      const declinedPayPalOrder = await startPayPal(shop, declined);
      paypal.approve(declinedPayPalOrder);
      paypal.captureOutcome = 'DECLINED';
      expect((await capture(shop, declined)).statusCode).toBe(422);
      paypal.captureOutcome = 'COMPLETED';
      expect(await startPayPal(shop, declined)).toBe(declinedPayPalOrder);
      paypal.approve(declinedPayPalOrder);
      expect((await capture(shop, declined)).statusCode).toBe(200);

      // A pending capture PayPal denies later: the next try is a new PayPal order.
      const denied = await placePayPalOrder(shop);
      const deniedPayPalOrder = await startPayPal(shop, denied);
      paypal.approve(deniedPayPalOrder);
      paypal.captureOutcome = 'PENDING';
      expect((await capture(shop, denied)).statusCode).toBe(202);
      paypal.captureOutcome = 'COMPLETED';
      const signed = paypal.signWebhook(WEBHOOK_ID, 'PAYMENT.CAPTURE.DENIED', {
        id: (await stored(shop, denied.id)).paypalCaptureId,
        status: 'DECLINED',
        amount: { currency_code: 'EUR', value: denied.total.toFixed(2) },
        supplementary_data: { related_ids: { order_id: deniedPayPalOrder } },
      });
      const hook = await app.inject({
        method: 'POST',
        url: '/api/payments/paypal/webhook',
        headers: signed.headers,
        payload: signed.body,
      });
      expect(hook.json()).toEqual({ result: 'handled' });
      const next = await startPayPal(shop, denied);
      expect(next).not.toBe(deniedPayPalOrder);
      paypal.approve(next);
      expect((await capture(shop, denied)).statusCode).toBe(200);

      // A refund PayPal refuses, tried again by staff.
      const { order: refunded } = await paidOrder(shop);
      paypal.refundOutcome = 'FAILED';
      await reject(shop, refunded);
      await vi.waitFor(async () => expect((await stored(shop, refunded.id)).paymentStatus).toBe('refund_failed'));
      paypal.refundOutcome = 'COMPLETED';
      const retried = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${refunded.id}/refund`,
        headers: shop.admin.headers,
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect((await stored(shop, refunded.id)).paymentStatus).toBe('refunded');
    } finally {
      paypal.captureOutcome = 'COMPLETED';
      paypal.refundOutcome = 'COMPLETED';
      paypal.dropNextCaptureAnswer = false;
    }
  }

  it('is new, but for retries of the same attempt: never another shop’s, another resource’s or a refused one', async () => {
    for (const shop of shops) await as(shop, () => everyKindOfAttempt(shop));
    const withIds = paypal.requests.filter((request) => request.requestId !== null);
    expect(withIds.length).toBeGreaterThan(30);
    expect(requestIdCollisions(paypal.requests, (index) => senders[index] ?? 'an unknown sender')).toEqual([]);
  });

  it('are checked for what PayPal would replay (the check itself)', () => {
    const create = { method: 'POST', path: '/v2/checkout/orders' };
    const captureX = { method: 'POST', path: '/v2/checkout/orders/X/capture' };
    const captureY = { method: 'POST', path: '/v2/checkout/orders/Y/capture' };
    const requests = [
      // Two databases, the same local order: the ids made of it collide.
      { ...create, requestId: 'order-1-create-0', status: 201 },
      { ...create, requestId: 'order-1-create-0', status: 201 },
      // A capture refused as not approved, and the same id again after the approval.
      { ...captureX, requestId: 'capture-X-0', status: 422 },
      { ...captureX, requestId: 'capture-X-0', status: 422 },
      // An answer lost (the connection dropped), and the retry: fine.
      { ...captureY, requestId: 'capture-Y-0' },
      { ...captureY, requestId: 'capture-Y-0', status: 201 },
      // One refund id for two captures.
      { method: 'POST', path: '/v2/payments/captures/C1/refund', requestId: 'refund-0', status: 201 },
      { method: 'POST', path: '/v2/payments/captures/C2/refund', requestId: 'refund-0', status: 201 },
      // Requests without an id are not PayPal's to replay.
      { method: 'GET', path: '/v2/checkout/orders/X', requestId: null, status: 200 },
      { method: 'GET', path: '/v2/checkout/orders/X', requestId: null, status: 200 },
    ];
    const databaseOf = (index: number) => (index === 1 ? 'the second shop' : 'the first shop');
    expect(requestIdCollisions(requests, databaseOf)).toEqual([
      'create request id order-1-create-0 sent by the first shop and by the second shop',
      'capture request id capture-X-0 sent again after PayPal refused it',
      'refund request id refund-0 sent for /v2/payments/captures/C1/refund and for /v2/payments/captures/C2/refund',
    ]);
  });
});
