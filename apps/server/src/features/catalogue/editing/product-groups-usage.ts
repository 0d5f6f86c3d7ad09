import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminGroupUsageListSchema, storeIdParamsSchema, type AdminGroupUsage } from '@pizzeria/domain';
import type { Db } from '../../../db/client.ts';
import { productToppingGroups, products, toppingGroups } from '../../../db/schema.ts';
import { adminErrorResponses } from '../../../plugins/errors.ts';
import { requireStore } from './categories.ts';

/**
 * Every group of the store (not archived) with the products (not archived) offering it, by German name.
 * The demo has three groups all called "Extra Beläge"; staff tell them apart by what uses them.
 */
export async function groupUsage(db: Db, storeId: number): Promise<AdminGroupUsage[]> {
  const groups = await db
    .select({ id: toppingGroups.id })
    .from(toppingGroups)
    .where(and(eq(toppingGroups.storeId, storeId), isNull(toppingGroups.archivedAt)))
    .orderBy(asc(toppingGroups.id));
  const links = await db
    .select({ groupId: productToppingGroups.groupId, id: products.id, name: products.name })
    .from(productToppingGroups)
    .innerJoin(products, eq(products.id, productToppingGroups.productId))
    .innerJoin(toppingGroups, eq(toppingGroups.id, productToppingGroups.groupId))
    .where(and(eq(toppingGroups.storeId, storeId), isNull(products.archivedAt)))
    .orderBy(asc(products.position), asc(products.id));
  const byName = (a: { name: { de: string } }, b: { name: { de: string } }) => a.name.de.localeCompare(b.name.de, 'de');
  return groups.map((group) => ({
    group_id: group.id,
    products: links
      .filter((link) => link.groupId === group.id)
      .map(({ id, name }) => ({ id, name }))
      .sort(byName),
  }));
}

/** `GET /stores/:id/topping-groups/usage`: read only, so it raises no version and writes no audit. */
const productGroupsUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/stores/:id/topping-groups/usage',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Each topping group with the products that offer it, so pickers can tell same-named groups apart',
        params: storeIdParamsSchema,
        response: { 200: adminGroupUsageListSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      await requireStore(db, request.params.id);
      return groupUsage(db, request.params.id);
    },
  );
};

export default productGroupsUsageRoutes;
