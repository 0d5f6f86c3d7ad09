import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { orderSchema, paypalOrderSchema, type Order } from '@pizzeria/domain';
import { orders } from '../src/db/schema.ts';
import {
  buildTestServer,
  createTestUser,
  MONDAY_EVENING,
  pickupOrder,
  pinClock,
  simpleProduct,
  type TestServer,
  type TestUser,
} from './helper.ts';
import { startFakePayPal, type FakePayPal } from './fake-paypal.ts';

// The demo shop against the local PayPal, and the customer's steps of a PayPal payment: what the payment
// tests share. Every step acts on the shop's server unless it is given another instance.

export interface PayPalShopOptions {
  /** The webhook id the shop is configured with (the fake signs webhooks for any id). */
  webhookId: string;
  /** How long the shop waits for PayPal: 1 s by default, for the tests of answers that come too late. */
  timeoutSeconds?: number;
}

/** A shop server of its own on the fake PayPal: its clock pinned, an admin signed in, a product to buy. */
export interface OpenedPayPalShop {
  server: TestServer;
  admin: TestUser;
  productId: number;
}

/** The product each shop opened here buys (the same in every freshly seeded database, but asked for). */
const productIds = new WeakMap<FastifyInstance, number>();

/** Opens a shop on a database of its own that pays with `paypal` (it answers PayPal's webhooks for `webhookId`). */
export async function openPayPalShop(
  paypal: FakePayPal,
  { webhookId, timeoutSeconds = 1 }: PayPalShopOptions,
): Promise<OpenedPayPalShop> {
  const server = await buildTestServer({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.baseUrl,
    PAYPAL_WEBHOOK_ID: webhookId,
    PAYPAL_TIMEOUT_SECONDS: String(timeoutSeconds),
  });
  pinClock(server.app);
  const admin = await createTestUser(server.app, { role: 'admin', name: 'Maria Rossi' });
  const productId = (await simpleProduct(server.app)).id;
  productIds.set(server.app, productId);
  return { server, admin, productId };
}

/** The order's own access: a guest's tracking token in the query, nothing for a signed-in customer. */
function access(order: Order): string {
  return order.tracking_token ? `?token=${order.tracking_token}` : '';
}

/** A capture as PayPal's webhooks carry it: its id, status and amount, and the PayPal order it belongs to. */
export function captureResource(paypalOrderId: string, captureId: string, status: string, value: string) {
  return {
    id: captureId,
    status,
    amount: { currency_code: 'EUR', value },
    supplementary_data: { related_ids: { order_id: paypalOrderId } },
  };
}

/**
 * Starts a fake PayPal and a shop on it before the tests of the file (or `describe`) it is called in, and
 * stops both after them. Before each test the shop's clock is back at `MONDAY_EVENING` and PayPal
 * completes captures and refunds at once again. The handles are there once the tests run.
 */
export function usePayPalShop(options: PayPalShopOptions) {
  let paypal: FakePayPal | undefined;
  let opened: OpenedPayPalShop | undefined;

  function started(): { paypal: FakePayPal; opened: OpenedPayPalShop } {
    if (!paypal || !opened) throw new Error('the PayPal shop starts in beforeAll: use it inside a test');
    return { paypal, opened };
  }

  function app(): FastifyInstance {
    return started().opened.server.app;
  }

  /** Moves the clock of orders (and with it payments) to minutes after `MONDAY_EVENING`. */
  function setClock(minutesAfterNow: number, instance: FastifyInstance = app()): void {
    instance.orders.clock = { now: () => new Date(MONDAY_EVENING.getTime() + minutesAfterNow * 60_000) };
  }

  /** A pickup of one product to pay with PayPal: by `customer` when given, else as a guest (with `email`). */
  async function placePayPalOrder(
    order: { customer?: TestUser; email?: string } = {},
    instance: FastifyInstance = app(),
  ): Promise<Order> {
    const productId = productIds.get(instance) ?? started().opened.productId;
    const base = pickupOrder(productId, { guest: !order.customer });
    const body = {
      ...base,
      payment_method: 'paypal',
      ...(order.email ? { address: { ...(base.address as object), email: order.email } } : {}),
    };
    const response = await instance.inject({
      method: 'POST',
      url: order.customer ? '/api/orders/' : '/api/orders/guest',
      headers: { 'idempotency-key': randomUUID(), ...order.customer?.headers },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return orderSchema.parse(response.json());
  }

  /** "Zahlen mit PayPal": the PayPal order the buyer approves. */
  async function startPayPal(
    order: Order,
    headers: Record<string, string> = {},
    instance: FastifyInstance = app(),
  ): Promise<string> {
    const response = await instance.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/paypal${access(order)}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return paypalOrderSchema.parse(response.json()).paypal_order_id;
  }

  function capture(order: Order, headers: Record<string, string> = {}, instance: FastifyInstance = app()) {
    return instance.inject({ method: 'POST', url: `/api/orders/${order.id}/paypal/capture${access(order)}`, headers });
  }

  function payCash(order: Order, instance: FastifyInstance = app()) {
    return instance.inject({ method: 'POST', url: `/api/orders/${order.id}/pay-cash${access(order)}` });
  }

  /** The order's row as the database holds it. */
  async function stored(orderId: number, instance: FastifyInstance = app()) {
    const [row] = await instance.database.db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error(`no order ${orderId}`);
    return row;
  }

  /** A guest's PayPal order the buyer approved at PayPal, not captured yet. */
  async function approvedOrder(instance: FastifyInstance = app()): Promise<{ order: Order; paypalOrderId: string }> {
    const order = await placePayPalOrder({}, instance);
    const paypalOrderId = await startPayPal(order, {}, instance);
    started().paypal.approve(paypalOrderId);
    return { order, paypalOrderId };
  }

  /** A paid PayPal order (waiting in the kitchen), as the capture answered it. */
  async function paidOrder(instance: FastifyInstance = app()): Promise<{ order: Order; paypalOrderId: string }> {
    const { order, paypalOrderId } = await approvedOrder(instance);
    const response = await capture(order, {}, instance);
    expect(response.statusCode, response.body).toBe(200);
    return { order: orderSchema.parse(response.json()), paypalOrderId };
  }

  /** Staff reject the order (by default the shop's admin, for want of dough). */
  function reject(
    order: Order,
    reason = 'Kein Teig mehr',
    by: TestUser = started().opened.admin,
    instance: FastifyInstance = app(),
  ) {
    return instance.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/reject`,
      headers: by.headers,
      payload: { reason },
    });
  }

  /** A webhook event as PayPal signs it for the shop's webhook id. */
  function webhook(eventType: string, resource: unknown, eventId?: string, instance: FastifyInstance = app()) {
    const signed = started().paypal.signWebhook(options.webhookId, eventType, resource, eventId);
    return instance.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: signed.headers,
      payload: signed.body,
    });
  }

  beforeAll(async () => {
    paypal = await startFakePayPal();
    opened = await openPayPalShop(paypal, options);
  });

  afterAll(async () => {
    await opened?.server.close();
    await paypal?.close();
  });

  beforeEach(() => {
    const { paypal: fake } = started();
    pinClock(app());
    fake.captureOutcome = 'COMPLETED';
    fake.refundOutcome = 'COMPLETED';
    fake.dropNextCaptureAnswer = false;
    fake.delayMs = 0;
  });

  return {
    get paypal(): FakePayPal {
      return started().paypal;
    },
    get server(): TestServer {
      return started().opened.server;
    },
    get admin(): TestUser {
      return started().opened.admin;
    },
    get productId(): number {
      return started().opened.productId;
    },
    app,
    setClock,
    placePayPalOrder,
    startPayPal,
    capture,
    payCash,
    stored,
    approvedOrder,
    paidOrder,
    reject,
    webhook,
  };
}

export type PayPalShop = ReturnType<typeof usePayPalShop>;
