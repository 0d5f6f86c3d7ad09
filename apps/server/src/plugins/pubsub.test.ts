import Fastify from 'fastify';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
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
