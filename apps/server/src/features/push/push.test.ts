import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pushNotificationSchema } from '@pizzeria/domain';
import { pushSubscriptions, staffSessions } from '../../db/schema.ts';
import {
  buildTestServer,
  createTestUser,
  pinClock,
  placePickupOrder,
  simpleProduct,
  type TestServer,
  type TestUser,
} from '../../../test/helper.ts';
import { storedVapidKeys } from './vapid-keys.ts';
import { browserKeys, ece, localPushService } from './test-push.ts';

describe('Web Push for staff devices', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let pushService: Awaited<ReturnType<typeof localPushService>>;
  let admin: TestUser;
  let productId: number;

  beforeAll(async () => {
    server = await buildTestServer();
    app = server.app;
    pinClock(app);
    pushService = await localPushService();
    admin = await createTestUser(app, { role: 'admin' });
    productId = (await simpleProduct(app)).id;
  });
  afterAll(async () => {
    await server.close();
    await pushService.close();
  });
  beforeEach(async () => {
    await app.database.db.delete(pushSubscriptions);
    pushService.received.length = 0;
  });

  function subscribe(user: TestUser, endpoint: string, keys: { p256dh: string; auth: string }) {
    return app.inject({
      method: 'PUT',
      url: '/api/admin/push/subscription',
      headers: user.headers,
      payload: { endpoint, expirationTime: null, keys },
    });
  }

  it('gives the public key, the same on every call and once per database however many ask at once', async () => {
    const first = await app.inject({ url: '/api/admin/push/key', headers: admin.headers });
    expect(first.statusCode).toBe(200);
    const key = first.json<{ public_key: string }>().public_key;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const racing = await Promise.all(Array.from({ length: 4 }, () => storedVapidKeys(app.database.db)));
    expect(new Set(racing.map((pair) => pair.public_key))).toEqual(new Set([key]));
  });

  it('pushes a new order to a subscribed device: encrypted for it, urgent, for ten minutes, naming the order', async () => {
    const browser = browserKeys();
    const subscribed = await subscribe(admin, pushService.url('/tablet'), browser.keys);
    expect(subscribed.statusCode).toBe(204);
    const [stored] = await app.database.db.select().from(pushSubscriptions);
    const [session] = await app.database.db
      .select({ id: staffSessions.id })
      .from(staffSessions)
      .where(eq(staffSessions.userId, admin.id));
    expect(stored?.sessionId).toBe(session?.id);

    const order = await placePickupOrder(app, productId);
    await app.push.settled();

    expect(pushService.received).toHaveLength(1);
    const [push] = pushService.received;
    expect(push?.path).toBe('/tablet');
    expect(push?.headers).toMatchObject({ ttl: '600', urgency: 'high', 'content-encoding': 'aes128gcm' });
    const publicKey = (await app.inject({ url: '/api/admin/push/key', headers: admin.headers })).json<{
      public_key: string;
    }>().public_key;
    expect(push?.headers.authorization).toContain(`k=${publicKey}`);
    const plain = ece.decrypt(push?.body ?? Buffer.alloc(0), {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.authSecret,
    });
    const notice = pushNotificationSchema.parse(JSON.parse(plain.toString('utf8')));
    expect(notice).toEqual({
      kind: 'order_created',
      order_id: order.id,
      title: `Neue Bestellung #${order.id}`,
      body: expect.stringMatching(/^Abholung · \d+,\d\d\s€ · um \d\d:\d\d$/),
      url: '/order-online/admin/home',
    });
    const [afterSend] = await app.database.db.select().from(pushSubscriptions);
    expect(afterSend?.lastSentAt).toBeInstanceOf(Date);
  });

  it('withdraws the notification when the customer cancels the waiting order, and only then', async () => {
    const browser = browserKeys();
    await subscribe(admin, pushService.url('/tablet'), browser.keys);
    const order = await placePickupOrder(app, productId);
    await app.push.settled();
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel?token=${order.tracking_token ?? ''}`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await app.push.settled();

    const notices = pushService.received.map((push) =>
      pushNotificationSchema.parse(
        JSON.parse(
          ece
            .decrypt(push.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.authSecret })
            .toString('utf8'),
        ),
      ),
    );
    expect(notices.map((notice) => notice.kind)).toEqual(['order_created', 'order_cancelled']);
    expect(notices[1]).toEqual({ kind: 'order_cancelled', order_id: order.id });
    expect(pushService.received[1]?.headers).toMatchObject({ urgency: 'high' });

    // A refusal to cancel (it is cancelled already) pushes nothing more.
    const again = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel?token=${order.tracking_token ?? ''}`,
    });
    expect(again.statusCode).toBe(409);
    await app.push.settled();
    expect(pushService.received).toHaveLength(2);
  });

  it('forgets a subscription its push service says is gone (410), and keeps one that failed once (500)', async () => {
    await subscribe(admin, pushService.url('/gone'), browserKeys().keys);
    const other = await createTestUser(app, { role: 'admin' });
    await subscribe(other, pushService.url('/flaky'), browserKeys().keys);
    pushService.statusFor.set('/gone', 410);
    pushService.statusFor.set('/flaky', 500);

    // placePickupOrder fails the test unless the order was placed (201), whatever the push services answer.
    await placePickupOrder(app, productId);
    await app.push.settled();

    expect(pushService.received.map((push) => push.path).sort()).toEqual(['/flaky', '/gone']);
    const left = await app.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left).toEqual([{ endpoint: pushService.url('/flaky') }]);
  });

  it('rings no device that turned notifications off or was signed out', async () => {
    await subscribe(admin, pushService.url('/off'), browserKeys().keys);
    const off = await app.inject({ method: 'DELETE', url: '/api/admin/push/subscription', headers: admin.headers });
    expect(off.statusCode).toBe(204);
    const signedOut = await createTestUser(app, { role: 'admin' });
    await subscribe(signedOut, pushService.url('/signed-out'), browserKeys().keys);
    await app.database.db
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(eq(staffSessions.userId, signedOut.id));

    await placePickupOrder(app, productId);
    await app.push.settled();

    expect(pushService.received).toEqual([]);
  });

  it('answers nobody with 401 and a customer with 403, and refuses a malformed subscription with 400', async () => {
    const customer = await createTestUser(app);
    const keys = browserKeys().keys;
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/admin/push/subscription',
      payload: { endpoint: pushService.url('/x'), keys },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await subscribe(customer, pushService.url('/x'), keys)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/push/key', headers: customer.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/push/key' })).statusCode).toBe(401);
    expect((await subscribe(admin, 'not a url', keys)).statusCode).toBe(400);
    expect((await subscribe(admin, pushService.url('/x'), { p256dh: 'a b', auth: keys.auth })).statusCode).toBe(400);
    expect(await app.database.db.select().from(pushSubscriptions)).toEqual([]);
  });
});
