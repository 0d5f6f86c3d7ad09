import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderSchema, type Order } from '@pizzeria/domain';
import { loadConfig } from '../../config.ts';
import { buildServer } from '../../server.ts';
import { createFreshDatabase, type FreshDatabase } from '../../../test/fresh-database.ts';
import { createTestUser, MONDAY_EVENING, pinClock } from '../../../test/helper.ts';
import { captureResource, usePayPalShop } from '../../../test/paypal-shop.ts';
import { createPayPalClient } from './paypal-client.ts';

// Settlement (decision 012): a PayPal order the shop created and did not end up charging for is asked
// about by the sweep until settled, webhooks or not; money PayPal captured for it is refunded once.

const WEBHOOK_ID = 'WH-SETTLEMENT';

const shop = usePayPalShop({ webhookId: WEBHOOK_ID });
const { app, setClock, placePayPalOrder, startPayPal, capture, payCash, stored, approvedOrder, reject, webhook } = shop;

/** A PayPal order captured at PayPal whose capture answer the shop never got (it answered 503). */
async function capturedUnheard(instance: FastifyInstance = app()): Promise<{ order: Order; paypalOrderId: string }> {
  const { order, paypalOrderId } = await approvedOrder(instance);
  shop.paypal.dropNextCaptureAnswer = true;
  expect((await capture(order, {}, instance)).statusCode).toBe(503);
  expect(shop.paypal.orders.get(paypalOrderId)?.capture?.status).toBe('COMPLETED');
  return { order, paypalOrderId };
}

function refundsOf(paypalOrderId: string) {
  const captureId = shop.paypal.orders.get(paypalOrderId)?.capture?.id ?? '';
  return shop.paypal.requests.filter((request) => request.path === `/v2/payments/captures/${captureId}/refund`);
}

function lookupsOf(paypalOrderId: string) {
  return shop.paypal.requests.filter(
    (request) => request.method === 'GET' && request.path === `/v2/checkout/orders/${paypalOrderId}`,
  );
}

function lateWebhook(paypalOrderId: string) {
  const captured = shop.paypal.orders.get(paypalOrderId)?.capture;
  return webhook(
    'PAYMENT.CAPTURE.COMPLETED',
    captureResource(paypalOrderId, captured?.id ?? '', 'COMPLETED', captured?.amount.value ?? ''),
  );
}

/** The money came back, once, and nothing asks PayPal about it any more. */
async function expectRefundedOnce(orderId: number, paypalOrderId: string) {
  await vi.waitFor(async () => expect((await stored(orderId)).paymentStatus).toBe('refunded'));
  expect(shop.paypal.orders.get(paypalOrderId)?.capture?.status).toBe('REFUNDED');
  expect(refundsOf(paypalOrderId)).toHaveLength(1);
  expect((await stored(orderId)).paypalSettleAt).toBeNull();
}

describe('money PayPal captured for an order the shop did not charge', () => {
  it('is refunded once after the customer paid cash instead, without webhooks', async () => {
    const { order, paypalOrderId } = await capturedUnheard();
    const cash = await payCash(order);
    expect(orderSchema.parse(cash.json())).toMatchObject({ status: 'waiting', payment_method: 'cash' });

    await app().payments.sweep();
    await expectRefundedOnce(order.id, paypalOrderId);
    expect(await stored(order.id)).toMatchObject({ status: 'waiting', paymentMethod: 'cash' });

    // Neither another sweep nor PayPal's webhook arriving late refunds again, or asks PayPal again.
    const lookups = lookupsOf(paypalOrderId).length;
    setClock(24 * 60);
    await app().payments.sweep();
    expect((await lateWebhook(paypalOrderId)).json()).toEqual({ result: 'handled' });
    await app().payments.sweep();
    expect(refundsOf(paypalOrderId)).toHaveLength(1);
    expect(lookupsOf(paypalOrderId)).toHaveLength(lookups);
    expect((await stored(order.id)).paymentStatus).toBe('refunded');
  });

  it('is refunded once for an order that expired while PayPal could not be asked', async () => {
    const { order, paypalOrderId } = await capturedUnheard();
    setClock(31);
    // PayPal answers too slowly for the check right after expiry.
    shop.paypal.delayMs = 1500;
    await app().payments.sweep();
    expect(await stored(order.id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
    shop.paypal.delayMs = 0;
    // Not hammered: the next check waits for its backoff.
    await app().payments.sweep();
    expect((await stored(order.id)).paymentStatus).toBe('unpaid');

    setClock(33);
    await app().payments.sweep();
    await expectRefundedOnce(order.id, paypalOrderId);
    expect((await stored(order.id)).status).toBe('expired');
    setClock(60);
    await app().payments.sweep();
    expect((await lateWebhook(paypalOrderId)).statusCode).toBe(200);
    expect(refundsOf(paypalOrderId)).toHaveLength(1);
  });

  it('is refunded once for an order staff rejected while its capture was still under way at PayPal', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    // PayPal answers after the shop stopped waiting (1 s): the shop answers 503, PayPal captures a moment later.
    shop.paypal.delayMs = 1500;
    const slow = await capture(order);
    expect(slow.statusCode).toBe(503);
    expect((await payCash(order)).statusCode).toBe(200);
    const admin = await createTestUser(app(), { role: 'admin' });
    const rejected = await reject(order, 'Kein Teig mehr', admin);
    expect(rejected.statusCode).toBe(200);
    await vi.waitFor(() => expect(shop.paypal.orders.get(paypalOrderId)?.capture?.status).toBe('COMPLETED'));
    shop.paypal.delayMs = 0;

    await app().payments.sweep();
    await expectRefundedOnce(order.id, paypalOrderId);
    expect(await stored(order.id)).toMatchObject({ status: 'rejected', paymentMethod: 'cash' });
    await app().payments.sweep();
    expect(refundsOf(paypalOrderId)).toHaveLength(1);
  });

  it('is refunded once when several sweeps run at the same time', async () => {
    const { order, paypalOrderId } = await capturedUnheard();
    expect((await payCash(order)).statusCode).toBe(200);
    await Promise.all([app().payments.sweep(), app().payments.sweep(), app().payments.sweep()]);
    await expectRefundedOnce(order.id, paypalOrderId);
    expect(lookupsOf(paypalOrderId)).toHaveLength(1);
  });
});

describe('a PayPal order never captured', () => {
  it('is asked about with backoff until PayPal would have let it go, then never again', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    expect((await payCash(order)).statusCode).toBe(200);

    await app().payments.sweep();
    expect(lookupsOf(paypalOrderId)).toHaveLength(1);
    expect((await stored(order.id)).paypalSettleAt).toEqual(new Date(MONDAY_EVENING.getTime() + 60_000));
    await app().payments.sweep();
    expect(lookupsOf(paypalOrderId)).toHaveLength(1);
    setClock(1);
    await app().payments.sweep();
    expect(lookupsOf(paypalOrderId)).toHaveLength(2);
    expect((await stored(order.id)).paypalSettleAt).toEqual(new Date(MONDAY_EVENING.getTime() + 6 * 60_000));

    // Six hours after its payment window closed nothing can capture it any more: settled.
    setClock(30 + 6 * 60);
    await app().payments.sweep();
    const asked = lookupsOf(paypalOrderId).length;
    expect(await stored(order.id)).toMatchObject({ paypalSettleAt: null, paymentStatus: null });
    setClock(3 * 24 * 60);
    await app().payments.sweep();
    expect(lookupsOf(paypalOrderId)).toHaveLength(asked);
    expect(refundsOf(paypalOrderId)).toHaveLength(0);
  });

  it('is settled at once when PayPal no longer knows it', async () => {
    const order = await placePayPalOrder();
    const paypalOrderId = await startPayPal(order);
    shop.paypal.orders.delete(paypalOrderId);
    setClock(31);
    await app().payments.sweep();
    expect(await stored(order.id)).toMatchObject({ status: 'expired', paypalSettleAt: null });
    expect(lookupsOf(paypalOrderId)).toHaveLength(1);
  });
});

describe('a PayPal order PayPal created while the order stopped waiting for it', () => {
  /**
   * Starts "Zahlen mit PayPal" and, while PayPal is still creating the PayPal order, does `meanwhile`;
   * resolves to the shop's answer and the PayPal order PayPal created.
   */
  async function createWhile(order: Order, meanwhile: () => Promise<unknown>) {
    const sent = shop.paypal.requests.length;
    shop.paypal.delayMs = 400;
    const creating = app().inject({
      method: 'POST',
      url: `/api/orders/${order.id}/paypal?token=${order.tracking_token}`,
    });
    await vi.waitFor(() =>
      expect(
        shop.paypal.requests
          .slice(sent)
          .some((request) => request.method === 'POST' && request.path === '/v2/checkout/orders'),
      ).toBe(true),
    );
    await meanwhile();
    const answer = await creating;
    shop.paypal.delayMs = 0;
    const created = [...shop.paypal.orders.values()].find((candidate) => candidate.referenceId === `order-${order.id}`);
    if (!created) throw new Error(`PayPal created no order for ${order.id}`);
    return { answer, paypalOrderId: created.id };
  }

  it('is checked when the customer paid cash meanwhile, and money PayPal captured for it is refunded once', async () => {
    const order = await placePayPalOrder();
    const { answer, paypalOrderId } = await createWhile(order, async () => {
      expect((await payCash(order)).statusCode).toBe(200);
    });
    // Nothing is left to pay with it: the buyer gets no PayPal window for it.
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'order_not_payable' });
    // Still the order's own PayPal order (a webhook finds the order by it), due for its check at once.
    expect(await stored(order.id)).toMatchObject({
      paymentMethod: 'cash',
      paypalOrderId,
      paypalSettleAt: MONDAY_EVENING,
    });

    // However it came to be captured (approved in a window opened before the switch), PayPal holds the money.
    shop.paypal.approve(paypalOrderId);
    const shopAccount = createPayPalClient({
      baseUrl: shop.paypal.baseUrl,
      clientId: shop.paypal.clientId,
      clientSecret: shop.paypal.clientSecret,
    });
    expect((await shopAccount.captureOrder(paypalOrderId, randomUUID())).capture?.status).toBe('COMPLETED');

    await app().payments.sweep();
    await expectRefundedOnce(order.id, paypalOrderId);
    expect(lookupsOf(paypalOrderId)).toHaveLength(1);
    expect(await stored(order.id)).toMatchObject({ status: 'waiting', paymentMethod: 'cash' });
  });

  it('is checked until settled when the order expired meanwhile', async () => {
    const order = await placePayPalOrder();
    setClock(31);
    const { answer, paypalOrderId } = await createWhile(order, () => app().payments.sweep());
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'order_expired' });
    expect(await stored(order.id)).toMatchObject({
      status: 'expired',
      paypalOrderId,
      paypalSettleAt: new Date(MONDAY_EVENING.getTime() + 31 * 60_000),
    });

    await app().payments.sweep();
    expect(lookupsOf(paypalOrderId)).toHaveLength(1);
    // Never approved: asked about again with backoff, settled once nothing can capture it any more.
    expect((await stored(order.id)).paypalSettleAt).toEqual(new Date(MONDAY_EVENING.getTime() + 32 * 60_000));
    setClock(30 + 6 * 60);
    await app().payments.sweep();
    expect(await stored(order.id)).toMatchObject({ paypalSettleAt: null, paymentStatus: 'unpaid' });
    expect(refundsOf(paypalOrderId)).toHaveLength(0);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('two instances on one PostgreSQL', () => {
  let database: FreshDatabase | undefined;
  let a: FastifyInstance;
  let b: FastifyInstance;

  async function start(url: string): Promise<FastifyInstance> {
    const instance = await buildServer(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        DATA_DIR: 'memory://',
        PAYPAL_CLIENT_ID: shop.paypal.clientId,
        PAYPAL_CLIENT_SECRET: shop.paypal.clientSecret,
        PAYPAL_API_BASE: shop.paypal.baseUrl,
        PAYPAL_TIMEOUT_SECONDS: '1',
        ORDERS_PER_HOUR_PER_ADDRESS: '100000',
        GUEST_ORDERS_SHARE_OF_SLOT_PERCENT: '100',
      }),
    );
    pinClock(instance);
    return instance;
  }

  beforeAll(async () => {
    database = await createFreshDatabase(adminUrl ?? '');
    const url = database.url();
    [a, b] = await Promise.all([start(url), start(url)]);
  });

  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('refund money captured for an order paid cash once, however their sweeps cross', async () => {
    const unheard = [];
    for (let n = 0; n < 3; n += 1) unheard.push(await capturedUnheard(a));
    for (const { order } of unheard) expect((await payCash(order, b)).statusCode).toBe(200);
    await Promise.all([a.payments.sweep(), b.payments.sweep(), a.payments.sweep(), b.payments.sweep()]);
    for (const { order, paypalOrderId } of unheard) {
      await vi.waitFor(async () => expect((await stored(order.id, a)).paymentStatus).toBe('refunded'));
      expect(refundsOf(paypalOrderId)).toHaveLength(1);
      expect(lookupsOf(paypalOrderId)).toHaveLength(1);
    }
  });
});
