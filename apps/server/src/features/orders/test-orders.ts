import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderSchema, type Order } from '@pizzeria/domain';
import { orders } from '../../db/schema.ts';
import type { TestUser } from '../../../test/helper.ts';
import { openSocket, type TestSocket } from '../../../test/ws-client.ts';

// What the orders' tests share: placing an order through the API, staff's decisions on it, and the
// sockets a test opens.

/** The least address a guest's pickup may give. */
export const BARE_GUEST_ADDRESS = {
  type: 'shipping',
  customer_name: 'Gabi',
  phone: '0301234',
  line1: '-',
  city: '',
  zip: '',
};

/**
 * Posts an order under a fresh Idempotency-Key: a guest's (`/api/orders/guest`) unless `url` says
 * otherwise; `headers` add a customer's token, a language or a client address.
 */
export function postOrder(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  options: { headers?: Record<string, string>; url?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: options.url ?? '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID(), ...options.headers },
    payload,
  });
}

/** The order a request placed; the test fails when it was not placed. */
export function placedOrder(response: LightMyRequestResponse): Order {
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

/** `postOrder`, expecting the order placed. */
export async function placeOrderVia(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  options: { headers?: Record<string, string>; url?: string } = {},
): Promise<Order> {
  return placedOrder(await postOrder(app, payload, options));
}

/** Moves an order's placing time, as if it had been placed `at`. */
export async function movePlacedAt(app: FastifyInstance, orderId: number, at: string): Promise<void> {
  await app.database.db
    .update(orders)
    .set({ createdAt: new Date(at) })
    .where(eq(orders.id, orderId));
}

/** A staff decision, `POST /api/admin/orders/<path>` (`<id>/accept`, `<id>/reject`, …), by `user`. */
export function decide(
  app: FastifyInstance,
  user: TestUser,
  path: string,
  payload: object = {},
  language: 'de' | 'en' = 'de',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/admin/orders/${path}`,
    headers: { ...user.headers, 'accept-language': language },
    payload,
  });
}

/** Staff accept the order for `etaMinutes` from now; the test fails when they cannot. */
export async function acceptFor(app: FastifyInstance, user: TestUser, orderId: number, etaMinutes: number) {
  const response = await decide(app, user, `${orderId}/accept`, { eta_minutes: etaMinutes });
  expect(response.statusCode, response.body).toBe(200);
  return orderSchema.parse(response.json());
}

/** The sockets a test opens on the server at `base()`, closed together at its end. */
export function socketsOf(base: () => string) {
  const open: TestSocket[] = [];
  return {
    async to(path: string): Promise<TestSocket> {
      const socket = await openSocket(`${base()}${path}`);
      open.push(socket);
      return socket;
    },
    closeAll(): void {
      for (const socket of open.splice(0)) socket.close();
    },
  };
}
