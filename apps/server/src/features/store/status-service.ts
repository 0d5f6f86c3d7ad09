import { setImmediate as nextTurn } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import * as z from 'zod/mini';
import { storeStatusMessage, type StoreAvailability, type StoreStatusEvent } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { sendFrame, sendText, textFrame } from '../../plugins/websocket.ts';
import { CATALOGUE_CHANGED, catalogueChangedSchema } from '../catalogue/index.ts';
import { loadOverrides, type StoreOverrides } from './availability.ts';
import { fanOut } from './fan-out.ts';
import { everyMinuteBoundary } from './minute-ticks.ts';

/** Pub/sub channel: a store's pause or closures changed; every instance reads them again and pushes. */
export const STORE_STATUS_CHANGED = 'store-status:changed';
const storeStatusChangedSchema = z.object({ storeId: z.int() });

export interface Clock {
  now(): Date;
}

export interface StoreStatusService {
  /** Replaceable so tests can fix the time of day. */
  clock: Clock;
  /**
   * Whether the store takes orders: its hours (catalogue) and staff's pause and closures. Read from
   * memory; pass `executor` inside a transaction to read the pause and closures as of that transaction.
   */
  availability(storeId: number, executor?: Db): Promise<StoreAvailability | null>;
  /** The status message now, or null for no such store. */
  message(storeId: number): Promise<StoreStatusEvent | null>;
  /** After writing a store's pause or closures: every instance forgets them and pushes the new status. */
  changed(storeId: number): Promise<void>;
  /**
   * Adds a status subscriber: sends the status at once, then on every change and every minute. With the
   * upgraded request's `connection`, pushes write one frame made for all (`sendFrame`).
   */
  subscribe(storeId: number, socket: WebSocket, connection?: Duplex): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storeStatus: StoreStatusService;
  }
}

const UNAVAILABLE = JSON.stringify({ error: 'The store status cannot be computed right now' });

/**
 * While the pub/sub is not connected, changes made on other instances go unheard: the pause and closures
 * remembered are read again once they are this old, and status subscribers get a push this often.
 */
const IN_DOUBT_MAX_AGE_MS = 2_000;
const IN_DOUBT_PUSH_MS = 5_000;

/**
 * Sockets written per turn of the event loop. Each write is a system call (~10 µs), so a push to 20,000
 * subscribers in one go would hold every other request for a fifth of a second.
 */
export const PUSH_BATCH = 1_000;

/** How often a new subscriber's first status is computed at most while pushes overtake it. */
const FIRST_STATUS_TRIES = 3;

interface CachedOverrides {
  overrides: Promise<StoreOverrides | null>;
  loadedAt: number;
}

/**
 * The store status for the status channel and for orders. One computation per store and
 * push, serialized once for all its subscribers; pushes happen on connect, on every change heard over
 * pub/sub (from any instance) and on every minute boundary, so a slot opening or closing shows at once.
 */
export default fp(
  async (app) => {
    const overrides = new Map<number, CachedOverrides>();
    /** Per store, its subscribers and the connection under each (null: sent through `ws`). */
    const subscribers = new Map<number, Map<WebSocket, Duplex | null>>();

    /** Whether what is remembered may be used: always while the pub/sub would tell of a change. */
    function trusted(cached: CachedOverrides): boolean {
      return app.pubsub.connected || Date.now() - cached.loadedAt < IN_DOUBT_MAX_AGE_MS;
    }

    function overridesOf(storeId: number): Promise<StoreOverrides | null> {
      const cached = overrides.get(storeId);
      if (cached && trusted(cached)) return cached.overrides;
      const pending = loadOverrides(app.database.db, storeId, service.clock.now());
      const entry = { overrides: pending, loadedAt: Date.now() };
      overrides.set(storeId, entry);
      // Neither an unknown store nor a failed read is remembered.
      const forget = () => {
        if (overrides.get(storeId) === entry) overrides.delete(storeId);
      };
      pending.then((found) => {
        if (!found) forget();
      }, forget);
      return pending;
    }

    async function statusText(storeId: number): Promise<string | null> {
      try {
        const message = await service.message(storeId);
        return message ? JSON.stringify(message) : null;
      } catch (error) {
        app.log.error({ err: error, storeId }, 'store status could not be computed');
        return UNAVAILABLE;
      }
    }

    /** Per store, the push under way, and whether the status changed again meanwhile. */
    const pushing = new Map<number, { again: boolean; done: Promise<void> }>();
    /** Per store, how many pushes have been asked for: a subscriber's first status tells by it whether one came meanwhile. */
    const pushesAsked = new Map<number, number>();

    /**
     * Pushes the store's status to its subscribers. One push per store at a time: a change heard while one
     * is under way takes it over at its next batch (`fanOut`), and one heard after its last batch is pushed
     * once more after it, so no subscriber is left with an older status than another, whatever the order
     * the writes end in.
     */
    function push(storeId: number): Promise<void> {
      pushesAsked.set(storeId, (pushesAsked.get(storeId) ?? 0) + 1);
      const running = pushing.get(storeId);
      if (running) {
        running.again = true;
        return running.done;
      }
      const state = { again: true, done: Promise.resolve() };
      state.done = (async () => {
        try {
          while (state.again) {
            state.again = false;
            await pushOnce(storeId, state);
          }
        } finally {
          pushing.delete(storeId);
        }
      })();
      pushing.set(storeId, state);
      return state.done;
    }

    /** The status as a text, and framed once for every subscriber. */
    async function statusFrame(storeId: number): Promise<{ data: Buffer; frame: Buffer }> {
      const data = Buffer.from((await statusText(storeId)) ?? UNAVAILABLE);
      return { data, frame: textFrame(data) };
    }

    async function pushOnce(storeId: number, state: { again: boolean }): Promise<void> {
      const sockets = subscribers.get(storeId);
      if (!sockets || sockets.size === 0) return;
      // The event loop gets a turn after each batch; a change heard meanwhile takes over from there.
      await fanOut(
        sockets,
        await statusFrame(storeId),
        (socket, connection, { data, frame }) => {
          if (connection) sendFrame(socket, connection, frame);
          else sendText(socket, data);
        },
        PUSH_BATCH,
        async () => {
          await nextTurn();
          if (!state.again) return null;
          state.again = false;
          return statusFrame(storeId);
        },
      );
    }

    /**
     * A new subscriber's first status. A push asked for while it is computed may write the newer status
     * to the subscriber first; the first status is then computed again, so that it is never older than
     * a push's that came before it. Pushes come at a person's pace and every minute, a computation takes
     * a moment; should they overtake it a few times in a row, it is sent as it is, and the minute's push
     * corrects it.
     */
    async function firstStatusText(storeId: number): Promise<string | null> {
      let text: string | null = null;
      for (let tries = 0; tries < FIRST_STATUS_TRIES; tries += 1) {
        const asked = pushesAsked.get(storeId) ?? 0;
        text = await statusText(storeId);
        if ((pushesAsked.get(storeId) ?? 0) === asked) break;
      }
      return text;
    }

    function pushAll(): void {
      for (const storeId of subscribers.keys()) void push(storeId);
    }

    const service: StoreStatusService = {
      clock: { now: () => new Date() },

      async availability(storeId, executor) {
        const [catalogue, found] = await Promise.all([
          app.catalogue.get(storeId),
          executor ? loadOverrides(executor, storeId, service.clock.now()) : overridesOf(storeId),
        ]);
        if (!catalogue || !found) return null;
        return { hours: catalogue.store.hours, timeZone: catalogue.store.timezone, ...found };
      },

      async message(storeId) {
        const [availability, menuVersion] = await Promise.all([
          service.availability(storeId),
          app.catalogue.version(storeId),
        ]);
        if (!availability) return null;
        const message = storeStatusMessage(availability, service.clock.now());
        return menuVersion ? { ...message, menu_version: menuVersion } : message;
      },

      async changed(storeId) {
        overrides.delete(storeId);
        try {
          await app.pubsub.publish(STORE_STATUS_CHANGED, { storeId });
        } catch (error) {
          app.log.error({ err: error, storeId }, 'could not tell the other instances that the store status changed');
          await push(storeId);
        }
      },

      async subscribe(storeId, socket, connection) {
        let sockets = subscribers.get(storeId);
        if (!sockets) {
          sockets = new Map();
          subscribers.set(storeId, sockets);
        }
        sockets.set(socket, connection ?? null);
        socket.once('close', () => {
          sockets.delete(socket);
          if (sockets.size === 0 && subscribers.get(storeId) === sockets) subscribers.delete(storeId);
        });
        sendText(socket, (await firstStatusText(storeId)) ?? UNAVAILABLE);
      },
    };

    await app.pubsub.subscribe(STORE_STATUS_CHANGED, (message) => {
      const parsed = storeStatusChangedSchema.safeParse(message);
      if (!parsed.success) return;
      overrides.delete(parsed.data.storeId);
      void push(parsed.data.storeId);
    });
    // The hours are part of the catalogue; its own handler has already forgotten the old ones.
    await app.pubsub.subscribe(CATALOGUE_CHANGED, (message) => {
      const parsed = catalogueChangedSchema.safeParse(message);
      if (!parsed.success) return;
      if (parsed.data.storeId === null) pushAll();
      else void push(parsed.data.storeId);
    });
    app.pubsub.onResync(() => {
      overrides.clear();
      pushAll();
    });

    const stopTicks = everyMinuteBoundary(pushAll);
    // Unheard changes (a pause made on another instance while Redis is away) reach subscribers within seconds.
    const inDoubtPushes = setInterval(() => {
      if (!app.pubsub.connected) pushAll();
    }, IN_DOUBT_PUSH_MS);
    inDoubtPushes.unref();
    app.addHook('onClose', async () => {
      stopTicks();
      clearInterval(inDoubtPushes);
    });

    app.decorate('storeStatus', service);
  },
  { name: 'store-status', dependencies: ['database', 'pubsub', 'catalogue', 'websocket'] },
);
