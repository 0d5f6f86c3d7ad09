import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { localizedTextSchema, type LocalizedText } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import {
  additives,
  allergens,
  categories,
  discounts,
  groupItems,
  pictureRenditions,
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
import type { Catalogue, CatalogueImage, CatalogueToppingGroup, Declared } from './model.ts';
import { pictureUrl, productImageUrl } from './picture-urls.ts';

/**
 * Reads one store's whole catalogue, one query per table in one consistent read-only snapshot, or
 * null when the store does not exist. Archived rows are not part of it; hidden ones are, marked. `now`
 * decides which products are sold out; the catalogue says until when that holds (`validUntil`).
 */
export async function loadCatalogue(db: Db, storeId: number, now: Date = new Date()): Promise<Catalogue | null> {
  return db.transaction(
    async (tx) => {
      const [store] = await tx.select().from(stores).where(eq(stores.id, storeId));
      if (!store) return null;

      const storeProductIds = tx
        .select({ id: products.id })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .where(and(eq(categories.storeId, storeId), isNull(categories.archivedAt), isNull(products.archivedAt)));
      const storeGroupIds = tx
        .select({ id: toppingGroups.id })
        .from(toppingGroups)
        .where(and(eq(toppingGroups.storeId, storeId), isNull(toppingGroups.archivedAt)));
      const storeToppingIds = tx
        .select({ id: toppings.id })
        .from(toppings)
        .where(and(eq(toppings.storeId, storeId), isNull(toppings.archivedAt)));

      const hourRows = await tx
        .select()
        .from(storeHours)
        .where(eq(storeHours.storeId, storeId))
        .orderBy(asc(storeHours.dayOfWeek), asc(storeHours.openTime), asc(storeHours.id));
      const categoryRows = await tx
        .select()
        .from(categories)
        .where(and(eq(categories.storeId, storeId), isNull(categories.archivedAt)))
        .orderBy(asc(categories.position), asc(categories.id));
      const productRows = await tx
        .select({ product: products, categoryHidden: categories.hidden, taxPercentage: taxRates.percentage })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .innerJoin(taxRates, eq(products.taxRateId, taxRates.id))
        .where(and(eq(categories.storeId, storeId), isNull(categories.archivedAt), isNull(products.archivedAt)))
        .orderBy(asc(categories.position), asc(categories.id), asc(products.position), asc(products.id));
      const variantRows = await tx
        .select()
        .from(productVariants)
        .where(and(inArray(productVariants.productId, storeProductIds), isNull(productVariants.archivedAt)))
        .orderBy(asc(productVariants.position), asc(productVariants.id));
      const groupRows = await tx
        .select()
        .from(toppingGroups)
        .where(and(eq(toppingGroups.storeId, storeId), isNull(toppingGroups.archivedAt)))
        .orderBy(asc(toppingGroups.id));
      const toppingRows = await tx
        .select({
          groupId: groupItems.groupId,
          id: toppings.id,
          name: toppings.name,
          priceCents: groupItems.priceCents,
          soldOutUntil: toppings.soldOutUntil,
        })
        .from(groupItems)
        .innerJoin(toppings, eq(groupItems.toppingId, toppings.id))
        .where(and(inArray(groupItems.groupId, storeGroupIds), isNull(toppings.archivedAt)))
        .orderBy(asc(groupItems.position), asc(toppings.id));
      const pictureRows = await tx
        .select({
          pictureId: pictureRenditions.pictureId,
          kind: pictureRenditions.kind,
          width: pictureRenditions.width,
          hash: pictureRenditions.hash,
        })
        .from(pictureRenditions)
        .innerJoin(products, eq(products.pictureId, pictureRenditions.pictureId))
        .where(inArray(products.id, storeProductIds));
      const productGroupRows = await tx
        .select()
        .from(productToppingGroups)
        .where(inArray(productToppingGroups.productId, storeProductIds))
        .orderBy(asc(productToppingGroups.position), asc(productToppingGroups.groupId));
      const allergenRows = await tx.select().from(allergens).orderBy(asc(allergens.position), asc(allergens.code));
      const additiveRows = await tx
        .select()
        .from(additives)
        .where(isNull(additives.archivedAt))
        .orderBy(asc(additives.position), asc(additives.code));
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
        .where(and(eq(postcodes.storeId, storeId), isNull(postcodes.archivedAt), eq(postcodes.hidden, false)))
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
              soldOut: Boolean(topping.soldOutUntil && topping.soldOutUntil > now),
            })),
          },
        ]),
      );
      const variantsByProduct = groupBy(variantRows, (row) => row.productId);
      const picturesById = groupBy(pictureRows, (row) => row.pictureId);
      const soldOutEnds = [
        ...productRows.map(({ product }) => product.soldOutUntil),
        ...toppingRows.map((row) => row.soldOutUntil),
      ].flatMap((until) => (until && until > now ? [until.getTime()] : []));
      const groupLinksByProduct = groupBy(productGroupRows, (row) => row.productId);

      return {
        validUntil: soldOutEnds.length > 0 ? new Date(Math.min(...soldOutEnds)) : null,
        store: {
          id: store.id,
          name: store.name,
          timezone: store.timezone,
          region: store.region,
          address: store.address,
          phone: store.phone,
          email: store.email,
          maxOrderTotalCents: store.maxOrderTotalCents,
          preorderDays: store.preorderDays,
          legalNotice: {
            legal_name: store.legalName,
            legal_representative: store.legalRepresentative,
            trade_register: store.tradeRegister,
            vat_id: store.vatId,
          },
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
          hidden: row.hidden,
        })),
        products: productRows.map(({ product, categoryHidden, taxPercentage }) => ({
          id: product.id,
          categoryId: product.categoryId,
          type: product.type,
          name: localized(product.name, `product ${product.id}`),
          description: localized(product.description, `product ${product.id}`),
          priceCents: product.priceCents,
          depositCents: product.depositCents,
          taxPercentage,
          image: imageOf(
            product.pictureId === null ? [] : (picturesById.get(product.pictureId) ?? []),
            product.imageSlug,
          ),
          position: product.position,
          available: !product.hidden && !categoryHidden && !(product.soldOutUntil && product.soldOutUntil > now),
          soldOut: !product.hidden && !categoryHidden && Boolean(product.soldOutUntil && product.soldOutUntil > now),
          variants: (variantsByProduct.get(product.id) ?? []).map((variant) => ({
            id: variant.id,
            name: localized(variant.name, `variant ${variant.id}`),
            priceCents: variant.priceCents,
            divisible: variant.divisible,
          })),
          divisible: product.divisible,
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

/** An uploaded picture's renditions (the largest of each kind), else the demo's drawing, else none. */
function imageOf(
  renditions: readonly { kind: 'card' | 'wide'; width: number; hash: string }[],
  slug: string | null,
): CatalogueImage | null {
  const largest = (kind: 'card' | 'wide') =>
    renditions.filter((row) => row.kind === kind).sort((a, b) => b.width - a.width)[0];
  const card = largest('card');
  const wide = largest('wide');
  if (card && wide) return { cardUrl: pictureUrl(card.hash), wideUrl: pictureUrl(wide.hash) };
  if (slug === null) return null;
  const drawing = productImageUrl(slug);
  return { cardUrl: drawing, wideUrl: drawing };
}

/**
 * Stored localized jsonb is parsed, never trusted: a broken row names itself in the error. An English
 * text staff left empty reads as the German one (only the German name is required).
 */
function localized(value: unknown, where: string): LocalizedText {
  const parsed = localizedTextSchema.safeParse(value);
  if (!parsed.success) throw new Error(`Stored text of ${where} is not {de, en}: ${parsed.error.message}`);
  return parsed.data.en === '' ? { de: parsed.data.de, en: parsed.data.de } : parsed.data;
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
