import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromCents, orderLimitsSchema, storeIdParamsSchema, toCents } from '@pizzeria/domain';
import { stores } from '../../db/schema.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { audit } from '../audit/index.ts';
import { adminErrorResponses } from '../../plugins/errors.ts';

/**
 * How large one online order may be (a single order must not fill the kitchen's day). The
 * checkout's pricing reads it from the catalogue, so a change invalidates the store's catalogue.
 */
const orderLimitRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/stores/:id/order-limits',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'The largest total an online order may have',
        params: storeIdParamsSchema,
        response: { 200: orderLimitsSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const [store] = await db
        .select({ maxOrderTotalCents: stores.maxOrderTotalCents })
        .from(stores)
        .where(eq(stores.id, request.params.id));
      if (!store) throw storeNotFound(request.params.id);
      return { max_order_total: fromCents(store.maxOrderTotalCents) };
    },
  );

  app.put(
    '/stores/:id/order-limits',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Set the largest total an online order may have; larger orders are refused with `order_total_too_high`',
        params: storeIdParamsSchema,
        body: orderLimitsSchema,
        response: { 200: orderLimitsSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      const limits = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ maxOrderTotalCents: stores.maxOrderTotalCents })
          .from(stores)
          .where(eq(stores.id, storeId))
          .for('no key update');
        if (!before) throw storeNotFound(storeId);
        // Part of the store's settings: a settings form read before this save is now stale.
        const [after] = await tx
          .update(stores)
          .set({ maxOrderTotalCents: toCents(request.body.max_order_total), version: sql`${stores.version} + 1` })
          .where(eq(stores.id, storeId))
          .returning({ maxOrderTotalCents: stores.maxOrderTotalCents });
        if (!after) throw storeNotFound(storeId);
        const rendered = { max_order_total: fromCents(after.maxOrderTotalCents) };
        await audit(tx, request, {
          storeId,
          entity: 'store',
          entityId: storeId,
          action: 'order_limits',
          before: { max_order_total: fromCents(before.maxOrderTotalCents) },
          after: rendered,
        });
        return rendered;
      });
      await app.catalogue.invalidate(storeId);
      return limits;
    },
  );
};

export default orderLimitRoutes;
