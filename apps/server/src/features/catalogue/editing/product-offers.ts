import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductSchema,
  apiErrorSchema,
  conflictSchema,
  declarationsRequestSchema,
  productGroupsRequestSchema,
  productParamsSchema,
} from '@pizzeria/domain';
import {
  additives,
  allergens,
  productAdditives,
  productAllergens,
  productToppingGroups,
  toppingGroups,
} from '../../../db/schema.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { refuseOverlappingGroups } from './topping-overlap.ts';
import { writeProduct } from './product-writes.ts';

const responses = {
  200: adminProductSchema,
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: conflictSchema(adminProductSchema),
};

const DUPLICATE_GROUP = new HttpError(400, 'duplicate_topping_group', {
  de: 'Eine Zutatengruppe ist doppelt ausgewählt.',
  en: 'A topping group is chosen twice.',
});
const UNKNOWN_GROUP = new HttpError(400, 'invalid_topping_group', {
  de: 'Eine der gewählten Zutatengruppen (group_ids) gibt es in diesem Restaurant nicht.',
  en: 'One of the chosen topping groups (group_ids) does not exist in this store.',
});

function unknownCodes(kind: 'allergen' | 'additive', codes: readonly string[]): HttpError {
  const list = codes.join(', ');
  return kind === 'allergen'
    ? new HttpError(400, 'unknown_allergen', {
        de: `Diese Allergene gibt es nicht: ${list}.`,
        en: `These allergens do not exist: ${list}.`,
      })
    : new HttpError(400, 'unknown_additive', {
        de: `Diese Zusatzstoffe gibt es nicht: ${list}.`,
        en: `These additives do not exist: ${list}.`,
      });
}

/** The ids of the codes sent, or the codes that name nothing. */
function resolveCodes(
  sent: readonly string[],
  found: readonly { id: number; code: string }[],
): { ids: number[]; missing: string[] } {
  const byCode = new Map(found.map((row) => [row.code, row.id]));
  const unique = [...new Set(sent)];
  return {
    ids: unique.flatMap((code) => byCode.get(code) ?? []),
    missing: unique.filter((code) => !byCode.has(code)),
  };
}

/**
 * What a product offers and declares: its topping groups in order (no topping may be offered
 * twice) and its allergens and additives. Both are part of the product: its version covers them.
 */
const productOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/stores/:id/products/:productId/topping-groups',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'The topping groups a product offers, in order (the first decides the quick-add)',
        params: productParamsSchema,
        body: productGroupsRequestSchema,
        response: responses,
      },
    },
    async (request) => {
      const { id: storeId, productId } = request.params;
      const groupIds = request.body.group_ids;
      if (new Set(groupIds).size !== groupIds.length) throw DUPLICATE_GROUP;
      return writeProduct(app, request, 'topping_groups', async (tx) => {
        const found =
          groupIds.length === 0
            ? []
            : await tx
                .select({ id: toppingGroups.id })
                .from(toppingGroups)
                .where(
                  and(
                    inArray(toppingGroups.id, groupIds),
                    eq(toppingGroups.storeId, storeId),
                    isNull(toppingGroups.archivedAt),
                  ),
                )
                .for('share');
        if (found.length !== groupIds.length) throw UNKNOWN_GROUP;
        await tx.delete(productToppingGroups).where(eq(productToppingGroups.productId, productId));
        if (groupIds.length > 0) {
          await tx
            .insert(productToppingGroups)
            .values(groupIds.map((groupId, position) => ({ productId, groupId, position })));
        }
        await refuseOverlappingGroups(tx, { productIds: [productId] });
      });
    },
  );

  app.put(
    '/stores/:id/products/:productId/declarations',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: "A product's allergens (codes a–n) and additives (codes 1, 2, …)",
        params: productParamsSchema,
        body: declarationsRequestSchema,
        response: responses,
      },
    },
    async (request) => {
      const { productId } = request.params;
      const body = request.body;
      return writeProduct(app, request, 'declarations', async (tx) => {
        const allergenRows =
          body.allergen_codes.length === 0
            ? []
            : await tx
                .select({ id: allergens.id, code: allergens.code })
                .from(allergens)
                .where(inArray(allergens.code, body.allergen_codes))
                .for('share');
        const additiveRows =
          body.additive_codes.length === 0
            ? []
            : await tx
                .select({ id: additives.id, code: additives.code })
                .from(additives)
                .where(and(inArray(additives.code, body.additive_codes), isNull(additives.archivedAt)))
                .for('share');
        const allergenIds = resolveCodes(body.allergen_codes, allergenRows);
        if (allergenIds.missing.length > 0) throw unknownCodes('allergen', allergenIds.missing);
        const additiveIds = resolveCodes(body.additive_codes, additiveRows);
        if (additiveIds.missing.length > 0) throw unknownCodes('additive', additiveIds.missing);
        await tx.delete(productAllergens).where(eq(productAllergens.productId, productId));
        await tx.delete(productAdditives).where(eq(productAdditives.productId, productId));
        if (allergenIds.ids.length > 0) {
          await tx.insert(productAllergens).values(allergenIds.ids.map((allergenId) => ({ productId, allergenId })));
        }
        if (additiveIds.ids.length > 0) {
          await tx.insert(productAdditives).values(additiveIds.ids.map((additiveId) => ({ productId, additiveId })));
        }
      });
    },
  );
};

export default productOfferRoutes;
