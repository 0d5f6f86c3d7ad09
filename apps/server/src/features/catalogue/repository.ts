import { asc, eq, inArray } from 'drizzle-orm';
import { localizedTextSchema, type LocalizedText } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import {
  additives,
  allergens,
  categories,
  discounts,
  postcodes,
  productAdditives,
  productAllergens,
  productToppingGroups,
  productVariants,
  products,
  storeHours,
  stores,
  taxRates,
  toppingAdditives,
  toppingAllergens,
  toppingGroups,
  toppings,
} from '../../db/schema.ts';
import type { Catalogue, CatalogueToppingGroup, Declared } from './model.ts';

/**
 * Reads one store's whole catalogue, one query per table in one consistent read-only snapshot, or
 * null when the store does not exist.
 */
export async function loadCatalogue(db: Db, storeId: number): Promise<Catalogue | null> {
  return db.transaction(
    async (tx) => {
      const [store] = await tx.select().from(stores).where(eq(stores.id, storeId));
      if (!store) return null;

      const storeProductIds = tx
        .select({ id: products.id })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .where(eq(categories.storeId, storeId));
      const storeGroupIds = tx
        .select({ id: toppingGroups.id })
        .from(toppingGroups)
        .where(eq(toppingGroups.storeId, storeId));
      const storeToppingIds = tx
        .select({ id: toppings.id })
        .from(toppings)
        .where(inArray(toppings.groupId, storeGroupIds));

      const hourRows = await tx
        .select()
        .from(storeHours)
        .where(eq(storeHours.storeId, storeId))
        .orderBy(asc(storeHours.dayOfWeek), asc(storeHours.openTime), asc(storeHours.id));
      const categoryRows = await tx
        .select()
        .from(categories)
        .where(eq(categories.storeId, storeId))
        .orderBy(asc(categories.position), asc(categories.id));
      const productRows = await tx
        .select({ product: products, taxPercentage: taxRates.percentage })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .innerJoin(taxRates, eq(products.taxRateId, taxRates.id))
        .where(eq(categories.storeId, storeId))
        .orderBy(asc(categories.position), asc(categories.id), asc(products.position), asc(products.id));
      const variantRows = await tx
        .select()
        .from(productVariants)
        .where(inArray(productVariants.productId, storeProductIds))
        .orderBy(asc(productVariants.position), asc(productVariants.id));
      const groupRows = await tx
        .select()
        .from(toppingGroups)
        .where(eq(toppingGroups.storeId, storeId))
        .orderBy(asc(toppingGroups.id));
      const toppingRows = await tx
        .select()
        .from(toppings)
        .where(inArray(toppings.groupId, storeGroupIds))
        .orderBy(asc(toppings.position), asc(toppings.id));
      const productGroupRows = await tx
        .select()
        .from(productToppingGroups)
        .where(inArray(productToppingGroups.productId, storeProductIds))
        .orderBy(asc(productToppingGroups.position), asc(productToppingGroups.groupId));
      const allergenRows = await tx.select().from(allergens).orderBy(asc(allergens.position), asc(allergens.code));
      const additiveRows = await tx.select().from(additives).orderBy(asc(additives.position), asc(additives.code));
      const productAllergenRows = await tx
        .select()
        .from(productAllergens)
        .where(inArray(productAllergens.productId, storeProductIds));
      const productAdditiveRows = await tx
        .select()
        .from(productAdditives)
        .where(inArray(productAdditives.productId, storeProductIds));
      const toppingAllergenRows = await tx
        .select()
        .from(toppingAllergens)
        .where(inArray(toppingAllergens.toppingId, storeToppingIds));
      const toppingAdditiveRows = await tx
        .select()
        .from(toppingAdditives)
        .where(inArray(toppingAdditives.toppingId, storeToppingIds));
      const postcodeRows = await tx
        .select()
        .from(postcodes)
        .where(eq(postcodes.storeId, storeId))
        .orderBy(asc(postcodes.postcode));
      const discountRows = await tx
        .select()
        .from(discounts)
        .where(eq(discounts.storeId, storeId))
        .orderBy(asc(discounts.code));

      // Declarations keep the allergen and additive order (a–n, 1–12), whatever order links come in.
      const allergenList = allergenRows.map((row) => ({
        id: row.id,
        declared: { code: row.code, name: localized(row.name, `allergen ${row.code}`) },
      }));
      const additiveList = additiveRows.map((row) => ({
        id: row.id,
        declared: { code: row.code, name: localized(row.name, `additive ${row.code}`) },
      }));
      const declarations = <K>(
        list: readonly { id: number; declared: Declared }[],
        links: readonly { owner: K; id: number }[],
      ): ((owner: K) => Declared[]) => {
        const idsByOwner = groupBy(links, (link) => link.owner);
        return (owner) => {
          const ids = new Set((idsByOwner.get(owner) ?? []).map((link) => link.id));
          return list.filter((entry) => ids.has(entry.id)).map((entry) => entry.declared);
        };
      };
      const toppingAllergensOf = declarations(
        allergenList,
        toppingAllergenRows.map((row) => ({ owner: row.toppingId, id: row.allergenId })),
      );
      const toppingAdditivesOf = declarations(
        additiveList,
        toppingAdditiveRows.map((row) => ({ owner: row.toppingId, id: row.additiveId })),
      );
      const productAllergensOf = declarations(
        allergenList,
        productAllergenRows.map((row) => ({ owner: row.productId, id: row.allergenId })),
      );
      const productAdditivesOf = declarations(
        additiveList,
        productAdditiveRows.map((row) => ({ owner: row.productId, id: row.additiveId })),
      );

      const toppingsByGroup = groupBy(toppingRows, (row) => row.groupId);
      const groupsById = new Map<number, CatalogueToppingGroup>(
        groupRows.map((group) => [
          group.id,
          {
            id: group.id,
            name: localized(group.name, `topping group ${group.id}`),
            minSelect: group.minSelect,
            maxSelect: group.maxSelect,
            toppings: (toppingsByGroup.get(group.id) ?? []).map((topping) => ({
              id: topping.id,
              name: localized(topping.name, `topping ${topping.id}`),
              priceCents: topping.priceCents,
              allergens: toppingAllergensOf(topping.id),
              additives: toppingAdditivesOf(topping.id),
            })),
          },
        ]),
      );
      const variantsByProduct = groupBy(variantRows, (row) => row.productId);
      const groupLinksByProduct = groupBy(productGroupRows, (row) => row.productId);

      return {
        store: {
          id: store.id,
          name: store.name,
          timezone: store.timezone,
          region: store.region,
          address: store.address,
          phone: store.phone,
          email: store.email,
          maxOrderTotalCents: store.maxOrderTotalCents,
          hours: hourRows.map((row) => ({
            day_of_week: row.dayOfWeek,
            open_time: row.openTime,
            close_time: row.closeTime,
            label: row.label,
          })),
        },
        categories: categoryRows.map((row) => ({
          id: row.id,
          storeId: row.storeId,
          position: row.position,
          name: localized(row.name, `category ${row.id}`),
          description: localized(row.description, `category ${row.id}`),
        })),
        products: productRows.map(({ product, taxPercentage }) => ({
          id: product.id,
          categoryId: product.categoryId,
          type: product.type,
          name: localized(product.name, `product ${product.id}`),
          description: localized(product.description, `product ${product.id}`),
          priceCents: product.priceCents,
          taxPercentage,
          imageSlug: product.imageSlug,
          position: product.position,
          available: product.available,
          variants: (variantsByProduct.get(product.id) ?? []).map((variant) => ({
            id: variant.id,
            name: localized(variant.name, `variant ${variant.id}`),
            priceCents: variant.priceCents,
          })),
          toppingGroups: (groupLinksByProduct.get(product.id) ?? []).flatMap((link) => {
            const group = groupsById.get(link.groupId);
            // A link to another store's group is not this store's catalogue.
            return group ? [group] : [];
          }),
          allergens: productAllergensOf(product.id),
          additives: productAdditivesOf(product.id),
        })),
        postcodes: postcodeRows.map((row) => ({
          id: row.id,
          postcode: row.postcode,
          city: row.city,
          deliveryFeeCents: row.deliveryFeeCents,
          minimumOrderCents: row.minimumOrderCents,
          deliveryTimeMinutes: row.deliveryTimeMinutes,
        })),
        discounts: discountRows.map((row) => ({ code: row.code, type: row.type, value: row.value })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Stored localized jsonb is parsed, never trusted: a broken row names itself in the error. */
function localized(value: unknown, where: string): LocalizedText {
  const parsed = localizedTextSchema.safeParse(value);
  if (!parsed.success) throw new Error(`Stored text of ${where} is not {de, en}: ${parsed.error.message}`);
  return parsed.data;
}

function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
