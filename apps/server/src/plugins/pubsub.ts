import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/**
 * The pub/sub port (DESIGN §2): how one server instance tells the others that something changed (a
 * catalogue write, a store pause, an order decision). Messages are JSON; at most once, so subscribers
 * keep the truth in the database and use messages only as "look again". After a lost connection is back,
 * `onResync` handlers run so subscribers can look again at everything they may have missed.
 */
export interface PubSub {
  readonly kind: 'in-process' | 'redis';
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is active; the returned function ends it. */
  subscribe(channel: string, handler: (message: unknown) => void): Promise<() => Promise<void>>;
  onResync(handler: () => void): void;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pubsub: PubSub;
  }
}

type Handler = (message: unknown) => void;

/** Handlers per channel, shared by both adapters; a throwing handler never stops the others. */
class Subscribers {
  private readonly byChannel = new Map<string, Set<Handler>>();
  private readonly log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  /** Adds a handler; true when it is the channel's first. */
  add(channel: string, handler: Handler): boolean {
    let handlers = this.byChannel.get(channel);
    const first = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.byChannel.set(channel, handlers);
    }
    handlers.add(handler);
    return first;
  }

  /** Removes a handler; true when the channel has none left. */
  remove(channel: string, handler: Handler): boolean {
    const handlers = this.byChannel.get(channel);
    if (!handlers) return false;
    handlers.delete(handler);
    if (handlers.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  deliver(channel: string, text: string): void {
    const handlers = this.byChannel.get(channel);
    if (!handlers) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.log.warn({ channel }, 'pub/sub message that is not JSON dropped');
      return;
    }
    for (const handler of [...handlers]) {
      try {
        handler(message);
      } catch (error) {
        this.log.error({ err: error, channel }, 'pub/sub handler failed');
      }
    }
  }
}

/** One process: delivery on the next tick, through JSON as over the network, so both adapters behave alike. */
export function inProcessPubSub(log: FastifyBaseLogger): PubSub {
  const subscribers = new Subscribers(log);
  return {
    kind: 'in-process',
    async publish(channel, message) {
      const text = JSON.stringify(message);
      setImmediate(() => subscribers.deliver(channel, text));
    },
    async subscribe(channel, handler) {
      subscribers.add(channel, handler);
      return async () => {
        subscribers.remove(channel, handler);
      };
    },
    onResync() {
      // Nothing is ever lost within one process.
    },
    async close() {},
  };
}

/**
 * Redis pub/sub for several instances: one connection publishes, a second one (Redis dedicates a
 * subscribing connection) listens, with one SUBSCRIBE per channel whatever the number of handlers.
 * node-redis reconnects with backoff and subscribes again; messages sent meanwhile are lost, hence resync.
 */
export async function redisPubSub(
  url: string,
  log: FastifyBaseLogger,
  /** Names the connections in Redis's CLIENT LIST: `{name}:pub` and `{name}:sub`. */
  name = `pizzeria-${process.pid}`,
): Promise<PubSub> {
  const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 5_000);
  const publisher = createClient({ url, name: `${name}:pub`, socket: { reconnectStrategy } });
  const subscriber = createClient({ url, name: `${name}:sub`, socket: { reconnectStrategy } });
  const resyncHandlers: (() => void)[] = [];
  const subscribers = new Subscribers(log);
  let connectedOnce = false;
  let closing = false;

  for (const [name, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (error: unknown) => {
      if (!closing) log.error({ err: error, client: name }, 'redis pub/sub connection error');
    });
  }
  subscriber.on('ready', () => {
    if (!connectedOnce) {
      connectedOnce = true;
      return;
    }
    log.warn('redis pub/sub reconnected: looking again at what may have changed meanwhile');
    for (const handler of resyncHandlers) handler();
  });

  await Promise.all([publisher.connect(), subscriber.connect()]);

  const listener = (text: string, channel: string) => subscribers.deliver(channel, text);
  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      if (subscribers.add(channel, handler)) await subscriber.subscribe(channel, listener);
      return async () => {
        if (subscribers.remove(channel, handler) && subscriber.isOpen) await subscriber.unsubscribe(channel, listener);
      };
    },
    onResync(handler) {
      resyncHandlers.push(handler);
    },
    async close() {
      closing = true;
      await Promise.allSettled([publisher.close(), subscriber.close()]);
    },
  };
}

export interface PubSubPluginOptions {
  /** `REDIS_URL`: Redis pub/sub across instances; unset: in-process. */
  redisUrl?: string;
}

/** Decorates `app.pubsub` with the adapter the configuration asks for, and closes it with the server. */
export default fp<PubSubPluginOptions>(
  async (app, options) => {
    const pubsub = options.redisUrl ? await redisPubSub(options.redisUrl, app.log) : inProcessPubSub(app.log);
    app.log.info({ pubsub: pubsub.kind }, 'pub/sub ready');
    app.decorate('pubsub', pubsub);
    app.addHook('onClose', () => pubsub.close());
  },
  { name: 'pubsub' },
);
