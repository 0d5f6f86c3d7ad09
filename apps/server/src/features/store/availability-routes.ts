import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  closureOrdersConflictSchema,
  closureParamsSchema,
  closureRequestSchema,
  pauseRequestSchema,
  storeAvailabilitySchema,
  storeClosureSchema,
  storeIdParamsSchema,
  storeStatusMessage,
  zonedTime,
  type ClosureOrder,
  type StoreAvailabilityView,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orders, storeClosures, stores } from '../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../plugins/errors.ts';
import { audit } from '../audit/index.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { pauseFields } from './availability.ts';

const CLOSURE_NOT_FOUND = new HttpError(404, 'closure_not_found', {
  de: 'Diese Schließzeit gibt es nicht.',
  en: 'There is no such closure.',
});
const PAUSE_END_PASSED = new HttpError(400, 'pause_end_in_past', {
  de: 'Das Ende der Pause muss in der Zukunft liegen.',
  en: 'The end of the pause must lie ahead.',
});
const DATES_REVERSED = new HttpError(400, 'invalid_date_range', {
  de: 'Der erste Tag muss vor dem letzten Tag liegen oder ihm gleichen.',
  en: 'The first day must be on or before the last day.',
});
const CLOSURE_PASSED = new HttpError(400, 'closure_in_past', {
  de: 'Diese Schließzeit liegt schon in der Vergangenheit.',
  en: 'This closure lies in the past.',
});

function closureHasOrders(found: ClosureOrder[]): HttpError {
  return new HttpError(
    409,
    'closure_has_orders',
    {
      de: 'Für diese Tage gibt es schon Bestellungen. Trotzdem schließen?',
      en: 'There are already orders for these days. Close anyway?',
    },
    { orders: found },
  );
}

/** What the audit log keeps of a closure: its days and the reason guests read. */
const closureColumns = {
  id: storeClosures.id,
  starts_on: storeClosures.startsOn,
  ends_on: storeClosures.endsOn,
  reason: storeClosures.reason,
};

/**
 * The waiting and accepted orders promised on the store's local days `startsOn`–`endsOn`: the
 * customers staff must call before closing those days, by promised time.
 */
async function ordersOnDays(
  tx: Db,
  storeId: number,
  timeZone: string,
  startsOn: string,
  endsOn: string,
): Promise<ClosureOrder[]> {
  const localDay = sql`(${orders.promisedAt} at time zone ${timeZone}::text)::date`;
  const rows = await tx
    .select({ id: orders.id, status: orders.status, promisedAt: orders.promisedAt, address: orders.address })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        inArray(orders.status, ['waiting', 'accepted']),
        sql`${localDay} between ${startsOn}::date and ${endsOn}::date`,
      ),
    )
    .orderBy(asc(orders.promisedAt), asc(orders.id));
  return rows.map((row) => ({
    id: row.id,
    status: row.status === 'accepted' ? 'accepted' : 'waiting',
    promised_at: row.promisedAt.toISOString(),
    customer_name: row.address.customerName,
    phone: row.address.phone,
  }));
}

/**
 * Orders in flight hold their store's row `FOR SHARE` (decision 008); a closure written under this lock
 * waits for them, and orders after it read the closure: none is taken for a day that was just closed.
 */
async function lockAgainstOrders(tx: Db, storeId: number): Promise<void> {
  await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('no key update');
}

/**
 * When the store takes orders, as staff change it: a pause of online orders, closure days and
 * the weekly hours, now in `store-settings-routes.ts`. Every write tells all instances, which push the new status to every open shop.
 * Registered inside the `/api/admin` subtree, whose one hook admits admins only.
 */
const storeAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  /** Read through the database rather than the cache: staff see what they have just written. */
  async function view(storeId: number): Promise<StoreAvailabilityView> {
    const availability = await app.storeStatus.availability(storeId, db);
    if (!availability) throw storeNotFound(storeId);
    const now = app.storeStatus.clock.now();
    const today = zonedTime(now, availability.timeZone).date;
    return {
      pause: availability.pause,
      closures: availability.closures.filter((closure) => closure.ends_on >= today),
      status: storeStatusMessage(availability, now),
    };
  }

  async function timeZoneOf(storeId: number): Promise<string> {
    const [store] = await db.select({ timezone: stores.timezone }).from(stores).where(eq(stores.id, storeId));
    if (!store) throw storeNotFound(storeId);
    return store.timezone;
  }

  app.get(
    '/stores/:id/availability',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'The pause, the closures not yet over, and the status customers see now',
        params: storeIdParamsSchema,
        response: { 200: storeAvailabilitySchema, ...adminErrorResponses },
      },
    },
    async (request) => view(request.params.id),
  );

  app.put(
    '/stores/:id/pause',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Pause online orders (until a time, or until resumed), or resume them',
        params: storeIdParamsSchema,
        body: pauseRequestSchema,
        response: { 200: storeAvailabilitySchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { paused, until } = request.body;
      const storeId = request.params.id;
      const end = paused && until ? new Date(until) : null;
      if (end && end.getTime() <= app.storeStatus.clock.now().getTime()) throw PAUSE_END_PASSED;
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            orderingPaused: stores.orderingPaused,
            orderingPausedUntil: stores.orderingPausedUntil,
            orderingPausedBy: stores.orderingPausedBy,
          })
          .from(stores)
          .where(eq(stores.id, storeId))
          .for('no key update');
        if (!before) throw storeNotFound(storeId);
        const after = {
          orderingPaused: paused,
          orderingPausedUntil: end,
          orderingPausedBy: paused ? ('staff' as const) : null,
        };
        await tx.update(stores).set(after).where(eq(stores.id, storeId));
        const [old, now] = [pauseFields(before), pauseFields(after)];
        // Resuming what was not paused changes nothing worth a line in the log.
        if (JSON.stringify(old) === JSON.stringify(now)) return;
        await audit(tx, request, {
          storeId,
          entity: 'store',
          entityId: storeId,
          action: paused ? 'pause' : 'resume',
          before: old,
          after: now,
        });
      });
      await app.storeStatus.changed(storeId);
      return view(storeId);
    },
  );

  app.post(
    '/stores/:id/closures',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Close the store on a range of days (holidays, works), whatever its weekly hours say',
        description:
          'When waiting or accepted orders are promised on those days, nothing is closed and the answer is ' +
          '409 `closure_has_orders` with those orders (number, status, promised time, customer and phone), ' +
          'so staff can call them; the same request with `confirm: true` closes the days anyway.',
        params: storeIdParamsSchema,
        body: closureRequestSchema,
        response: { 201: storeClosureSchema, ...adminErrorResponses, 409: closureOrdersConflictSchema },
      },
    },
    async (request, reply) => {
      const { starts_on, ends_on, reason, confirm } = request.body;
      const storeId = request.params.id;
      if (starts_on > ends_on) throw DATES_REVERSED;
      const timeZone = await timeZoneOf(storeId);
      if (ends_on < zonedTime(app.storeStatus.clock.now(), timeZone).date) throw CLOSURE_PASSED;
      const closure = await db.transaction(async (tx) => {
        await lockAgainstOrders(tx, storeId);
        // Under the lock: no order for these days can be placed between this look and the closure.
        const found = await ordersOnDays(tx, storeId, timeZone, starts_on, ends_on);
        if (found.length > 0 && confirm !== true) throw closureHasOrders(found);
        const [stored] = await tx
          .insert(storeClosures)
          .values({ storeId, startsOn: starts_on, endsOn: ends_on, reason: reason || null })
          .returning(closureColumns);
        if (!stored) throw new Error('the closure was not stored');
        await audit(tx, request, {
          storeId,
          entity: 'closure',
          entityId: stored.id,
          action: 'create',
          before: null,
          // The orders staff closed over, by number: who was to be called.
          after: found.length > 0 ? { ...stored, order_ids: found.map((order) => order.id) } : stored,
        });
        return stored;
      });
      await app.storeStatus.changed(storeId);
      return reply.status(201).send(closure);
    },
  );

  app.delete(
    '/stores/:id/closures/:closureId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Remove a closure: the weekly hours apply again on its days',
        params: closureParamsSchema,
        response: { 204: z.null(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const { id: storeId, closureId } = request.params;
      const deleted = await db.transaction(async (tx) => {
        await lockAgainstOrders(tx, storeId);
        const gone = await tx
          .delete(storeClosures)
          .where(and(eq(storeClosures.id, closureId), eq(storeClosures.storeId, storeId)))
          .returning(closureColumns);
        for (const closure of gone) {
          await audit(tx, request, {
            storeId,
            entity: 'closure',
            entityId: closure.id,
            action: 'delete',
            before: closure,
            after: null,
          });
        }
        return gone;
      });
      if (deleted.length === 0) throw CLOSURE_NOT_FOUND;
      await app.storeStatus.changed(storeId);
      return reply.status(204).send(null);
    },
  );
  // The weekly hours are part of the store's versioned settings: `PUT /stores/:id/hours` is in
  // `store-settings-routes.ts`.
};

export default storeAvailabilityRoutes;
