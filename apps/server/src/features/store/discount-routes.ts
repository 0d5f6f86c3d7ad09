import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  adminDiscountSchema,
  conflictSchema,
  discountCodeSchema,
  discountParamsSchema,
  discountRequestSchema,
  storeIdParamsSchema,
  type AdminDiscount,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { discounts, stores } from '../../db/schema.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { checkVersion, editAudited } from '../audit/index.ts';
import { adminErrorResponses } from '../../plugins/errors.ts';

const CODES = discountCodeSchema.options;

function render(row: { code: AdminDiscount['code']; value: number; version: number }): AdminDiscount {
  return { code: row.code, value: row.value, version: row.version };
}

async function storeExists(db: Db, storeId: number): Promise<void> {
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (!store) throw storeNotFound(storeId);
}

/**
 * The store's two discounts (docs/product/shop.md: one for deliveries, one for pickups, 0 % by default). A store
 * without a row for a code has it at 0 % (version 1): the first save creates the row. The order pricing
 * reads them from the catalogue, so a save applies to the next order at once.
 */
const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/stores/:id/discounts',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'The delivery and the pickup discount (percentages), both always listed',
        params: storeIdParamsSchema,
        response: { 200: z.array(adminDiscountSchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      await storeExists(db, request.params.id);
      const rows = await db
        .select({ code: discounts.code, value: discounts.value, version: discounts.version })
        .from(discounts)
        .where(eq(discounts.storeId, request.params.id));
      return CODES.map((code) => {
        const row = rows.find((candidate) => candidate.code === code);
        return row ? render(row) : { code, value: 0, version: 1 };
      });
    },
  );

  app.put(
    '/stores/:id/discounts/:code',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Set a discount (0–100 %, two decimals) at the version it was read at; 409 with the current one',
        params: discountParamsSchema,
        body: discountRequestSchema,
        response: { 200: adminDiscountSchema, ...adminErrorResponses, 409: conflictSchema(adminDiscountSchema) },
      },
    },
    async (request) => {
      const { id: storeId, code } = request.params;
      const saved = await editAudited(app, request, {
        storeId,
        entity: 'discount',
        action: 'update',
        write: async (tx) => {
          await storeExists(tx, storeId);
          // The row a store may lack, at its defaults, so that the save below has one to check and lock.
          await tx.insert(discounts).values({ storeId, code, value: 0 }).onConflictDoNothing();
          const [row] = await tx
            .select({ code: discounts.code, value: discounts.value, version: discounts.version })
            .from(discounts)
            .where(and(eq(discounts.storeId, storeId), eq(discounts.code, code)))
            .for('update');
          const before = render(checkVersion(row, request.body.version, () => storeNotFound(storeId), render));
          const [updated] = await tx
            .update(discounts)
            .set({ value: request.body.value, version: sql`${discounts.version} + 1` })
            .where(and(eq(discounts.storeId, storeId), eq(discounts.code, code)))
            .returning({ code: discounts.code, value: discounts.value, version: discounts.version });
          if (!updated) throw storeNotFound(storeId);
          const after = render(updated);
          return { entityId: code, before, after };
        },
      });
      return saved;
    },
  );
};

export default discountRoutes;
