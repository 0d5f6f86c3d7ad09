import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderSchema, type Order } from '@pizzeria/domain';
import type { TestServer, TestUser } from '../../../test/helper.ts';
import { requestIdCollisions } from '../../../test/paypal-request-ids.ts';
import { captureResource, openPayPalShop, usePayPalShop } from '../../../test/paypal-shop.ts';

// PayPal keeps a `PayPal-Request-Id` for hours and answers a repeated one with its first answer, a refusal
// as well as a success. Two shops on one PayPal account, each on a database of its own (a restored backup,
// a staging copy, a second restaurant), number their orders alike: request ids made of those numbers
// made the second shop take the first one's PayPal order, capture and refund. And a capture refused
// because the buyer had not approved yet must not make every later capture replay that refusal.

const WEBHOOK_ID = 'WH-REQUEST-IDS';

interface Shop {
  name: string;
  app: FastifyInstance;
  admin: TestUser;
}

/** The first shop; the second opens on the same PayPal below. */
const firstShop = usePayPalShop({ webhookId: WEBHOOK_ID });
const { placePayPalOrder, startPayPal, capture, stored, approvedOrder, paidOrder, webhook } = firstShop;
let secondServer: TestServer | undefined;
let shops: Shop[];
/** Which shop sent the request at each index of `paypal.requests`. */
const senders: string[] = [];

/** Does what `action` does in the shop, and notes the shop as the sender of every PayPal request meanwhile. */
async function as<T>(shop: Shop, action: () => Promise<T>): Promise<T> {
  const from = firstShop.paypal.requests.length;
  try {
    return await action();
  } finally {
    for (let index = from; index < firstShop.paypal.requests.length; index += 1) senders[index] = shop.name;
  }
}

async function reject(shop: Shop, order: Order) {
  const response = await firstShop.reject(order, 'Kein Teig mehr', shop.admin, shop.app);
  expect(response.statusCode, response.body).toBe(200);
}

function requestIdsOf(shop: Shop): Set<string> {
  return new Set(
    firstShop.paypal.requests.flatMap((request, index) =>
      senders[index] === shop.name && request.requestId !== null ? [request.requestId] : [],
    ),
  );
}

beforeAll(async () => {
  const opened = await openPayPalShop(firstShop.paypal, { webhookId: WEBHOOK_ID });
  secondServer = opened.server;
  shops = [
    { name: 'the first shop', app: firstShop.app(), admin: firstShop.admin },
    { name: 'the second shop', app: opened.server.app, admin: opened.admin },
  ];
});

afterAll(async () => {
  await secondServer?.close();
});

describe('two shops on one PayPal account', () => {
  it('never send the same request id: each gets its own PayPal order, capture and refund', async () => {
    const [first, second] = shops as [Shop, Shop];
    const firstPaid = await as(first, () => paidOrder(first.app));
    const secondOrder = await as(second, () => placePayPalOrder({}, second.app));
    // What made the old ids collide: the second database numbers its order as the first did.
    expect(secondOrder.id).toBe(firstPaid.order.id);

    const secondPayPalOrder = await as(second, () => startPayPal(secondOrder, {}, second.app));
    expect(secondPayPalOrder).not.toBe(firstPaid.paypalOrderId);
    expect(firstShop.paypal.orders.get(secondPayPalOrder)?.referenceId).toBe(`order-${secondOrder.id}`);
    firstShop.paypal.approve(secondPayPalOrder);
    const secondPaid = await as(second, () => capture(secondOrder, {}, second.app));
    expect(secondPaid.statusCode, secondPaid.body).toBe(200);
    const firstCapture = firstShop.paypal.orders.get(firstPaid.paypalOrderId)?.capture;
    const secondCapture = firstShop.paypal.orders.get(secondPayPalOrder)?.capture;
    expect((await stored(firstPaid.order.id, first.app)).paypalCaptureId).toBe(firstCapture?.id);
    expect((await stored(secondOrder.id, second.app)).paypalCaptureId).toBe(secondCapture?.id);
    expect(secondCapture?.id).not.toBe(firstCapture?.id);

    // The second shop rejects its order: its customer gets the money back, the first shop's keeps paying.
    await as(second, async () => {
      await reject(second, secondOrder);
      await vi.waitFor(async () => expect((await stored(secondOrder.id, second.app)).paymentStatus).toBe('refunded'));
    });
    expect(secondCapture?.status).toBe('REFUNDED');
    expect(firstCapture?.status).toBe('COMPLETED');
    expect((await stored(firstPaid.order.id, first.app)).paymentStatus).toBe('paid');

    const firstIds = requestIdsOf(first);
    expect([...requestIdsOf(second)].filter((id) => firstIds.has(id))).toEqual([]);
  });
});

describe('a capture PayPal refuses because the buyer has not approved yet', () => {
  it('gets a new request id next time, so the capture after the approval pays', async () => {
    for (const shop of shops) {
      await as(shop, async () => {
        const order = await placePayPalOrder({}, shop.app);
        const paypalOrderId = await startPayPal(order, {}, shop.app);
        const early = await capture(order, {}, shop.app);
        expect(early.statusCode).toBe(422);
        expect(early.json()).toMatchObject({ code: 'payment_not_approved' });

        firstShop.paypal.approve(paypalOrderId);
        const paid = await capture(order, {}, shop.app);
        expect(paid.statusCode, paid.body).toBe(200);
        expect(orderSchema.parse(paid.json())).toMatchObject({ status: 'waiting', payment_status: 'paid' });
        const key = (await stored(order.id, shop.app)).paypalKey;
        const captures = firstShop.paypal.requests.filter(
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
    const app = shop.app;
    try {
      // The answer to a capture is lost: the retry is the same attempt, with the same id.
      const { order: lost } = await approvedOrder(shop.app);
      firstShop.paypal.dropNextCaptureAnswer = true;
      expect((await capture(lost, {}, shop.app)).statusCode).toBe(503);
      expect((await capture(lost, {}, shop.app)).statusCode).toBe(200);

      // A declined source, then PayPal's restart flow on the same PayPal order.
      const { order: declined, paypalOrderId: declinedPayPalOrder } = await approvedOrder(shop.app);
      firstShop.paypal.captureOutcome = 'DECLINED';
      expect((await capture(declined, {}, shop.app)).statusCode).toBe(422);
      firstShop.paypal.captureOutcome = 'COMPLETED';
      expect(await startPayPal(declined, {}, shop.app)).toBe(declinedPayPalOrder);
      firstShop.paypal.approve(declinedPayPalOrder);
      expect((await capture(declined, {}, shop.app)).statusCode).toBe(200);

      // A pending capture PayPal denies later: the next try is a new PayPal order.
      const { order: denied, paypalOrderId: deniedPayPalOrder } = await approvedOrder(shop.app);
      firstShop.paypal.captureOutcome = 'PENDING';
      expect((await capture(denied, {}, shop.app)).statusCode).toBe(202);
      firstShop.paypal.captureOutcome = 'COMPLETED';
      const hook = await webhook(
        'PAYMENT.CAPTURE.DENIED',
        captureResource(
          deniedPayPalOrder,
          (await stored(denied.id, shop.app)).paypalCaptureId ?? '',
          'DECLINED',
          denied.total.toFixed(2),
        ),
        undefined,
        app,
      );
      expect(hook.json()).toEqual({ result: 'handled' });
      const next = await startPayPal(denied, {}, shop.app);
      expect(next).not.toBe(deniedPayPalOrder);
      firstShop.paypal.approve(next);
      expect((await capture(denied, {}, shop.app)).statusCode).toBe(200);

      // A refund PayPal refuses, tried again by staff.
      const { order: refunded } = await paidOrder(shop.app);
      firstShop.paypal.refundOutcome = 'FAILED';
      await reject(shop, refunded);
      await vi.waitFor(async () => expect((await stored(refunded.id, shop.app)).paymentStatus).toBe('refund_failed'));
      firstShop.paypal.refundOutcome = 'COMPLETED';
      const retried = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${refunded.id}/refund`,
        headers: shop.admin.headers,
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect((await stored(refunded.id, shop.app)).paymentStatus).toBe('refunded');
    } finally {
      firstShop.paypal.captureOutcome = 'COMPLETED';
      firstShop.paypal.refundOutcome = 'COMPLETED';
      firstShop.paypal.dropNextCaptureAnswer = false;
    }
  }

  it('is new, but for retries of the same attempt: never another shop’s, another resource’s or a refused one', async () => {
    for (const shop of shops) await as(shop, () => everyKindOfAttempt(shop));
    const withIds = firstShop.paypal.requests.filter((request) => request.requestId !== null);
    expect(withIds.length).toBeGreaterThan(30);
    expect(requestIdCollisions(firstShop.paypal.requests, (index) => senders[index] ?? 'an unknown sender')).toEqual(
      [],
    );
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
