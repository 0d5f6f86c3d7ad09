import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { toCents, type GroupItemsRequest } from '@pizzeria/domain';
import type { Db } from '../../../db/client.ts';
import { groupItems, productToppingGroups, products, toppings } from '../../../db/schema.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { refuseOverlappingGroups } from './topping-overlap.ts';

// Which toppings a topping group offers, at which price, in which order: the group-item page saves them
// all at once, replacing what the group offered.

const DUPLICATE_TOPPING = new HttpError(400, 'duplicate_topping', {
  de: 'Eine Zutat steht zweimal in der Gruppe. Jede Zutat darf nur einmal vorkommen.',
  en: 'A topping is in the group twice. Each topping may appear only once.',
});

function unknownToppings(ids: readonly number[]): HttpError {
  return new HttpError(400, 'unknown_topping', {
    de: `Diese Zutaten gibt es in diesem Restaurant nicht (oder sie sind archiviert): ${ids.join(', ')}.`,
    en: `These toppings do not exist in this store (or are archived): ${ids.join(', ')}.`,
  });
}

type GroupItem = GroupItemsRequest['items'][number];

/** Refuses a list that names a topping twice, before any transaction begins. */
export function refuseDuplicateToppings(items: readonly GroupItem[]): void {
  const toppingIds = items.map((item) => item.topping_id);
  if (new Set(toppingIds).size !== toppingIds.length) throw DUPLICATE_TOPPING;
}

/**
 * Replaces the items of the group (locked by the caller) in its transaction: every topping must be the
 * store's and not archived, and no product offering the group may then offer a topping in two groups.
 */
export async function replaceGroupItems(
  tx: Db,
  storeId: number,
  groupId: number,
  items: readonly GroupItem[],
): Promise<void> {
  const toppingIds = items.map((item) => item.topping_id);
  const found =
    toppingIds.length === 0
      ? []
      : await tx
          .select({ id: toppings.id })
          .from(toppings)
          .where(and(inArray(toppings.id, toppingIds), eq(toppings.storeId, storeId), isNull(toppings.archivedAt)))
          // Held until the commit: a topping archived meanwhile waits for this save.
          .for('share');
  const missing = toppingIds.filter((id) => !found.some((topping) => topping.id === id));
  if (missing.length > 0) throw unknownToppings(missing);

  // Rows of archived toppings stay (archived, not deleted); they are not part of what staff edit here.
  const activeToppingIds = tx
    .select({ id: toppings.id })
    .from(toppings)
    .where(and(eq(toppings.storeId, storeId), isNull(toppings.archivedAt)));
  await tx
    .delete(groupItems)
    .where(and(eq(groupItems.groupId, groupId), inArray(groupItems.toppingId, activeToppingIds)));
  if (items.length > 0) {
    await tx.insert(groupItems).values(
      items.map((item, position) => ({
        groupId,
        toppingId: item.topping_id,
        priceCents: toCents(item.price),
        position,
      })),
    );
  }
  // Two groups of one product saved at once must not both pass the check below: the products that
  // offer this group are locked (in id order), so the later save waits and then sees the earlier one.
  await tx
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        tx
          .select({ id: productToppingGroups.productId })
          .from(productToppingGroups)
          .where(eq(productToppingGroups.groupId, groupId)),
      ),
    )
    .orderBy(asc(products.id))
    .for('no key update');
  await refuseOverlappingGroups(tx, { groupId });
}
