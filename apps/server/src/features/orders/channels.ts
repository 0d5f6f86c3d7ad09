import type { FastifyPluginAsync } from 'fastify';
import type { Limit } from '../../plugins/rate-limits.ts';
import {
  beatForBoards,
  boardChannelRoute,
  closeEndedStaffSessions,
  deliverToStaff,
  reloadBoards,
} from './board-channel.ts';
import { emptyListeners, tokenChecks, type ChannelContext } from './listeners.ts';
import { closeEndedOwnerSessions, deliverToOwners, orderChannelRoute } from './order-channel.ts';
import { DEFAULT_TRACKING_FAILURES, trackingLimit } from './tracking-limit.ts';
import { ORDERS_CHANGED, orderChangeSchema, type OrderChange } from './types.ts';

/** How often the tokens that sockets listen with are checked again: an ended session is closed within this. */
export const SESSION_CHECK_MS = 30_000;

/**
 * Live orders: `WS /api/ws/orders/{id}` for the order page of its owner or tracking-token
 * holder (`order-channel.ts`), and `WS /api/ws/admin/orders` for the staff board (`board-channel.ts`).
 * Changes arrive over pub/sub from whichever instance made them; each instance reads the order once per
 * change and sends it to its own listeners (`listeners.ts`), rendered once per language. A socket becomes
 * a listener only after its credentials opened the order, and they are checked again (the order's owner
 * and token, the user's session) before every message.
 */
const orderChannelRoutes: FastifyPluginAsync<{ trackingFailures?: Limit }> = async (app, options) => {
  const ctx: ChannelContext = {
    listeners: emptyListeners(),
    auth: app.auth,
    orders: app.orders,
    db: app.database.db,
  };
  const { byOrder } = ctx.listeners;

  async function onChange(orderId: number, kind: OrderChange['kind']): Promise<void> {
    const callerOf = tokenChecks(ctx.auth);
    await deliverToOwners(ctx, orderId, [...(byOrder.get(orderId) ?? [])], callerOf);
    await deliverToStaff(ctx, orderId, kind, callerOf);
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
      deliverToOwners(ctx, orderId, [...(byOrder.get(orderId) ?? [])], tokenChecks(ctx.auth)).catch((error: unknown) =>
        app.log.error({ err: error, orderId }, 'could not push an order after reconnecting'),
      );
    }
    reloadBoards(ctx);
  });
  beatForBoards(app, ctx);

  /**
   * A session ended elsewhere (a password reset, a device signed out, a role taken away) closes its
   * sockets within `SESSION_CHECK_MS` even when no order changes meanwhile: every token a
   * socket listens with is checked again, once per token however many sockets share it.
   */
  async function closeEndedSessions(): Promise<void> {
    const callerOf = tokenChecks(ctx.auth);
    await closeEndedStaffSessions(ctx, callerOf);
    await closeEndedOwnerSessions(ctx, callerOf);
  }
  const sessionCheck = setInterval(() => {
    closeEndedSessions().catch((error: unknown) =>
      app.log.error({ err: error }, 'could not check the sockets’ sessions'),
    );
  }, SESSION_CHECK_MS);
  sessionCheck.unref();
  app.addHook('onClose', async () => clearInterval(sessionCheck));

  orderChannelRoute(app, ctx, trackingLimit(app.rateLimits, options.trackingFailures ?? DEFAULT_TRACKING_FAILURES));
  boardChannelRoute(app, ctx);
};

export default orderChannelRoutes;
