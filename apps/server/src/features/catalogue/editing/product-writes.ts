import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AdminProduct } from '@pizzeria/domain';
import type { Db } from '../../../db/client.ts';
import { categories, pictures, products, taxRates } from '../../../db/schema.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { checkVersion, editAudited } from '../../audit/index.ts';
import { readAdminProduct } from './product-reads.ts';

// What every write to one product shares: lock it, check its version, change it, raise the
// version (it covers the sizes, groups and declarations too), audit, and tell every shop once committed.

export function productNotFound(productId: number): HttpError {
  return new HttpError(404, 'product_not_found', {
    de: `Das Produkt ${productId} gibt es in diesem Restaurant nicht.`,
    en: `There is no product ${productId} in this store.`,
  });
}

const INVALID_CATEGORY = new HttpError(400, 'invalid_category', {
  de: 'Die gewählte Kategorie (category_id) gibt es in diesem Restaurant nicht.',
  en: 'The chosen category (category_id) does not exist in this store.',
});
const INVALID_TAX_RATE = new HttpError(400, 'invalid_tax_rate', {
  de: 'Den gewählten Steuersatz (tax_rate_id) gibt es nicht.',
  en: 'The chosen tax rate (tax_rate_id) does not exist.',
});
const INVALID_PICTURE = new HttpError(400, 'invalid_picture', {
  de: 'Das gewählte Bild (picture_id) gibt es in diesem Restaurant nicht.',
  en: 'The chosen picture (picture_id) does not exist in this store.',
});

/**
 * The category a product is put in: one of this store, not archived, held `FOR SHARE` so archiving it
 * (which locks it for update and counts its products) waits for this write.
 */
export async function requireCategory(tx: Db, storeId: number, categoryId: number): Promise<void> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.storeId, storeId), isNull(categories.archivedAt)))
    .for('share');
  if (!row) throw INVALID_CATEGORY;
}

/** What a product refers to besides its category, checked before the write so no foreign key fails. */
export async function requireReferences(
  tx: Db,
  storeId: number,
  references: { taxRateId: number; pictureId: number | null },
): Promise<void> {
  const [rate] = await tx
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.id, references.taxRateId), isNull(taxRates.archivedAt)))
    .for('share');
  if (!rate) throw INVALID_TAX_RATE;
  if (references.pictureId === null) return;
  const [picture] = await tx
    .select({ id: pictures.id })
    .from(pictures)
    .where(and(eq(pictures.id, references.pictureId), eq(pictures.storeId, storeId)))
    .for('share');
  if (!picture) throw INVALID_PICTURE;
}

/** A request to one product's route: the store and product in its path, the version its form was read at. */
export type ProductRequest = FastifyRequest & {
  params: { id: number; productId: number };
  body: { version: number };
};

/**
 * Runs one versioned, audited write to the request's product and answers with the product as it is now.
 * `action` is `update`, `archive`, `sold_out`, `topping_groups` or `declarations`; `change` changes the
 * product's rows, and the version is raised afterwards.
 */
export async function writeProduct(
  app: FastifyInstance,
  request: ProductRequest,
  action: string,
  change: (tx: Db, current: AdminProduct) => Promise<void>,
): Promise<AdminProduct> {
  const { id: storeId, productId } = request.params;
  return editAudited(app, request, {
    storeId,
    entity: 'product',
    action,
    write: async (tx) => {
      const current = checkVersion(
        await readAdminProduct(tx, storeId, productId, true),
        request.body.version,
        () => productNotFound(productId),
        (row) => row,
      );
      await change(tx, current);
      await tx
        .update(products)
        .set({ version: sql`${products.version} + 1` })
        .where(eq(products.id, productId));
      // An archived product is no longer read: its last state is the one before, one version on.
      const written = (await readAdminProduct(tx, storeId, productId)) ?? { ...current, version: current.version + 1 };
      return { entityId: productId, before: current, after: written };
    },
  });
}
