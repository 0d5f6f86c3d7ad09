import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { groupItems, productToppingGroups, products, toppingGroups, toppings } from '../../../db/schema.ts';
import { HttpError } from '../../../plugins/errors.ts';

/**
 * An extra in an order names a topping; a product whose groups both offer the same topping would make
 * its price and its group's limits ambiguous. Writes that link groups to products (product-groups) or
 * toppings to groups (group items) call this inside their transaction and refuse such a product.
 */
export async function refuseOverlappingGroups(
  tx: Db,
  scope: { productIds: readonly number[] } | { groupId: number },
): Promise<void> {
  const productFilter =
    'productIds' in scope
      ? scope.productIds.length === 0
        ? sql`false`
        : inArray(productToppingGroups.productId, [...scope.productIds])
      : inArray(
          productToppingGroups.productId,
          tx
            .select({ id: productToppingGroups.productId })
            .from(productToppingGroups)
            .where(eq(productToppingGroups.groupId, scope.groupId)),
        );
  const [overlap] = await tx
    .select({ productName: products.name, toppingName: toppings.name })
    .from(productToppingGroups)
    .innerJoin(toppingGroups, eq(toppingGroups.id, productToppingGroups.groupId))
    .innerJoin(groupItems, eq(groupItems.groupId, productToppingGroups.groupId))
    .innerJoin(toppings, eq(toppings.id, groupItems.toppingId))
    .innerJoin(products, eq(products.id, productToppingGroups.productId))
    .where(
      and(productFilter, isNull(toppingGroups.archivedAt), isNull(toppings.archivedAt), isNull(products.archivedAt)),
    )
    .groupBy(productToppingGroups.productId, groupItems.toppingId, products.name, toppings.name)
    .having(sql`${count()} > 1`)
    .limit(1);
  if (!overlap) return;
  const product = overlap.productName;
  const topping = overlap.toppingName;
  throw new HttpError(409, 'topping_offered_twice', {
    de: `„${product.de}“ würde „${topping.de}“ in zwei Gruppen anbieten. Jede Zutat darf pro Produkt nur in einer Gruppe stehen.`,
    en: `“${product.en || product.de}” would offer “${topping.en || topping.de}” in two groups. A topping may be in only one group per product.`,
  });
}
