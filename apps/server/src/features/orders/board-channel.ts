import type { FastifyInstance } from 'fastify';
import type { RawData } from 'ws';
import { ADMIN_HEARTBEAT_MS, CHANNEL_CLOSE, type AdminOrdersEvent } from '@pizzeria/domain';
import { sendText } from '../../plugins/websocket.ts';
import {
  BAD_MESSAGE,
  UNAUTHORIZED,
  UNAVAILABLE,
  languageOf,
  onAuthMessage,
  parseAuth,
  refuse,
} from './channel-auth.ts';
import { deliver, drop, listen, type CallerOf, type ChannelContext, type Listener } from './listeners.ts';
import type { OrderChange } from './types.ts';

// The staff board's channel: `WS /api/ws/admin/orders`, every order placed or changed, for admins only.

/** Sends the order to the boards whose token is still an admin's; the others are closed. */
export async function deliverToStaff(
  ctx: ChannelContext,
  orderId: number,
  kind: OrderChange['kind'],
  callerOf: CallerOf,
): Promise<void> {
  const { staff } = ctx.listeners;
  const allowed: Listener[] = [];
  for (const listener of [...staff]) {
    const caller = listener.grant.accessToken ? await callerOf(listener.grant.accessToken) : null;
    if (!staff.has(listener)) continue;
    if (caller?.role === 'admin') allowed.push(listener);
    else drop(staff, listener, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
  }
  await deliver(ctx.orders, orderId, allowed, (order) =>
    JSON.stringify({
      type: kind === 'created' ? 'order_created' : 'order_updated',
      order,
    } satisfies AdminOrdersEvent),
  );
}

/** Closes the boards whose token is no admin's any more (a session ended, a role taken away). */
export async function closeEndedStaffSessions(ctx: ChannelContext, callerOf: CallerOf): Promise<void> {
  const { staff } = ctx.listeners;
  for (const listener of [...staff]) {
    const caller = listener.grant.accessToken ? await callerOf(listener.grant.accessToken) : null;
    if (staff.has(listener) && caller?.role !== 'admin')
      drop(staff, listener, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
  }
}

/** Tells every board to load its list again (after a pub/sub outage it may have missed changes). */
export function reloadBoards(ctx: ChannelContext): void {
  for (const listener of ctx.listeners.staff)
    sendText(listener.socket, JSON.stringify({ type: 'ready' } satisfies AdminOrdersEvent));
}

/** A renewed token sent on the board's socket carries the channel on; one that is no admin's ends it. */
async function renewStaffGrant(ctx: ChannelContext, listener: Listener, data: RawData): Promise<void> {
  const { staff } = ctx.listeners;
  const auth = parseAuth(data);
  if (!auth.success) return drop(staff, listener, BAD_MESSAGE, CHANNEL_CLOSE.badMessage);
  const caller = auth.data.access_token ? await ctx.auth.verifyToken(auth.data.access_token) : null;
  if (!staff.has(listener)) return;
  if (caller?.role !== 'admin') return drop(staff, listener, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
  listener.grant = { accessToken: auth.data.access_token, trackingToken: undefined };
}

/**
 * A board must tell a dead connection from a quiet evening: every open channel hears from the server
 * this often, and a board that has not heard for a while reconnects (and reloads its list).
 */
export function beatForBoards(app: FastifyInstance, ctx: ChannelContext): void {
  const heartbeat = setInterval(() => {
    const text = JSON.stringify({ type: 'heartbeat' } satisfies AdminOrdersEvent);
    for (const listener of ctx.listeners.staff) sendText(listener.socket, text);
  }, ADMIN_HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));
}

export function boardChannelRoute(app: FastifyInstance, ctx: ChannelContext): void {
  const { staff } = ctx.listeners;
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
        const caller = auth.access_token ? await ctx.auth.verifyToken(auth.access_token) : null;
        if (caller?.role !== 'admin') return refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
        if (socket.readyState !== socket.OPEN) return;
        const listener: Listener = {
          socket,
          language,
          grant: { accessToken: auth.access_token, trackingToken: undefined },
        };
        listen(staff, listener);
        // A board stays open for hours and its access token lasts minutes: it sends each renewed token on
        // this socket.
        socket.on('message', (data: RawData) => {
          renewStaffGrant(ctx, listener, data).catch(() => drop(staff, listener, UNAVAILABLE, 1011));
        });
        // Every instance learns through the database that a board is there; an automatic pause lifts now.
        await app.boardWatch.boardConnected(socket);
        sendText(socket, JSON.stringify({ type: 'ready' } satisfies AdminOrdersEvent));
      });
    },
  );
}
