import fp from 'fastify-plugin';
import { afterChange } from './announce.ts';
import type { OrdersContext } from './context.ts';
import { cancelByCustomer } from './customer-cancel.ts';
import {
  acceptOrder,
  cancelOrder,
  completeOrder,
  markReady,
  rejectOrder,
  rejectUnanswered,
  waitingSince,
} from './lifecycle.ts';
import { placeOrder } from './placing.ts';
import { findOrder, guestRush, listBoard, listForCustomer, listForStaff, orderDetail, viewOrder } from './reads.ts';
import { timeSlots } from './time-slots.ts';
import { DEFAULT_GUEST_SHARE_PERCENT, type Clock, type OrdersService } from './types.ts';

export {
  DEFAULT_GUEST_SHARE_PERCENT,
  ORDERS_CHANGED,
  OrderAttemptRefused,
  orderChangeSchema,
  UNANSWERED_REJECTION,
} from './types.ts';
export type {
  Clock,
  CountedAttempt,
  OrderChange,
  OrderMailKind,
  OrdersService,
  ParsedOrderRequest,
  PlaceOrderInput,
  StaffActor,
} from './types.ts';

/** How often each instance looks for unanswered orders (the update itself makes each rejection happen once). */
const UNANSWERED_SWEEP_MS = 25_000;

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

export interface OrdersPluginOptions {
  clock?: Clock;
  /** The share (percent) of a slot's places that guest orders not yet answered may hold; 100: no bound. */
  guestSharePercent?: number;
}

/**
 * Orders: time slots, placing (idempotent, one transaction), reading and the restaurant's decision. The
 * plugin only wires the feature's functions to the server's parts; each module says what it does.
 */
export default fp<OrdersPluginOptions>(
  async (app, options) => {
    const ctx: OrdersContext = {
      db: app.database.db,
      database: app.database,
      catalogue: app.catalogue,
      storeStatus: app.storeStatus,
      pubsub: app.pubsub,
      log: app.log,
      mailer: () => (app.hasDecorator('mail') ? app.mail : null),
      payments: () => (app.hasDecorator('payments') ? app.payments : null),
      now: () => service.clock.now(),
      guestSharePercent: options.guestSharePercent ?? DEFAULT_GUEST_SHARE_PERCENT,
      mailsUnderWay: new Set(),
      newOrderListeners: new Set(),
      customerCancelListeners: new Set(),
    };

    const service: OrdersService = {
      clock: options.clock ?? { now: () => new Date() },
      timeSlots: (storeId, orderType, postcode, date, guest) =>
        timeSlots(ctx, storeId, orderType, postcode, date, guest),
      place: (input) => placeOrder(ctx, input),
      guestRush: (storeId) => guestRush(ctx, storeId),
      view: (id, language) => viewOrder(ctx, id, language),
      find: (id, access, language) => findOrder(ctx, id, access, language),
      listForCustomer: (userId, language) => listForCustomer(ctx, userId, language),
      listBoard: (storeId, now, language) => listBoard(ctx, storeId, now, language),
      listForStaff: (query, language) => listForStaff(ctx, query, language),
      detail: (id, language) => orderDetail(ctx, id, language),
      accept: (id, minutes, actor, language) => acceptOrder(ctx, id, minutes, actor, language),
      reject: (id, reason, actor, language) => rejectOrder(ctx, id, reason, actor, language),
      markReady: (id, actor, language) => markReady(ctx, id, actor, language),
      complete: (id, actor, language) => completeOrder(ctx, id, actor, language),
      cancel: (id, reason, actor, language) => cancelOrder(ctx, id, reason, actor, language),
      cancelByCustomer: (id, access, language) => cancelByCustomer(ctx, id, access, language),
      changed: (row, language, { kind, mail }) => afterChange(ctx, row, language, mail, kind),
      waitingSince: (order, at) => waitingSince(ctx, order, at),
      rejectUnanswered: () => rejectUnanswered(ctx),
      onNewOrder: (listener) => void ctx.newOrderListeners.add(listener),
      onCancelledByCustomer: (listener) => void ctx.customerCancelListeners.add(listener),
    };

    // The server decides unanswered orders, never a browser; every instance sweeps, each order goes once.
    let sweeping: Promise<void> | null = null;
    const sweep = setInterval(() => {
      if (sweeping) return;
      sweeping = service
        .rejectUnanswered()
        .then(() => undefined)
        .catch((error: unknown) => app.log.error({ err: error }, 'could not reject unanswered orders'))
        .finally(() => {
          sweeping = null;
        });
    }, UNANSWERED_SWEEP_MS);
    sweep.unref();
    app.addHook('preClose', async () => {
      clearInterval(sweep);
      await sweeping;
      await Promise.allSettled([...ctx.mailsUnderWay]);
    });

    app.decorate('orders', service);
  },
  { name: 'orders', dependencies: ['database', 'catalogue', 'store-status', 'pubsub'] },
);
