import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import * as z from 'zod/mini';
import {
  CHANNEL_CLOSE,
  channelAuthSchema,
  languageSchema,
  orderIdParamsSchema,
  type AdminOrdersEvent,
  type ChannelError,
  type Language,
  type Order,
  type OrderChannelEvent,
} from '@pizzeria/domain';
import { HttpError } from '../../plugins/errors.ts';
import { sendText } from '../../plugins/websocket.ts';
import { ORDERS_CHANGED, orderChangeSchema, type OrderChange } from './service.ts';

/** How long a client may take to send its auth message after the socket opened. */
const AUTH_TIMEOUT_MS = 10_000;

interface Listener {
  socket: WebSocket;
  language: Language;
}

const langQuerySchema = z.object({ lang: z.optional(languageSchema) });

/** The UI language the client asks for (`?lang=`), else its Accept-Language. */
function languageOf(request: FastifyRequest): Language {
  const query = langQuerySchema.safeParse(request.query);
  return (query.success && query.data.lang) || request.language;
}

function refuse(socket: WebSocket, error: ChannelError, closeCode: number): void {
  sendText(socket, JSON.stringify(error));
  socket.close(closeCode, error.code);
}

const UNAUTHORIZED: ChannelError = {
  type: 'error',
  code: 'unauthorized',
  message: 'Send {"type":"auth"} with a valid access_token or tracking_token first',
};
const NOT_FOUND: ChannelError = { type: 'error', code: 'not_found', message: 'There is no such order' };
const BAD_MESSAGE: ChannelError = { type: 'error', code: 'bad_message', message: 'Expected {"type":"auth", …}' };
const UNAVAILABLE: ChannelError = { type: 'error', code: 'unavailable', message: 'Please try again shortly' };

/**
 * Waits for the client's one auth message (credentials travel in a message, not in the URL that
 * proxies log) and hands it over; a client that sends garbage or nothing in time is closed.
 */
function onAuthMessage(socket: WebSocket, handle: (auth: z.infer<typeof channelAuthSchema>) => Promise<void>): void {
  const timeout = setTimeout(() => refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized), AUTH_TIMEOUT_MS);
  socket.once('close', () => clearTimeout(timeout));
  socket.once('message', (data: RawData) => {
    clearTimeout(timeout);
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      parsed = undefined;
    }
    const auth = channelAuthSchema.safeParse(parsed);
    if (!auth.success) {
      refuse(socket, BAD_MESSAGE, CHANNEL_CLOSE.badMessage);
      return;
    }
    void handle(auth.data).catch(() => refuse(socket, UNAVAILABLE, 1011));
  });
}

/**
 * Live orders (issue 4): `WS /api/ws/orders/{id}` for the order page of its owner or tracking-token
 * holder, and `WS /api/ws/admin/orders` for the staff board. Changes arrive over pub/sub from whichever
 * instance made them; each instance reads the order once per change and sends it to its own listeners,
 * rendered once per language.
 */
const orderChannelRoutes: FastifyPluginAsync = async (app) => {
  const byOrder = new Map<number, Set<Listener>>();
  const staff = new Set<Listener>();

  function listen(set: Set<Listener>, listener: Listener, onEmpty?: () => void): void {
    set.add(listener);
    listener.socket.once('close', () => {
      set.delete(listener);
      if (set.size === 0) onEmpty?.();
    });
  }

  async function deliver(orderId: number, targets: Listener[], event: (order: Order) => string): Promise<void> {
    const rendered = new Map<Language, string | null>();
    for (const listener of targets) {
      let text = rendered.get(listener.language);
      if (text === undefined) {
        const order = await app.orders.view(orderId, listener.language);
        text = order ? event(order) : null;
        rendered.set(listener.language, text);
      }
      if (text) sendText(listener.socket, text);
    }
  }

  async function onChange(orderId: number, kind: OrderChange['kind']): Promise<void> {
    const owners = [...(byOrder.get(orderId) ?? [])];
    await deliver(orderId, owners, (order) => JSON.stringify({ type: 'order', order } satisfies OrderChannelEvent));
    await deliver(orderId, [...staff], (order) =>
      JSON.stringify({
        type: kind === 'created' ? 'order_created' : 'order_updated',
        order,
      } satisfies AdminOrdersEvent),
    );
  }

  await app.pubsub.subscribe(ORDERS_CHANGED, (message) => {
    const change = orderChangeSchema.safeParse(message);
    if (!change.success) return;
    onChange(change.data.orderId, change.data.kind).catch((error: unknown) =>
      app.log.error({ err: error, orderId: change.data.orderId }, 'could not push an order change'),
    );
  });
  // After a pub/sub outage, every order page gets its order again; the staff board reloads its list.
  app.pubsub.onResync(() => {
    for (const orderId of byOrder.keys()) {
      onChange(orderId, 'updated').catch((error: unknown) =>
        app.log.error({ err: error, orderId }, 'could not push an order after reconnecting'),
      );
    }
    for (const listener of staff)
      sendText(listener.socket, JSON.stringify({ type: 'ready' } satisfies AdminOrdersEvent));
  });

  app.get(
    '/ws/orders/:id',
    {
      websocket: true,
      schema: {
        tags: ['realtime'],
        summary: 'WebSocket: one order, live, for its owner or the holder of its tracking token',
        description:
          'Upgrade to a WebSocket, then send `{"type":"auth","access_token":…}` (the owner or an admin) or ' +
          '`{"type":"auth","tracking_token":…}` (a guest). The server answers `{"type":"order","order":…}` at once ' +
          'and after every change, or `{"type":"error",code,message}` and closes (4401 unauthorized, 4404 ' +
          'no such order or not yours, 4400 bad message). `?lang=de|en` picks the language of the texts.',
      },
    },
    (socket, request) => {
      const params = orderIdParamsSchema.safeParse(request.params);
      const language = languageOf(request);
      onAuthMessage(socket, async (auth) => {
        if (!params.success) return refuse(socket, NOT_FOUND, CHANNEL_CLOSE.notFound);
        const orderId = params.data.id;
        const caller = auth.access_token ? await app.auth.verifyToken(auth.access_token) : null;
        if (auth.access_token && !caller) return refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
        if (!caller && !auth.tracking_token) return refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
        // Listening starts before the first read, so no change between the two is missed.
        const listener = { socket, language };
        let listeners = byOrder.get(orderId);
        if (!listeners) {
          listeners = new Set();
          byOrder.set(orderId, listeners);
        }
        const set = listeners;
        listen(set, listener, () => {
          if (byOrder.get(orderId) === set) byOrder.delete(orderId);
        });
        try {
          const order = await app.orders.find(orderId, { caller, token: auth.tracking_token }, language);
          sendText(socket, JSON.stringify({ type: 'order', order } satisfies OrderChannelEvent));
        } catch (error) {
          set.delete(listener);
          if (error instanceof HttpError && error.statusCode === 404)
            return refuse(socket, NOT_FOUND, CHANNEL_CLOSE.notFound);
          throw error;
        }
      });
    },
  );

  app.get(
    '/ws/admin/orders',
    {
      websocket: true,
      schema: {
        tags: ['realtime'],
        summary: 'WebSocket: new and changed orders for the staff board',
        description:
          'Upgrade to a WebSocket, then send `{"type":"auth","access_token":…}` with an admin token. The server ' +
          'answers `{"type":"ready"}` (load the list over HTTP now), then `{"type":"order_created"|"order_updated",' +
          '"order":…}` for every order placed or decided on any instance. Not an admin: `{"type":"error"}` and 4401.',
      },
    },
    (socket, request) => {
      const language = languageOf(request);
      onAuthMessage(socket, async (auth) => {
        const caller = auth.access_token ? await app.auth.verifyToken(auth.access_token) : null;
        if (caller?.role !== 'admin') return refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
        listen(staff, { socket, language });
        sendText(socket, JSON.stringify({ type: 'ready' } satisfies AdminOrdersEvent));
      });
    },
  );
};

export default orderChannelRoutes;
