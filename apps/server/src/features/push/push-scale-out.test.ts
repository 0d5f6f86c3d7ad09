import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, placePickupOrder, simpleProduct, startInstance } from '../../../test/helper.ts';
import { createFreshDatabase, type FreshDatabase } from '../../../test/fresh-database.ts';
import { browserKeys, localPushService } from './test-push.ts';

// Two instances on one PostgreSQL and one Redis, as in production: both hear every order on pub/sub, but
// a new order rings each device once, and both sign with the one key pair they made together.

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!adminUrl || !redisUrl)('Web Push on two instances', () => {
  let database: FreshDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let pushService: Awaited<ReturnType<typeof localPushService>>;

  beforeAll(async () => {
    database = await createFreshDatabase(adminUrl ?? '');
    [a, b] = await Promise.all([
      startInstance(database.url(), redisUrl ?? ''),
      startInstance(database.url(), redisUrl ?? ''),
    ]);
    pushService = await localPushService();
  });
  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close()]);
    await database?.drop();
    await pushService?.close();
  });

  it('makes one key pair however many instances ask first at the same moment', async () => {
    const [fromA, fromB] = await Promise.all([a.push.publicKey(), b.push.publicKey()]);
    expect(fromA).toBe(fromB);
  });

  it('pushes a new order once to a device subscribed through the other instance', async () => {
    const admin = await createTestUser(a, { role: 'admin' });
    const subscribed = await b.inject({
      method: 'PUT',
      url: '/api/admin/push/subscription',
      headers: admin.headers,
      payload: { endpoint: pushService.url('/kitchen'), keys: browserKeys().keys },
    });
    expect(subscribed.statusCode).toBe(204);

    // The other instance hears the order on pub/sub too: had it pushed, its send would be under way by then.
    let heard!: () => void;
    const heardByB = new Promise<void>((resolve) => (heard = resolve));
    const stop = await b.pubsub.subscribe('orders:changed', () => heard());
    await placePickupOrder(a, (await simpleProduct(a)).id);
    await heardByB;
    await stop();
    await Promise.all([a.push.settled(), b.push.settled()]);

    expect(pushService.received.map((push) => push.path)).toEqual(['/kitchen']);
  });
});
