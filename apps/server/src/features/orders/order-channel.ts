import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CHANNEL_CLOSE,
  orderIdParamsSchema,
  type Language,
  type Order,
  type OrderChannelEvent,
} from '@pizzeria/domain';
import { HttpError } from '../../plugins/errors.ts';
import { sendText } from '../../plugins/websocket.ts';
import { NOT_FOUND, TOO_MANY_LOOKUPS, UNAUTHORIZED, languageOf, onAuthMessage, refuse } from './channel-auth.ts';
import {
  deliver,
  drop,
  listenToOrder,
  tokenChecks,
  type CallerOf,
  type ChannelContext,
  type Grant,
  type OrderListener,
} from './listeners.ts';
import { mayFollow, readOrderAccess, type OrderAccess } from './order-access.ts';
import type { trackingLimit } from './tracking-limit.ts';

// The order page's channel: `WS /api/ws/orders/{id}` for the order's owner, an admin or the holder of
// its tracking token.

type GuardTracking = ReturnType<typeof trackingLimit>;

/** Whether the grant still opens the order, as the row and the user's session say now. */
async function stillAllowed(
  access: OrderAccess | null,
  grant: Grant,
  callerOf: CallerOf,
): Promise<'yes' | 'unauthorized' | 'not_found'> {
  const caller = grant.accessToken ? await callerOf(grant.accessToken) : null;
  if (grant.accessToken && !caller) return 'unauthorized';
  if (!access || !mayFollow(access, { caller, trackingToken: grant.trackingToken })) return 'not_found';
  return 'yes';
}

/** Sends the order to those of its listeners that may still see it; the others are closed. */
export async function deliverToOwners(
  ctx: ChannelContext,
  orderId: number,
  listeners: OrderListener[],
  callerOf: CallerOf,
): Promise<void> {
  const set = ctx.listeners.byOrder.get(orderId);
  if (!set || listeners.length === 0) return;
  const access = await readOrderAccess(ctx.db, orderId);
  const allowed: OrderListener[] = [];
  for (const listener of listeners) {
    const verdict = await stillAllowed(access, listener.grant, callerOf);
    if (!set.has(listener)) continue;
    if (verdict === 'unauthorized') drop(set, listener, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
    else if (verdict === 'not_found') drop(set, listener, NOT_FOUND, CHANNEL_CLOSE.notFound);
    else if (!listener.ready) listener.missed = true;
    else allowed.push(listener);
  }
  await deliver(ctx.orders, orderId, allowed, (order) =>
    JSON.stringify({ type: 'order', order } satisfies OrderChannelEvent),
  );
}

/** Closes the order pages whose access token names nobody any more; a guest's tracking token has no session. */
export async function closeEndedOwnerSessions(ctx: ChannelContext, callerOf: CallerOf): Promise<void> {
  for (const set of ctx.listeners.byOrder.values()) {
    for (const listener of [...set]) {
      if (!listener.grant.accessToken) continue;
      const caller = await callerOf(listener.grant.accessToken);
      if (set.has(listener) && !caller) drop(set, listener, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
    }
  }
}

/**
 * Lets the socket follow the order once its credentials opened it: the order at once, then every
 * change. Rights first, listening after: a socket that may not see the order never hears of its changes.
 */
async function follow(
  ctx: ChannelContext,
  guardTracking: GuardTracking,
  socket: WebSocket,
  { orderId, grant, language, address }: { orderId: number; grant: Grant; language: Language; address: string },
): Promise<void> {
  const caller = grant.accessToken ? await ctx.auth.verifyToken(grant.accessToken) : null;
  const access = await readOrderAccess(ctx.db, orderId);
  const check = () => stillAllowed(access, grant, async () => caller);
  // A tracking token is a guest's only credential: wrong ones are counted per client address, as over HTTP.
  const guarded = grant.trackingToken
    ? await guardTracking(address, async () => {
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
  const set = listenToOrder(ctx.listeners, orderId, listener);
  // Read after listening, so a change made between the check and listening is not missed.
  let order: Order;
  try {
    order = await ctx.orders.find(orderId, { caller, token: grant.trackingToken }, language);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404)
      return drop(set, listener, NOT_FOUND, CHANNEL_CLOSE.notFound);
    set.delete(listener);
    throw error;
  }
  sendText(socket, JSON.stringify({ type: 'order', order } satisfies OrderChannelEvent));
  listener.ready = true;
  // A change heard while the first read was under way is sent after it, so the newest state comes last.
  if (listener.missed) await deliverToOwners(ctx, orderId, [listener], tokenChecks(ctx.auth));
}

export function orderChannelRoute(app: FastifyInstance, ctx: ChannelContext, guardTracking: GuardTracking): void {
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
        const grant: Grant = { accessToken: auth.access_token, trackingToken: auth.tracking_token };
        if (!grant.accessToken && !grant.trackingToken) return refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized);
        await follow(ctx, guardTracking, socket, { orderId: params.data.id, grant, language, address: request.ip });
      });
    },
  );
}
