import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { healthSchema } from '@pizzeria/domain';
import { buildTestServer, createTestUser, pickupOrder, simpleProduct } from '../../test/helper.ts';
import { eventually, redisServerBinary, startRedis, type OwnRedis } from '../../test/redis-server.ts';
import { freePort } from '../../test/tcp-proxy.ts';
import { inProcessPubSub, redisPubSub, type PubSub } from './pubsub.ts';

const log = Fastify({ logger: false }).log;
const REDIS_URL = process.env.REDIS_URL;

function inbox() {
  const received: unknown[] = [];
  const waiters: (() => void)[] = [];
  return {
    received,
    handler: (message: unknown) => {
      received.push(message);
      for (const wake of waiters.splice(0)) wake();
    },
    /** Resolves once `count` messages have arrived, or rejects after `ms`. */
    async count(count: number, ms = 3_000): Promise<unknown[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} messages arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
  };
}

/** The behaviour both adapters share: JSON copies to every handler of the channel, until unsubscribed. */
function sharedBehaviour(make: () => Promise<[PubSub, PubSub]>) {
  const open: PubSub[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((pubsub) => pubsub.close()));
  });

  it('delivers a JSON copy to every handler of the channel, and nothing of other channels', async () => {
    const [publisher, subscriber] = await make();
    open.push(publisher, subscriber);
    const first = inbox();
    const second = inbox();
    await subscriber.subscribe('orders:changed', first.handler);
    await subscriber.subscribe('orders:changed', second.handler);
    await subscriber.subscribe('other', () => {
      throw new Error('a message of another channel arrived');
    });

    const message = { orderId: 7, at: new Date('2026-06-15T16:07:00Z') };
    await publisher.publish('orders:changed', message);
    const [received] = await first.count(1);
    expect(received).toEqual({ orderId: 7, at: '2026-06-15T16:07:00.000Z' });
    expect(received).not.toBe(message);
    expect(await second.count(1)).toEqual([received]);
  });

  it('keeps delivering to the others when one handler throws, and stops after unsubscribing', async () => {
    const [publisher, subscriber] = await make();
    open.push(publisher, subscriber);
    const kept = inbox();
    await subscriber.subscribe('status', () => {
      throw new Error('a broken handler');
    });
    const unsubscribe = await subscriber.subscribe('status', kept.handler);
    await publisher.publish('status', { storeId: 13 });
    await kept.count(1);

    await unsubscribe();
    await publisher.publish('status', { storeId: 14 });
    await publisher.publish('status', { storeId: 15 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(kept.received).toEqual([{ storeId: 13 }]);
  });
}

describe('in-process pub/sub', () => {
  sharedBehaviour(async () => {
    const pubsub = inProcessPubSub(log);
    return [pubsub, pubsub];
  });
});

describe.skipIf(!REDIS_URL)('Redis pub/sub (REDIS_URL)', () => {
  const url = REDIS_URL ?? '';
  sharedBehaviour(async () => [await redisPubSub(url, log), await redisPubSub(url, log)]);

  it('subscribes again after losing its connection, and asks subscribers to look again', async () => {
    const name = `resync-test-${process.pid}-${Date.now()}`;
    const publisher = await redisPubSub(url, log);
    const subscriber = await redisPubSub(url, log, name);
    const admin = createClient({ url });
    await admin.connect();
    try {
      let resyncs = 0;
      subscriber.onResync(() => {
        resyncs += 1;
      });
      const received = inbox();
      const channel = `resync-test-${Date.now()}`;
      await subscriber.subscribe(channel, received.handler);

      // Drop the subscribing connection, as a Redis restart or a network cut would.
      const clients = String(await admin.sendCommand(['CLIENT', 'LIST', 'TYPE', 'pubsub']));
      const id = /(?:^|\n)id=(\d+) [^\n]*name=([^ ]+)/g;
      const ours = [...clients.matchAll(id)].filter((match) => match[2] === `${name}:sub`).map((match) => match[1]);
      expect(ours).toHaveLength(1);
      await admin.sendCommand(['CLIENT', 'KILL', 'ID', String(ours[0])]);
      const deadline = Date.now() + 5_000;
      while (resyncs === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(resyncs).toBe(1);

      // Subscribed again: new messages arrive.
      const again = Date.now() + 5_000;
      while (received.received.length === 0 && Date.now() < again) {
        await publisher.publish(channel, { after: 'reconnect' });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(received.received[0]).toEqual({ after: 'reconnect' });
    } finally {
      await admin.close();
      await Promise.all([publisher.close(), subscriber.close()]);
    }
  });
});

// Monday 2026-06-15, 18:07 in Berlin: the demo store is open.
const MONDAY_EVENING = new Date('2026-06-15T16:07:00Z');

describe.skipIf(!redisServerBinary)('Redis away (a redis-server of the test’s own)', () => {
  const redises: OwnRedis[] = [];
  afterEach(async () => {
    await Promise.all(redises.splice(0).map((redis) => redis.kill()));
  });

  async function redisOn(port: number): Promise<OwnRedis> {
    const redis = await startRedis(port);
    redises.push(redis);
    return redis;
  }

  it('starts without Redis, fails publishing instead of waiting, and subscribes and resyncs once Redis comes', async () => {
    const port = await freePort();
    const pubsub = await redisPubSub(`redis://127.0.0.1:${port}`, log, `away-${randomUUID()}`);
    try {
      expect(pubsub.connected).toBe(false);
      let resyncs = 0;
      pubsub.onResync(() => {
        resyncs += 1;
      });
      const received = inbox();
      await pubsub.subscribe('away', received.handler);
      await expect(pubsub.publish('away', { while: 'away' })).rejects.toThrow();

      const redis = await redisOn(port);
      await eventually(() => pubsub.connected, 'connected once Redis listens');
      expect(resyncs).toBe(1);
      // The subscription asked for while Redis was away is active.
      await pubsub.publish('away', { after: 'start' });
      expect(await received.count(1)).toEqual([{ after: 'start' }]);

      await redis.kill();
      await eventually(() => !pubsub.connected, 'in doubt once Redis is gone');
      await expect(pubsub.publish('away', { while: 'gone' })).rejects.toThrow();
      await redisOn(port);
      await eventually(() => pubsub.connected, 'connected again');
      expect(resyncs).toBe(2);
      await pubsub.publish('away', { after: 'restart' });
      expect(await received.count(2)).toEqual([{ after: 'start' }, { after: 'restart' }]);
    } finally {
      await pubsub.close();
    }
  });

  it('serves with Redis away, says degraded in /api/health, takes pauses and orders, and is ok once Redis comes', async () => {
    const port = await freePort();
    const server = await buildTestServer({ REDIS_URL: `redis://127.0.0.1:${port}` });
    const app = server.app;
    try {
      app.orders.clock = { now: () => MONDAY_EVENING };
      app.storeStatus.clock = { now: () => MONDAY_EVENING };
      const health = async () => {
        const response = await app.inject({ method: 'GET', url: '/api/health' });
        expect(response.statusCode).toBe(200);
        return healthSchema.parse(response.json());
      };
      expect(await health()).toMatchObject({ status: 'degraded', pubsub: { kind: 'redis', connected: false } });

      // Writes that announce their change still succeed: the announcement fails, the write does not.
      const admin = await createTestUser(app, { role: 'admin' });
      const pause = (paused: boolean) =>
        app.inject({
          method: 'PUT',
          url: '/api/admin/stores/13/pause',
          headers: admin.headers,
          payload: { paused },
        });
      expect((await pause(true)).statusCode).toBe(200);
      expect((await pause(false)).statusCode).toBe(200);
      const product = await simpleProduct(app);
      const placed = await app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'idempotency-key': randomUUID() },
        payload: pickupOrder(product.id),
      });
      expect(placed.statusCode, placed.body).toBe(201);

      await redisOn(port);
      await eventually(async () => (await health()).status === 'ok', '/api/health ok once Redis listens');
      expect(await health()).toEqual({
        status: 'ok',
        database: app.database.kind,
        pubsub: { kind: 'redis', connected: true },
      });
    } finally {
      await server.close();
    }
  });
});
