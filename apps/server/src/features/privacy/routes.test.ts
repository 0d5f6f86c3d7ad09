import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  type Order,
  ERASED_CUSTOMER_NAME,
  messageResponseSchema,
  orderSchema,
  orderSearchPageSchema,
  personalDataExportSchema,
} from '@pizzeria/domain';
import {
  buildTestServer,
  createTestUser,
  pinClock,
  simpleProduct,
  type TestServer,
  type TestUser,
} from '../../../test/helper.ts';
import { addresses, orderItems, orders, outbox, stores, users } from '../../db/schema.ts';
import { hashPassword } from '../accounts/index.ts';

const PASSWORD = 'Kürbis-Sonne-42';

interface Server {
  app: TestServer['app'];
  admin: TestUser;
  users: Record<'anna' | 'bert' | 'dora', TestUser>;
  productId: number;
}

/** One server for a block of tests (a `beforeAll`/`afterAll` of its own): its staff, customers and product. */
function serverFor(env: Record<string, string> = {}): Server {
  let built: TestServer | undefined;
  const server = {} as Server;
  beforeAll(async () => {
    built = await buildTestServer(env);
    const app = built.app;
    pinClock(app);
    // Neither the kitchen's capacity nor the largest order allowed is what these tests are about.
    await app.database.db
      .update(stores)
      .set({ ordersPerSlot: 100, maxOrderTotalCents: 1_000_000 })
      .where(eq(stores.id, 13));
    server.app = app;
    server.users = {
      anna: await createTestUser(app, { name: 'Anna Apfel' }),
      bert: await createTestUser(app, { name: 'Bert Birne' }),
      dora: await createTestUser(app, { name: 'Dora' }),
    };
    server.admin = await createTestUser(app, { role: 'admin' });
    server.productId = (await simpleProduct(app)).id;
    for (const user of Object.values(server.users)) {
      await app.database.db
        .update(users)
        .set({ passwordHash: await hashPassword(PASSWORD) })
        .where(eq(users.id, user.id));
    }
  });
  afterAll(async () => {
    await built?.close();
  });
  return server;
}

/** A pickup of `quantity` of the test product, with the contact typed at checkout. */
function pickup(contact: { name: string; email: string; phone: string }, quantity = 1) {
  return {
    store_id: 13,
    order_type: 'pickup',
    items: [{ product_id: server.productId, quantity, extras: [] }],
    requested_time: 'asap',
    payment_method: 'cash',
    note: `Bitte klingeln bei ${contact.name}`,
    address: {
      type: 'shipping',
      customer_name: contact.name,
      phone: contact.phone,
      email: contact.email,
      line1: 'Gneisenaustraße 1',
      line2: '3. OG',
      city: 'Berlin',
      zip: '10969',
      country: 'DE',
    },
  };
}

/** Places the order: a customer's when `user` is given, else a guest's. */
async function place(payload: object, user?: TestUser): Promise<Order> {
  const response = await server.app.inject({
    method: 'POST',
    url: user ? '/api/orders/' : '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID(), ...user?.headers },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

function placeFor(user: TestUser, contact: { name: string; email: string; phone: string }, quantity = 1) {
  return place(pickup(contact, quantity), user);
}

function decide(orderId: number, step: string, payload: object = {}) {
  return server.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/${step}`,
    headers: server.admin.headers,
    payload,
  });
}

/** Staff take the order to its end: accepted, ready, collected. */
async function complete(orderId: number): Promise<void> {
  for (const [step, payload] of [['accept', { eta_minutes: 20 }], ['ready'], ['complete']] as const) {
    const response = await decide(orderId, step, payload);
    expect(response.statusCode, response.body).toBe(200);
  }
}

async function exportOf(user: TestUser) {
  const response = await server.app.inject({ url: '/api/users/me/data', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return { response, file: personalDataExportSchema.parse(response.json()) };
}

function deleteAccount(user: TestUser, password: string, language: 'de' | 'en' = 'de') {
  return server.app.inject({
    method: 'POST',
    url: '/api/users/me/delete',
    headers: { ...user.headers, 'accept-language': language },
    payload: { current_password: password },
  });
}

async function staffSearch(q: string): Promise<number[]> {
  const response = await server.app.inject({
    url: `/api/admin/stores/13/orders?q=${encodeURIComponent(q)}`,
    headers: server.admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return orderSearchPageSchema.parse(response.json()).orders.map((order) => order.id);
}

const server = serverFor();

const anna = { name: 'Anna Apfel', email: 'anna.apfel@example.com', phone: '015111112222' };
const bert = { name: 'Bert Birne', email: 'bert.birne@example.com', phone: '015133334444' };

describe('GET /api/users/me/data', () => {
  it("is everything about the customer as a download, and nothing of anyone else's", async () => {
    const { app } = server;
    const saved = await app.inject({
      method: 'POST',
      url: '/api/addresses/',
      headers: server.users.anna.headers,
      payload: {
        customer_name: 'Anna Apfel',
        phone: '015111112222',
        line1: 'Apfelweg 1',
        city: 'Berlin',
        zip: '10999',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const first = await placeFor(server.users.anna, anna, 2);
    // The second to an address typed at checkout: its mails are hers too, though not sent to her account's.
    const second = await placeFor(server.users.anna, { ...anna, email: 'anna.work@example.com' });
    const bertsOrder = await placeFor(server.users.bert, bert);
    // Bert's mail to an address Anna typed once: not about her order, so not hers.
    await app.database.db.insert(outbox).values({
      kind: 'order_received',
      toAddress: 'anna.work@example.com',
      subject: `Ihre Bestellung Nr. ${bertsOrder.id} ist eingegangen`,
      textBody: 'Hallo Bert Birne, …',
    });
    await app.mail.send({ kind: 'test', to: server.users.anna.email, subject: 'Hallo Anna', text: 'Für Anna' });

    const { response, file } = await exportOf(server.users.anna);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="meine-daten-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(file.profile).toMatchObject({ email: server.users.anna.email, customer_name: 'Anna Apfel', language: 'de' });
    expect(file.addresses).toEqual([expect.objectContaining({ line1: 'Apfelweg 1', zip: '10999', is_default: true })]);
    expect(file.consents).toEqual([]);
    expect(file.orders.map((order) => order.id)).toEqual([first.id, second.id]);

    const [stored] = await app.database.db.select().from(orders).where(eq(orders.id, first.id));
    const items = await app.database.db.select().from(orderItems).where(eq(orderItems.orderId, first.id));
    expect(file.orders[0]).toMatchObject({
      status: 'waiting',
      customer: { name: 'Anna Apfel', email: anna.email, phone: '+4915111112222', line1: 'Gneisenaustraße 1' },
      note: 'Bitte klingeln bei Anna Apfel',
      items: [{ product_id: server.productId, quantity: 2, unit_price_cents: items[0]?.unitPriceCents }],
      amounts: { total_cents: stored?.totalCents, subtotal_cents: stored?.subtotalCents },
      status_history: [{ status: 'waiting', by: 'customer' }],
      payment: { method: 'cash', status: null, amount_cents: stored?.totalCents, paypal_order_id: null },
    });

    const mails = z.array(z.object({ to: z.string(), subject: z.string(), text: z.string() })).parse(file.mails);
    expect(mails.map((mail) => mail.subject)).toContain('Hallo Anna');
    // The order mail to the typed address is there; a mail to it about Bert's order is not.
    expect(mails.map((mail) => [mail.to, mail.subject])).toContainEqual([
      'anna.work@example.com',
      `Ihre Bestellung Nr. ${second.id} ist eingegangen`,
    ]);
    const text = JSON.stringify(file);
    expect(text).not.toContain(`Nr. ${bertsOrder.id} `);
    expect(text).not.toContain('Bert');
    expect(text).not.toContain(bert.email);
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('password_hash');
  });

  it("is in the OpenAPI document with the guests' routes", async () => {
    const response = await server.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = z.object({ paths: z.record(z.string(), z.unknown()) }).parse(response.json()).paths;
    for (const path of [
      '/api/users/me/data',
      '/api/users/me/delete',
      '/api/orders/{id}/personal-data',
      '/api/orders/{id}/erase',
    ])
      expect(Object.keys(paths)).toContain(path);
    expect(JSON.stringify(paths['/api/users/me/delete'])).toContain('orders_open');
  });

  it('is for customers: staff 403, nobody 401', async () => {
    const staff = await server.app.inject({ url: '/api/users/me/data', headers: server.admin.headers });
    expect(staff.statusCode).toBe(403);
    const anonymous = await server.app.inject({ url: '/api/users/me/data' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/users/me/delete', () => {
  it('wants the right password, and waits for an open order', async () => {
    const wrong = await deleteAccount(server.users.anna, 'nicht-das-passwort');
    expect(wrong.statusCode).toBe(400);
    expect(apiErrorSchema.parse(wrong.json())).toMatchObject({
      code: 'wrong_password',
      message: 'Das aktuelle Passwort stimmt nicht.',
    });

    const open = await deleteAccount(server.users.anna, PASSWORD, 'en');
    expect(open.statusCode).toBe(409);
    expect(apiErrorSchema.parse(open.json())).toMatchObject({
      code: 'orders_open',
      message: 'You still have an open order. You can delete your account as soon as it is completed.',
    });
    const still = await server.app.inject({ url: '/api/users/me', headers: server.users.anna.headers });
    expect(still.statusCode).toBe(200);

    const staff = await deleteAccount(server.admin, PASSWORD);
    expect(staff.statusCode).toBe(403);
  });

  it('deletes the account; its orders stay detached, their personal data replaced by the 250 € rule', async () => {
    const { app } = server;
    const db = app.database.db;
    const user = server.users.anna;
    const big = await placeFor(user, anna, 99);
    const annas = await db.select().from(orders).where(eq(orders.userId, user.id));
    for (const row of annas) if (row.status === 'waiting') await complete(row.id);
    const before = await db.select().from(orders).where(eq(orders.userId, user.id));
    const bigRow = before.find((row) => row.id === big.id);
    expect(bigRow?.totalCents).toBeGreaterThan(25_000);
    expect(before.some((row) => row.totalCents <= 25_000)).toBe(true);
    expect(await staffSearch('Apfel')).toEqual(expect.arrayContaining(before.map((row) => row.id)));

    const deleted = await deleteAccount(user, PASSWORD);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(messageResponseSchema.parse(deleted.json()).message).toContain('Konto');

    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(addresses).where(eq(addresses.userId, user.id))).toEqual([]);
    expect(await db.select().from(outbox).where(eq(outbox.toAddress, user.email))).toEqual([]);
    expect(await db.select().from(outbox).where(eq(outbox.toAddress, 'anna.work@example.com'))).toEqual([
      expect.objectContaining({ textBody: 'Hallo Bert Birne, …' }),
    ]);
    const after = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          before.map((row) => row.id),
        ),
      );
    expect(after).toHaveLength(before.length);
    for (const row of after) {
      const was = before.find((old) => old.id === row.id);
      expect(row.userId).toBeNull();
      expect(row.note).toBeNull();
      expect(row.totalCents).toBe(was?.totalCents);
      expect(row.vat).toEqual(was?.vat);
      expect(row.address).toMatchObject({ phone: '', email: null, zip: '10969', city: 'Berlin', country: 'DE' });
      if (row.totalCents > 25_000) {
        expect(row.address).toMatchObject({ customerName: 'Anna Apfel', line1: 'Gneisenaustraße 1', line2: '3. OG' });
      } else {
        expect(row.address).toMatchObject({ customerName: ERASED_CUSTOMER_NAME, line1: '', line2: null });
      }
    }
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, big.id));
    expect(items).toEqual([expect.objectContaining({ quantity: 99 })]);

    // Staff find only the big order by the name its invoice keeps, and none by the e-mail or phone.
    expect(await staffSearch('Apfel')).toEqual([big.id]);
    expect(await staffSearch('anna.apfel@example')).toEqual([]);
    expect(await staffSearch('15111112222')).toEqual([]);
    // The staff's view of a detached order works.
    const small = after.find((row) => row.totalCents <= 25_000);
    const detail = await app.inject({ url: `/api/admin/orders/${small?.id ?? 0}`, headers: server.admin.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ customer_name: ERASED_CUSTOMER_NAME, phone: '', email: null });

    // Its token names nobody now.
    const me = await app.inject({ url: '/api/users/me', headers: user.headers });
    expect(me.statusCode).toBe(401);
    const data = await app.inject({ url: '/api/users/me/data', headers: user.headers });
    expect(data.statusCode).toBe(401);

    // Bert's order and data are untouched.
    const { file } = await exportOf(server.users.bert);
    expect(file.orders).toEqual([
      expect.objectContaining({ customer: expect.objectContaining({ name: 'Bert Birne' }) }),
    ]);
  });
});

describe("a guest's data by the order's link", () => {
  it('exports and erases only with the right token, once the order is done; the page still opens', async () => {
    const { app } = server;
    const gabi = { name: 'Gabi Gast', email: 'gabi.gast@example.com', phone: '015155556666' };
    const order = await place(pickup(gabi));
    const token = order.tracking_token ?? '';
    expect(token).not.toBe('');

    for (const url of [
      `/api/orders/${order.id}/personal-data?token=wrong`,
      `/api/orders/${order.id}/personal-data`,
      `/api/orders/${order.id + 1000}/personal-data?token=${token}`,
    ]) {
      const refused = await app.inject({ url });
      expect([400, 404], `${url}: ${refused.body}`).toContain(refused.statusCode);
    }
    const wrongErase = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/erase?token=wrong` });
    expect(wrongErase.statusCode).toBe(404);
    expect(apiErrorSchema.parse(wrongErase.json()).code).toBe('order_not_found');

    const exported = await app.inject({ url: `/api/orders/${order.id}/personal-data?token=${token}` });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="meine-daten-/);
    const file = personalDataExportSchema.parse(exported.json());
    expect(file.profile).toBeNull();
    expect(file.orders).toEqual([
      expect.objectContaining({
        id: order.id,
        customer: expect.objectContaining({ name: 'Gabi Gast', email: gabi.email }),
      }),
    ]);

    const open = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/erase?token=${token}` });
    expect(open.statusCode).toBe(409);
    expect(apiErrorSchema.parse(open.json()).code).toBe('orders_open');

    await complete(order.id);
    const erased = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/erase?token=${token}` });
    expect(erased.statusCode, erased.body).toBe(200);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.address).toMatchObject({ customerName: ERASED_CUSTOMER_NAME, phone: '', email: null, line1: '' });
    expect(row?.note).toBeNull();
    expect(await app.database.db.select().from(outbox).where(eq(outbox.toAddress, gabi.email))).toEqual([]);

    // The order's page still opens with its link, showing the order without the guest.
    const page = await app.inject({ url: `/api/orders/${order.id}?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(orderSchema.parse(page.json())).toMatchObject({
      customer_name: ERASED_CUSTOMER_NAME,
      email: null,
      total: order.total,
    });
  });

  it("refuses an account's order with its token: its customer uses the account", async () => {
    const order = await placeFor(server.users.bert, bert);
    const token = order.tracking_token ?? '';
    const exported = await server.app.inject({ url: `/api/orders/${order.id}/personal-data?token=${token}` });
    expect(exported.statusCode).toBe(404);
    const erased = await server.app.inject({ method: 'POST', url: `/api/orders/${order.id}/erase?token=${token}` });
    expect(erased.statusCode).toBe(404);
  });
});

describe('wrong passwords when deleting', () => {
  const limited = serverFor({ LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: '2', LOGIN_ADDRESS_MAX_FAILURES: '2' });

  it('are counted as failed logins: a third is refused for a while, even with the right password', async () => {
    const dora = limited.users.dora;
    const attempt = (password: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/users/me/delete',
        headers: dora.headers,
        payload: { current_password: password },
      });
    expect((await attempt('falsch-1')).statusCode).toBe(400);
    expect((await attempt('falsch-2')).statusCode).toBe(400);
    const throttled = await attempt(PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toMatch(/^\d+$/);
    expect(apiErrorSchema.parse(throttled.json()).code).toBe('too_many_attempts');
    const still = await limited.app.inject({ url: '/api/users/me', headers: dora.headers });
    expect(still.statusCode).toBe(200);
  });
});
