import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/**
 * The pub/sub port (README's Architecture): how one server instance tells the others that something changed (a
 * catalogue write, a store pause, an order decision). Messages are JSON; at most once, so subscribers
 * keep the truth in the database and use messages only as "look again". While `connected` is false
 * messages may be missed, so subscribers must not trust what they remember; once the connection is
 * (back) up, `onResync` handlers run so subscribers can look again at everything they may have missed.
 */
export interface PubSub {
  readonly kind: 'in-process' | 'redis';
  /** False while messages from other instances may be missed (Redis away, or not reached yet). */
  readonly connected: boolean;
  /** Rejects, never hangs, when the message cannot be sent (Redis away). */
  publish(channel: string, message: unknown): Promise<void>;
  /**
   * Resolves once the subscription is active, or at once while not connected: then it becomes active
   * with the connection, and the resync handlers run. The returned function ends it.
   */
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

  has(channel: string): boolean {
    return this.byChannel.has(channel);
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
    connected: true,
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

/** How long the start waits for Redis before going on without it. */
const START_WAIT_MS = 3_000;
/** A publish that Redis has not answered by then fails (a dead link that TCP has not noticed yet). */
const PUBLISH_TIMEOUT_MS = 2_000;
/** A subscription that failed (the connection dropped while subscribing) is asked for again after this. */
const SUBSCRIBE_RETRY_MS = 1_000;

/** `promise`, or a rejection once `ms` have passed; a late rejection of `promise` is then ignored. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Redis pub/sub for several instances: one connection publishes, a second one (Redis dedicates a
 * subscribing connection) listens, with one SUBSCRIBE per channel whatever the number of handlers.
 * Redis is not needed to start: unreachable, the instance starts "in doubt" (`connected` false, health
 * degraded) and node-redis keeps trying with backoff, first connection included. It subscribes again
 * after every reconnection; messages sent meanwhile are lost, hence resync once both connections are up.
 * Publishing never waits for Redis: offline it fails at once, and an unanswered publish times out.
 */
export async function redisPubSub(
  url: string,
  log: FastifyBaseLogger,
  /** Names the connections in Redis's CLIENT LIST: `{name}:pub` and `{name}:sub`. */
  name = `pizzeria-${process.pid}`,
  options: { startWaitMs?: number } = {},
): Promise<PubSub> {
  const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 5_000);
  const publisher = createClient({
    url,
    name: `${name}:pub`,
    disableOfflineQueue: true,
    socket: { reconnectStrategy },
  });
  // The subscriber keeps its offline queue: a SUBSCRIBE asked for while Redis is away is sent once it is back.
  const subscriber = createClient({ url, name: `${name}:sub`, socket: { reconnectStrategy } });
  const clients = [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const;
  const resyncHandlers: (() => void)[] = [];
  const subscribers = new Subscribers(log);
  const pendingSubscriptions = new Set<Promise<void>>();
  /** Whether messages may have been missed since the subscribers last looked: true until first connected. */
  let inDoubt = true;
  /** Whether the outage has been logged, so a Redis that stays away logs one line, not one per retry. */
  let outageLogged = false;
  let starting = true;
  let resyncing = false;
  let closing = false;

  const connected = () => publisher.isReady && subscriber.isReady;

  function lost(client: string, error?: unknown): void {
    if (closing || connected()) return;
    inDoubt = true;
    if (outageLogged || starting) return;
    outageLogged = true;
    log.error(
      { err: error, client },
      'redis pub/sub connection lost: retrying in the background; until it is back, changes made on other ' +
        'instances are read from the database instead of heard',
    );
  }

  function resync(): void {
    if (closing || starting || resyncing || !inDoubt || !connected()) return;
    resyncing = true;
    // Subscriptions asked for while away are sent on connecting: look again once they are active.
    void Promise.allSettled([...pendingSubscriptions]).then(() => {
      resyncing = false;
      // Lost again meanwhile: the next connection looks again.
      if (closing || !connected()) return;
      inDoubt = false;
      log.warn(
        outageLogged
          ? 'redis pub/sub connected again: looking again at what may have changed meanwhile'
          : 'redis pub/sub connected: looking again at what may have changed before',
      );
      outageLogged = false;
      for (const handler of resyncHandlers) {
        try {
          handler();
        } catch (error) {
          log.error({ err: error }, 'pub/sub resync handler failed');
        }
      }
    });
  }

  for (const [name, client] of clients) {
    client.on('error', (error: unknown) => {
      if (closing) return;
      if (client.isReady) log.error({ err: error, client: name }, 'redis pub/sub error');
      else lost(name, error);
    });
    client.on('reconnecting', () => lost(name));
    client.on('end', () => lost(name));
    client.on('ready', resync);
  }

  const bothReady = Promise.all(
    clients.map(([name, client]) =>
      client.connect().catch((error: unknown) => {
        // Only when closed before it ever connected; reconnecting is node-redis's own business.
        if (!closing) log.error({ err: error, client: name }, 'redis pub/sub gave up connecting');
      }),
    ),
  );
  let startError: unknown;
  const firstFailure = new Promise<void>((resolve) => {
    for (const [, client] of clients)
      client.once('error', (error: unknown) => {
        startError = error;
        resolve();
      });
  });
  await within(
    options.startWaitMs ?? START_WAIT_MS,
    Promise.race([bothReady, firstFailure]),
    'connecting to redis',
  ).catch(() => {});
  starting = false;
  if (connected()) inDoubt = false;
  else {
    outageLogged = true;
    log.error(
      { err: startError },
      'redis is unreachable (REDIS_URL): starting without pub/sub across instances and retrying in the background; ' +
        'GET /api/health says "degraded" until it is connected',
    );
  }

  const listener = (text: string, channel: string) => subscribers.deliver(channel, text);

  /** SUBSCRIBE, asked for again if the connection drops before Redis confirms it. */
  function redisSubscribe(channel: string): Promise<void> {
    const pending: Promise<void> = subscriber.subscribe(channel, listener).catch(async (error: unknown) => {
      if (closing || !subscribers.has(channel)) return;
      log.warn({ err: error, channel }, 'redis subscription failed: asking again');
      await new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_RETRY_MS));
      if (!closing && subscribers.has(channel)) await redisSubscribe(channel);
    });
    pendingSubscriptions.add(pending);
    void pending.finally(() => pendingSubscriptions.delete(pending));
    return pending;
  }

  return {
    kind: 'redis',
    get connected() {
      return connected() && !inDoubt;
    },
    async publish(channel, message) {
      await within(PUBLISH_TIMEOUT_MS, publisher.publish(channel, JSON.stringify(message)), 'redis publish');
    },
    async subscribe(channel, handler) {
      if (subscribers.add(channel, handler)) {
        const subscribed = redisSubscribe(channel);
        if (subscriber.isReady) await subscribed;
      }
      return async () => {
        if (!subscribers.remove(channel, handler) || !subscriber.isOpen) return;
        const unsubscribed = subscriber.unsubscribe(channel, listener);
        if (subscriber.isReady) await unsubscribed;
        else unsubscribed.catch(() => {});
      };
    },
    onResync(handler) {
      resyncHandlers.push(handler);
    },
    async close() {
      closing = true;
      // A client still trying to connect would wait for ever to send its queue: drop it instead.
      await Promise.allSettled(
        clients.map(([, client]) => (client.isReady ? client.close() : Promise.resolve(client.destroy()))),
      );
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
    app.log.info({ pubsub: pubsub.kind, connected: pubsub.connected }, 'pub/sub ready');
    app.decorate('pubsub', pubsub);
    app.addHook('onClose', () => pubsub.close());
  },
  { name: 'pubsub' },
);
