import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  closureParamsSchema,
  closureRequestSchema,
  pauseRequestSchema,
  storeAvailabilitySchema,
  storeClosureSchema,
  storeIdParamsSchema,
  storeStatusMessage,
  zonedTime,
  type StoreAvailabilityView,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { storeClosures, stores } from '../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../plugins/errors.ts';
import { storeNotFound } from '../catalogue/index.ts';

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
        tags: ['admin'],
        summary: 'Pause online orders (until a time, or until resumed), or resume them',
        params: storeIdParamsSchema,
        body: pauseRequestSchema,
        response: { 200: storeAvailabilitySchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { paused, until } = request.body;
      const end = paused && until ? new Date(until) : null;
      if (end && end.getTime() <= app.storeStatus.clock.now().getTime()) throw PAUSE_END_PASSED;
      const updated = await db
        .update(stores)
        .set({ orderingPaused: paused, orderingPausedUntil: end, orderingPausedBy: paused ? 'staff' : null })
        .where(eq(stores.id, request.params.id))
        .returning({ id: stores.id });
      if (updated.length === 0) throw storeNotFound(request.params.id);
      await app.storeStatus.changed(request.params.id);
      return view(request.params.id);
    },
  );

  app.post(
    '/stores/:id/closures',
    {
      schema: {
        tags: ['admin'],
        summary: 'Close the store on a range of days (holidays, works), whatever its weekly hours say',
        params: storeIdParamsSchema,
        body: closureRequestSchema,
        response: { 201: storeClosureSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const { starts_on, ends_on, reason } = request.body;
      if (starts_on > ends_on) throw DATES_REVERSED;
      const timeZone = await timeZoneOf(request.params.id);
      if (ends_on < zonedTime(app.storeStatus.clock.now(), timeZone).date) throw CLOSURE_PASSED;
      const closure = await db.transaction(async (tx) => {
        await lockAgainstOrders(tx, request.params.id);
        const [stored] = await tx
          .insert(storeClosures)
          .values({ storeId: request.params.id, startsOn: starts_on, endsOn: ends_on, reason: reason || null })
          .returning({
            id: storeClosures.id,
            starts_on: storeClosures.startsOn,
            ends_on: storeClosures.endsOn,
            reason: storeClosures.reason,
          });
        return stored;
      });
      if (!closure) throw new Error('the closure was not stored');
      await app.storeStatus.changed(request.params.id);
      return reply.status(201).send(closure);
    },
  );

  app.delete(
    '/stores/:id/closures/:closureId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a closure: the weekly hours apply again on its days',
        params: closureParamsSchema,
        response: { 204: z.null(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const deleted = await db.transaction(async (tx) => {
        await lockAgainstOrders(tx, request.params.id);
        return tx
          .delete(storeClosures)
          .where(and(eq(storeClosures.id, request.params.closureId), eq(storeClosures.storeId, request.params.id)))
          .returning({ id: storeClosures.id });
      });
      if (deleted.length === 0) throw CLOSURE_NOT_FOUND;
      await app.storeStatus.changed(request.params.id);
      return reply.status(204).send(null);
    },
  );
  // The weekly hours are part of the store's versioned settings: `PUT /stores/:id/hours` is in
  // `store-settings-routes.ts`.
};

export default storeAvailabilityRoutes;
