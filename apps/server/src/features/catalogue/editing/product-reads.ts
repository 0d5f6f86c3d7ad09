import { and, asc, count, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  fromCents,
  type AdminPicture,
  type AdminProduct,
  type AdminProductPage,
  type AdminProductQuery,
  type AdminVariant,
} from '@pizzeria/domain';
import type { Db } from '../../../db/client.ts';
import {
  additives,
  allergens,
  categories,
  pictureRenditions,
  productAdditives,
  productAllergens,
  productToppingGroups,
  productVariants,
  products,
} from '../../../db/schema.ts';
import { pictureUrl, productImageUrl } from '../picture-urls.ts';

// How the back office reads products: every product of the store that is not archived, hidden and
// sold-out ones included, in the API's shape (decimal euros, ISO times).

type ProductRow = typeof products.$inferSelect;

/** The largest card and wide rendition of each picture. */
export async function picturesById(db: Db, pictureIds: readonly number[]): Promise<Map<number, AdminPicture>> {
  if (pictureIds.length === 0) return new Map();
  const rows = await db
    .select({
      pictureId: pictureRenditions.pictureId,
      kind: pictureRenditions.kind,
      width: pictureRenditions.width,
      hash: pictureRenditions.hash,
    })
    .from(pictureRenditions)
    .where(inArray(pictureRenditions.pictureId, [...new Set(pictureIds)]));
  const largest = new Map<string, { width: number; hash: string }>();
  for (const row of rows) {
    const key = `${row.pictureId}:${row.kind}`;
    const known = largest.get(key);
    if (!known || known.width < row.width) largest.set(key, row);
  }
  const result = new Map<number, AdminPicture>();
  for (const id of pictureIds) {
    const card = largest.get(`${id}:card`);
    const wide = largest.get(`${id}:wide`);
    if (card && wide) result.set(id, { id, card_url: pictureUrl(card.hash), wide_url: pictureUrl(wide.hash) });
  }
  return result;
}

async function variantsByProduct(db: Db, productIds: readonly number[]): Promise<Map<number, AdminVariant[]>> {
  const result = new Map<number, AdminVariant[]>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select()
    .from(productVariants)
    .where(and(inArray(productVariants.productId, [...productIds]), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) {
    const list = result.get(row.productId) ?? [];
    list.push({ id: row.id, name: row.name, price: fromCents(row.priceCents), divisible: row.divisible });
    result.set(row.productId, list);
  }
  return result;
}

function imageUrl(product: ProductRow, picture: AdminPicture | undefined): string | null {
  if (picture) return picture.card_url;
  return product.imageSlug === null ? null : productImageUrl(product.imageSlug);
}

/** Where a product of the store (not archived) is: joined to its category, which says whose it is. */
function ofStore(storeId: number): SQL | undefined {
  return and(eq(categories.storeId, storeId), isNull(products.archivedAt));
}

/**
 * One product of the store in its edit form's shape, or undefined (another store's, archived, none).
 * `lock` takes the product's row for update: a write reads it so, then checks its version.
 */
export async function readAdminProduct(
  db: Db,
  storeId: number,
  productId: number,
  lock = false,
): Promise<AdminProduct | undefined> {
  const query = db
    .select({ product: products })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, productId), ofStore(storeId)));
  const [row] = await (lock ? query.for('update', { of: products }) : query);
  if (!row) return undefined;
  const product = row.product;
  const pictures = await picturesById(db, product.pictureId === null ? [] : [product.pictureId]);
  const picture = product.pictureId === null ? undefined : pictures.get(product.pictureId);
  const groups = await db
    .select({ id: productToppingGroups.groupId })
    .from(productToppingGroups)
    .where(eq(productToppingGroups.productId, productId))
    .orderBy(asc(productToppingGroups.position), asc(productToppingGroups.groupId));
  const allergenRows = await db
    .select({ code: allergens.code })
    .from(productAllergens)
    .innerJoin(allergens, eq(allergens.id, productAllergens.allergenId))
    .where(eq(productAllergens.productId, productId))
    .orderBy(asc(allergens.position), asc(allergens.code));
  const additiveRows = await db
    .select({ code: additives.code })
    .from(productAdditives)
    .innerJoin(additives, eq(additives.id, productAdditives.additiveId))
    .where(eq(productAdditives.productId, productId))
    .orderBy(asc(additives.position), asc(additives.code));
  return {
    id: product.id,
    category_id: product.categoryId,
    type: product.type,
    name: product.name,
    description: product.description,
    price: fromCents(product.priceCents),
    deposit: fromCents(product.depositCents),
    tax_rate_id: product.taxRateId,
    variants: (await variantsByProduct(db, [productId])).get(productId) ?? [],
    divisible: product.divisible,
    picture: picture ?? null,
    image_url: imageUrl(product, picture),
    position: product.position,
    hidden: product.hidden,
    sold_out_until: product.soldOutUntil?.toISOString() ?? null,
    topping_group_ids: groups.map((group) => group.id),
    allergen_codes: allergenRows.map((allergen) => allergen.code),
    additive_codes: additiveRows.map((additive) => additive.code),
    version: product.version,
  };
}

/** `%` and `_` typed into the search box are letters, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** One page of the product list, filtered, in menu order (category position, then product position). */
export async function listAdminProducts(
  db: Db,
  storeId: number,
  query: AdminProductQuery,
  now: Date,
): Promise<AdminProductPage> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    ofStore(storeId),
    isNull(categories.archivedAt),
    pattern === undefined
      ? undefined
      : or(ilike(sql`${products.name}->>'de'`, pattern), ilike(sql`${products.name}->>'en'`, pattern)),
    query.category_id === undefined ? undefined : eq(products.categoryId, query.category_id),
    query.hidden === undefined ? undefined : eq(products.hidden, query.hidden === 'true'),
    query.sold_out === undefined
      ? undefined
      : query.sold_out === 'true'
        ? gt(products.soldOutUntil, now)
        : or(isNull(products.soldOutUntil), lte(products.soldOutUntil, now)),
  );
  const [total] = await db
    .select({ count: count() })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where);
  const rows = await db
    .select({ product: products })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(categories.position), asc(categories.id), asc(products.position), asc(products.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const list = rows.map((row) => row.product);
  const pictures = await picturesById(
    db,
    list.flatMap((product) => (product.pictureId === null ? [] : [product.pictureId])),
  );
  const variants = await variantsByProduct(
    db,
    list.filter((product) => product.type === 'variable').map((product) => product.id),
  );
  return {
    items: list.map((product) => ({
      id: product.id,
      name: product.name,
      category_id: product.categoryId,
      type: product.type,
      price: fromCents(product.priceCents),
      variants: variants.get(product.id) ?? [],
      deposit: fromCents(product.depositCents),
      hidden: product.hidden,
      sold_out_until: product.soldOutUntil?.toISOString() ?? null,
      image_url: imageUrl(product, product.pictureId === null ? undefined : pictures.get(product.pictureId)),
      position: product.position,
      version: product.version,
    })),
    total: total?.count ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
