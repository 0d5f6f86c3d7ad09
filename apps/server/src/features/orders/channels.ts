import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import * as z from 'zod/mini';
import {
  ADMIN_HEARTBEAT_MS,
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
import type { Caller } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Limit } from '../../plugins/rate-limits.ts';
import { sendText } from '../../plugins/websocket.ts';
import { mayFollow, readOrderAccess, type OrderAccess } from './order-access.ts';
import { ORDERS_CHANGED, orderChangeSchema, type OrderChange } from './types.ts';
import { DEFAULT_TRACKING_FAILURES, trackingLimit } from './tracking-limit.ts';

/** How long a client may take to send its auth message after the socket opened. */
const AUTH_TIMEOUT_MS = 10_000;

/** How often the tokens that sockets listen with are checked again: an ended session is closed within this. */
export const SESSION_CHECK_MS = 30_000;

/**
 * What let a socket in, kept so that it is checked again before every message: a token whose session
 * ended (password reset, role change, expiry) or that names nobody with rights to the order any more gets
 * no further message and its socket is closed.
 */
interface Grant {
  accessToken: string | undefined;
  trackingToken: string | undefined;
}

interface Listener {
  socket: WebSocket;
  language: Language;
  grant: Grant;
}

/** A listener of one order; changes heard before its first message is sent are sent after it. */
interface OrderListener extends Listener {
  ready: boolean;
  missed: boolean;
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
const TOO_MANY_LOOKUPS: ChannelError = {
  type: 'error',
  code: 'unavailable',
  message: 'Too many orders were asked for with a wrong token from your address: please try again later',
};

/** A client's `{"type":"auth", …}` message; anything else (not JSON, another shape) fails. */
function parseAuth(data: RawData) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString());
  } catch {
    parsed = undefined;
  }
  return channelAuthSchema.safeParse(parsed);
}

/**
 * Waits for the client's one auth message (credentials travel in a message, not in the URL that
 * proxies log) and hands it over; a client that sends garbage or nothing in time is closed.
 */
function onAuthMessage(socket: WebSocket, handle: (auth: z.infer<typeof channelAuthSchema>) => Promise<void>): void {
  const timeout = setTimeout(() => refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized), AUTH_TIMEOUT_MS);
  socket.once('close', () => clearTimeout(timeout));
  socket.once('message', (data: RawData) => {
    clearTimeout(timeout);
    const auth = parseAuth(data);
    if (!auth.success) {
      refuse(socket, BAD_MESSAGE, CHANNEL_CLOSE.badMessage);
      return;
    }
    void handle(auth.data).catch(() => refuse(socket, UNAVAILABLE, 1011));
  });
}

/**
 * Live orders: `WS /api/ws/orders/{id}` for the order page of its owner or tracking-token
 * holder, and `WS /api/ws/admin/orders` for the staff board. Changes arrive over pub/sub from whichever
 * instance made them; each instance reads the order once per change and sends it to its own listeners,
 * rendered once per language. A socket becomes a listener only after its credentials opened the order,
 * and they are checked again (the order's owner and token, the user's session) before every message.
 */
const orderChannelRoutes: FastifyPluginAsync<{ trackingFailures?: Limit }> = async (app, options) => {
  const guardTracking = trackingLimit(app.rateLimits, options.trackingFailures ?? DEFAULT_TRACKING_FAILURES);
  const byOrder = new Map<number, Set<OrderListener>>();
  const staff = new Set<Listener>();

  function listen<T extends Listener>(set: Set<T>, listener: T, onEmpty?: () => void): void {
    set.add(listener);
    listener.socket.once('close', () => {
      set.delete(listener);
      if (set.size === 0) onEmpty?.();
    });
  }

  function drop<T extends Listener>(set: Set<T>, listener: T, error: ChannelError, closeCode: number): void {
    set.delete(listener);
    refuse(listener.socket, error, closeCode);
  }

  /** Checks each access token once per change, however many of its sockets listen. */
  function tokenChecks(): (token: string) => Promise<Caller | null> {
    const checked = new Map<string, Promise<Caller | null>>();
    return (token) => {
      let caller = checked.get(token);
      if (!caller) {
        caller = app.auth.verifyToken(token);
        checked.set(token, caller);
      }
      return caller;
    };
  }

  /** Whether the grant still opens the order, as the row and the user's session say now. */
  async function stillAllowed(
    access: OrderAccess | null,
    grant: Grant,
    callerOf: (token: string) => Promise<Caller | null>,
  ): Promise<'yes' | 'unauthorized' | 'not_found'> {
    const caller = grant.accessToken ? await callerOf(grant.accessToken) : null;
    if (grant.accessToken && !caller) return 'unauthorized';
    if (!access || !mayFollow(access, { caller, trackingToken: grant.trackingToken })) return 'not_found';
    return 'yes';
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

  /** Sends the order to those of its listeners that may still see it; the others are closed. */
  async function deliverToOwners(
    orderId: number,
    listeners: OrderListener[],
    callerOf: (token: string) => Promise<Caller | null>,
  ): Promise<void> {
    const set = byOrder.get(orderId);
    if (!set || listeners.length === 0) return;
    const access = await readOrderAccess(app.database.db, orderId);
    const allowed: OrderListener[] = [];
    for (const listener of listeners) {
      const verdict = await stillAllowed(access, listener.grant, callerOf);
      if (!set.has(listener)) continue;
      if (verdict === 'unauthorized') drop(set, listener, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
      else if (verdict === 'not_found') drop(set, listener, NOT_FOUND, CHANNEL_CLOSE.notFound);
      else if (!listener.ready) listener.missed = true;
      else allowed.push(listener);
    }
    await deliver(orderId, allowed, (order) => JSON.stringify({ type: 'order', order } satisfies OrderChannelEvent));
  }

  async function deliverToStaff(
    orderId: number,
    kind: OrderChange['kind'],
    callerOf: (token: string) => Promise<Caller | null>,
  ): Promise<void> {
    const allowed: Listener[] = [];
    for (const listener of [...staff]) {
      const caller = listener.grant.accessToken ? await callerOf(listener.grant.accessToken) : null;
      if (!staff.has(listener)) continue;
      if (caller?.role === 'admin') allowed.push(listener);
      else drop(staff, listener, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
    }
    await deliver(orderId, allowed, (order) =>
      JSON.stringify({
        type: kind === 'created' ? 'order_created' : 'order_updated',
        order,
      } satisfies AdminOrdersEvent),
    );
  }

  async function onChange(orderId: number, kind: OrderChange['kind']): Promise<void> {
    const callerOf = tokenChecks();
    await deliverToOwners(orderId, [...(byOrder.get(orderId) ?? [])], callerOf);
    await deliverToStaff(orderId, kind, callerOf);
  }

  /**
   * One order's changes are pushed one after another: each push reads the order afresh, so the last one
   * sent is the newest state. Concurrent pushes could overtake each other (a rejection and the refund a
   * moment after it), and a page would keep the older.
   */
  const pushing = new Map<number, Promise<void>>();
  function pushInTurn(orderId: number, kind: OrderChange['kind']): void {
    const next = (pushing.get(orderId) ?? Promise.resolve())
      .then(() => onChange(orderId, kind))
      .catch((error: unknown) => app.log.error({ err: error, orderId }, 'could not push an order change'));
    pushing.set(orderId, next);
    void next.finally(() => {
      if (pushing.get(orderId) === next) pushing.delete(orderId);
    });
  }

  await app.pubsub.subscribe(ORDERS_CHANGED, (message) => {
    const change = orderChangeSchema.safeParse(message);
    if (!change.success) return;
    pushInTurn(change.data.orderId, change.data.kind);
  });
  // After a pub/sub outage, every order page gets its order again; the staff board reloads its list.
  app.pubsub.onResync(() => {
    for (const orderId of byOrder.keys()) {
      deliverToOwners(orderId, [...(byOrder.get(orderId) ?? [])], tokenChecks()).catch((error: unknown) =>
        app.log.error({ err: error, orderId }, 'could not push an order after reconnecting'),
      );
    }
    for (const listener of staff)
      sendText(listener.socket, JSON.stringify({ type: 'ready' } satisfies AdminOrdersEvent));
  });

  async function renewStaffGrant(listener: Listener, data: RawData): Promise<void> {
    const auth = parseAuth(data);
    if (!auth.success) return drop(staff, listener, BAD_MESSAGE, CHANNEL_CLOSE.badMessage);
    const caller = auth.data.access_token ? await app.auth.verifyToken(auth.data.access_token) : null;
    if (!staff.has(listener)) return;
    if (caller?.role !== 'admin') return drop(staff, listener, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
    listener.grant = { accessToken: auth.data.access_token, trackingToken: undefined };
  }

  // A board must tell a dead connection from a quiet evening: every open channel hears from the server
  // this often, and a board that has not heard for a while reconnects (and reloads its list).
  const heartbeat = setInterval(() => {
    const text = JSON.stringify({ type: 'heartbeat' } satisfies AdminOrdersEvent);
    for (const listener of staff) sendText(listener.socket, text);
  }, ADMIN_HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  /**
   * A session ended elsewhere (a password reset, a device signed out, a role taken away) closes its
   * sockets within `SESSION_CHECK_MS` even when no order changes meanwhile: every token a
   * socket listens with is checked again, once per token however many sockets share it.
   */
  async function closeEndedSessions(): Promise<void> {
    const callerOf = tokenChecks();
    for (const listener of [...staff]) {
      const caller = listener.grant.accessToken ? await callerOf(listener.grant.accessToken) : null;
      if (staff.has(listener) && caller?.role !== 'admin')
        drop(staff, listener, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
    }
    for (const set of byOrder.values()) {
      for (const listener of [...set]) {
        if (!listener.grant.accessToken) continue;
        const caller = await callerOf(listener.grant.accessToken);
        if (set.has(listener) && !caller) drop(set, listener, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
      }
    }
  }
  const sessionCheck = setInterval(() => {
    closeEndedSessions().catch((error: unknown) =>
      app.log.error({ err: error }, 'could not check the sockets’ sessions'),
    );
  }, SESSION_CHECK_MS);
  sessionCheck.unref();
  app.addHook('onClose', async () => clearInterval(sessionCheck));

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
        const grant: Grant = { accessToken: auth.access_token, trackingToken: auth.tracking_token };
        if (!grant.accessToken && !grant.trackingToken) return refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
        const caller = grant.accessToken ? await app.auth.verifyToken(grant.accessToken) : null;
        // Rights first, listening after: a socket that may not see the order never hears of its changes.
        const access = await readOrderAccess(app.database.db, orderId);
        const check = () => stillAllowed(access, grant, async () => caller);
        // A tracking token is a guest's only credential: wrong ones are counted per client address, as over HTTP.
        const guarded = grant.trackingToken
          ? await guardTracking(request.ip, async () => {
              // Only a token that opened no order is a wrong guess; a bad access token is refused as before.
              const verdict = await check();
              return verdict === 'not_found' ? null : verdict;
            })
          : null;
        if (guarded?.kind === 'refused') return refuse(socket, TOO_MANY_LOOKUPS, CHANNEL_CLOSE.tryAgainLater);
        const verdict = guarded ? (guarded.found ?? 'not_found') : await check();
        if (verdict === 'unauthorized') return refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
        if (verdict === 'not_found') return refuse(socket, NOT_FOUND, CHANNEL_CLOSE.notFound);
        // A socket closed meanwhile will not say so again: it must not stay a listener.
        if (socket.readyState !== socket.OPEN) return;

        const listener: OrderListener = { socket, language, grant, ready: false, missed: false };
        let listeners = byOrder.get(orderId);
        if (!listeners) {
          listeners = new Set();
          byOrder.set(orderId, listeners);
        }
        const set = listeners;
        listen(set, listener, () => {
          if (byOrder.get(orderId) === set) byOrder.delete(orderId);
        });
        // Read after listening, so a change made between the check and listening is not missed.
        let order: Order;
        try {
          order = await app.orders.find(orderId, { caller, token: grant.trackingToken }, language);
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 404)
            return drop(set, listener, NOT_FOUND, CHANNEL_CLOSE.notFound);
          set.delete(listener);
          throw error;
        }
        sendText(socket, JSON.stringify({ type: 'order', order } satisfies OrderChannelEvent));
        listener.ready = true;
        // A change heard while the first read was under way is sent after it, so the newest state comes last.
        if (listener.missed) await deliverToOwners(orderId, [listener], tokenChecks());
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
          '"order":…}` for every order placed or decided on any instance, and `{"type":"heartbeat"}` every 15 s. ' +
          'Send `{"type":"auth","access_token":…}` again with each renewed token. Not an admin: `{"type":"error"}` and 4401.',
      },
    },
    (socket, request) => {
      const language = languageOf(request);
      onAuthMessage(socket, async (auth) => {
        const caller = auth.access_token ? await app.auth.verifyToken(auth.access_token) : null;
        if (caller?.role !== 'admin') return refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
        if (socket.readyState !== socket.OPEN) return;
        const listener: Listener = {
          socket,
          language,
          grant: { accessToken: auth.access_token, trackingToken: undefined },
        };
        listen(staff, listener);
        // A board stays open for hours and its access token lasts minutes: it sends each renewed token on
        // this socket. A renewal that is no admin's ends the channel, as an expired token would.
        socket.on('message', (data: RawData) => {
          renewStaffGrant(listener, data).catch(() => drop(staff, listener, UNAVAILABLE, 1011));
        });
        // Every instance learns through the database that a board is there; an automatic pause lifts now.
        await app.boardWatch.boardConnected(socket);
        sendText(socket, JSON.stringify({ type: 'ready' } satisfies AdminOrdersEvent));
      });
    },
  );
};

export default orderChannelRoutes;
