import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { orderSchema, type Order } from '@pizzeria/domain';
import { orders, stores } from '../../db/schema.ts';
import type { BuildServerOptions } from '../../server.ts';
import type { CatalogueProduct } from '../catalogue/index.ts';
import {
  buildTestServer,
  createTestUser,
  MONDAY_EVENING,
  pinClock,
  simpleProduct,
  type TestServer,
  type TestUser,
} from '../../../test/helper.ts';
import { present } from '../../../test/back-office.ts';
import { openSocket, wsBase, type TestSocket } from '../../../test/ws-client.ts';

// What the orders' tests share: one server per test file with its staff, customers and product, placing
// an order through the API, staff's decisions on it, and the sockets a test opens.

export interface OrdersTestServerOptions<Name extends string> {
  /** The server's configuration on top of the tests' defaults (opening hours, limits, …). */
  env?: Record<string, string>;
  database?: 'default' | 'pglite';
  onRoute?: BuildServerOptions['onRoute'];
  /** Where the orders' and the store status's clocks stand (`pinClock`); `false` leaves them running. */
  clock?: Date | false;
  /** The signed-in admin's name. */
  adminName?: string;
  /** Further accounts the file needs, by the name the file calls them; created before the admin. */
  users?: Record<Name, { role?: 'customer' | 'admin'; name?: string }>;
  /** The demo store's orders per slot, when the kitchen's capacity is not what the file is about. */
  ordersPerSlot?: number;
  /** Whether the file opens sockets (`sockets.to`) on the server. */
  sockets?: boolean;
}

export interface OrdersTestServer<Name extends string> {
  readonly app: FastifyInstance;
  /** A signed-in admin (with a staff session). */
  readonly admin: TestUser;
  readonly users: Readonly<Record<Name, TestUser>>;
  /** The demo menu's product that needs no choice: what the orders buy. */
  readonly product: CatalogueProduct;
  readonly productId: number;
  /** The sockets the file opens (with `sockets: true`); closed before the server is. */
  readonly sockets: ReturnType<typeof socketsOf>;
}

/**
 * One server for an orders test file, built in a `beforeAll` and closed in an `afterAll` of its own,
 * with its admin, the other accounts the file asks for and the demo product. Call it at the top of the
 * file (or of a `describe`), before the file's own hooks, so that their set-up runs on the built server.
 */
export function ordersTestServer<Name extends string = never>(
  options: OrdersTestServerOptions<Name> = {},
): OrdersTestServer<Name> {
  let server: TestServer | undefined;
  let admin: TestUser | undefined;
  let users: Record<Name, TestUser> | undefined;
  let product: CatalogueProduct | undefined;
  let base: string | undefined;
  const sockets = socketsOf(() => present(base));
  beforeAll(async () => {
    server = await buildTestServer(options.env, { database: options.database, onRoute: options.onRoute });
    const app = server.app;
    if (options.sockets) base = await wsBase(app);
    if (options.clock !== false) pinClock(app, options.clock ?? MONDAY_EVENING);
    if (options.ordersPerSlot !== undefined)
      await app.database.db.update(stores).set({ ordersPerSlot: options.ordersPerSlot }).where(eq(stores.id, 13));
    const wanted: Partial<Record<Name, { role?: 'customer' | 'admin'; name?: string }>> = options.users ?? {};
    const created = {} as Record<Name, TestUser>;
    for (const name of Object.keys(wanted) as Name[]) created[name] = await createTestUser(app, wanted[name]);
    users = created;
    admin = await createTestUser(app, { role: 'admin', ...(options.adminName ? { name: options.adminName } : {}) });
    product = await simpleProduct(app);
  });
  afterAll(async () => {
    sockets.closeAll();
    await server?.close();
  });
  return {
    get app() {
      return present(server).app;
    },
    get admin() {
      return present(admin);
    },
    get users() {
      return present(users);
    },
    get product() {
      return present(product);
    },
    get productId() {
      return present(product).id;
    },
    sockets,
  };
}

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
