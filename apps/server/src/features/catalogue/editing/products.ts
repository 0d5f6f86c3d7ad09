import { and, asc, eq, isNull, max, notInArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductPageSchema,
  adminProductQuerySchema,
  adminProductSchema,
  conflictSchema,
  productOrderRequestSchema,
  productParamsSchema,
  productRequestSchema,
  productUpdateRequestSchema,
  soldOutRequestSchema,
  storeIdParamsSchema,
  toCents,
  versionedRequestSchema,
  type ProductRequest,
  type VariantInput,
} from '@pizzeria/domain';
import type { Db } from '../../../db/client.ts';
import { productVariants, products } from '../../../db/schema.ts';
import { endOfBusinessDay } from '../store-hours.ts';
import { adminErrorResponses, HttpError } from '../../../plugins/errors.ts';
import { editAudited } from '../../audit/index.ts';
import { incompleteOrder, requireStore, sameIds } from './categories.ts';
import productGroupsUsageRoutes from './product-groups-usage.ts';
import { listAdminProducts, readAdminProduct } from './product-reads.ts';
import { productNotFound, requireCategory, requireReferences, writeProduct } from './product-writes.ts';

const productConflict = { 409: conflictSchema(adminProductSchema) };

const INVALID_VARIANT = new HttpError(400, 'invalid_variant', {
  de: 'Eine der Größen (variants) gehört nicht zu diesem Produkt. Laden Sie es neu.',
  en: 'One of the sizes (variants) does not belong to this product. Reload it.',
});

/** What the shop shows as the price: a simple product's own, a variable one's cheapest size ("from"). */
function priceCentsOf(body: ProductRequest): number {
  if (body.type === 'simple') return toCents(body.price ?? 0);
  return Math.min(...body.variants.map((variant) => toCents(variant.price)));
}

/**
 * The sizes as the form sent them: those with an id updated (they must be this product's), new ones
 * added, the rest archived, never deleted. Their order is the list's.
 */
async function saveVariants(tx: Db, productId: number, sent: readonly VariantInput[]): Promise<void> {
  const existing = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)));
  const existingIds = new Set(existing.map((row) => row.id));
  if (sent.some((variant) => variant.id !== undefined && !existingIds.has(variant.id))) throw INVALID_VARIANT;
  const kept: number[] = [];
  for (const [position, variant] of sent.entries()) {
    const values = {
      name: variant.name,
      priceCents: toCents(variant.price),
      position,
      ...(variant.divisible === undefined ? {} : { divisible: variant.divisible }),
    };
    if (variant.id === undefined) {
      const [inserted] = await tx
        .insert(productVariants)
        .values({ productId, ...values })
        .returning({ id: productVariants.id });
      if (inserted) kept.push(inserted.id);
    } else {
      kept.push(variant.id);
      await tx.update(productVariants).set(values).where(eq(productVariants.id, variant.id));
    }
  }
  await tx
    .update(productVariants)
    .set({ archivedAt: new Date() })
    .where(
      and(
        eq(productVariants.productId, productId),
        isNull(productVariants.archivedAt),
        kept.length > 0 ? notInArray(productVariants.id, kept) : undefined,
      ),
    );
}

/** The next free position at the end of a category. */
async function endOfCategory(tx: Db, categoryId: number): Promise<number> {
  const [last] = await tx
    .select({ position: max(products.position) })
    .from(products)
    .where(and(eq(products.categoryId, categoryId), isNull(products.archivedAt)));
  return (last?.position ?? -1) + 1;
}

/**
 * The menu's products: list and read, create, edit with their sizes, archive, sold out for
 * today, and reorder within a category. Groups and declarations are `product-offers.ts`; which
 * products offer each group is `product-groups-usage.ts`.
 */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(productGroupsUsageRoutes);

  app.get(
    '/stores/:id/products',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'Products (not archived) in menu order, one page, filtered by name, category, hidden, sold out',
        params: storeIdParamsSchema,
        querystring: adminProductQuerySchema,
        response: { 200: adminProductPageSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      await requireStore(db, request.params.id);
      return listAdminProducts(db, request.params.id, request.query, app.storeStatus.clock.now());
    },
  );

  app.get(
    '/stores/:id/products/:productId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'One product as its edit form reads it',
        params: productParamsSchema,
        response: { 200: adminProductSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const product = await readAdminProduct(db, request.params.id, request.params.productId);
      if (!product) throw productNotFound(request.params.productId);
      return product;
    },
  );

  app.post(
    '/stores/:id/products',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Add a product at the end of its category',
        description:
          '`divisible` (a simple product) and each size’s `divisible` sell it in halves too (half-and-half, ' +
          'decision 029); left out: not divisible.',
        params: storeIdParamsSchema,
        body: productRequestSchema,
        response: { 201: adminProductSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const storeId = request.params.id;
      const body = request.body;
      const created = await editAudited(app, request, {
        storeId,
        entity: 'product',
        action: 'create',
        write: async (tx) => {
          await requireStore(tx, storeId);
          await requireCategory(tx, storeId, body.category_id);
          await requireReferences(tx, storeId, { taxRateId: body.tax_rate_id, pictureId: body.picture_id });
          const [inserted] = await tx
            .insert(products)
            .values({
              categoryId: body.category_id,
              type: body.type,
              name: body.name,
              description: body.description,
              priceCents: priceCentsOf(body),
              depositCents: toCents(body.deposit ?? 0),
              taxRateId: body.tax_rate_id,
              pictureId: body.picture_id,
              hidden: body.hidden,
              divisible: body.type === 'simple' && body.divisible === true,
              position: await endOfCategory(tx, body.category_id),
            })
            .returning({ id: products.id });
          if (!inserted) throw new Error('the product was not inserted');
          await saveVariants(tx, inserted.id, body.variants);
          const after = await readAdminProduct(tx, storeId, inserted.id);
          if (!after) throw new Error('the inserted product is gone');
          return { entityId: inserted.id, before: null, after };
        },
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/stores/:id/products/order',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: "Reorder a category's products: every one (not archived) once; raises no version",
        params: storeIdParamsSchema,
        body: productOrderRequestSchema,
        response: { 200: adminProductPageSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      const { category_id: categoryId, ids } = request.body;
      await editAudited(app, request, {
        storeId,
        entity: 'product',
        action: 'reorder',
        write: async (tx) => {
          await requireStore(tx, storeId);
          await requireCategory(tx, storeId, categoryId);
          const current = await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.categoryId, categoryId), isNull(products.archivedAt)))
            .orderBy(asc(products.position), asc(products.id))
            .for('update');
          const before = current.map((row) => row.id);
          if (!sameIds(ids, before))
            throw incompleteOrder({ de: 'jedes Produkt der Kategorie', en: 'every product of the category' });
          for (const [position, id] of ids.entries()) {
            await tx.update(products).set({ position }).where(eq(products.id, id));
          }
          return {
            entityId: null,
            before: { category_id: categoryId, ids: before },
            after: { category_id: categoryId, ids },
          };
        },
      });
      return listAdminProducts(
        db,
        storeId,
        { category_id: categoryId, page: 1, page_size: 100 },
        app.storeStatus.clock.now(),
      );
    },
  );

  app.put(
    '/stores/:id/products/:productId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Change a product and its sizes (sizes left out are archived)',
        description:
          '`divisible` (a simple product) and each size’s `divisible` sell it in halves too (half-and-half, ' +
          'decision 029); left out, a simple product and an existing size keep theirs, a new size is not divisible.',
        params: productParamsSchema,
        body: productUpdateRequestSchema,
        response: { 200: adminProductSchema, ...adminErrorResponses, ...productConflict },
      },
    },
    async (request) => {
      const { id: storeId, productId } = request.params;
      const body = request.body;
      return writeProduct(app, request, 'update', async (tx, current) => {
        await requireCategory(tx, storeId, body.category_id);
        await requireReferences(tx, storeId, { taxRateId: body.tax_rate_id, pictureId: body.picture_id });
        const moved = current.category_id !== body.category_id;
        await tx
          .update(products)
          .set({
            categoryId: body.category_id,
            type: body.type,
            name: body.name,
            description: body.description,
            priceCents: priceCentsOf(body),
            ...(body.deposit === undefined ? {} : { depositCents: toCents(body.deposit) }),
            taxRateId: body.tax_rate_id,
            pictureId: body.picture_id,
            hidden: body.hidden,
            // A variable product is divisible per size; a simple one keeps its flag when an old form leaves it out.
            ...(body.type === 'variable'
              ? { divisible: false }
              : body.divisible === undefined
                ? {}
                : { divisible: body.divisible }),
            ...(moved ? { position: await endOfCategory(tx, body.category_id) } : {}),
          })
          .where(eq(products.id, productId));
        await saveVariants(tx, productId, body.variants);
      });
    },
  );

  app.post(
    '/stores/:id/products/:productId/archive',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Archive a product: gone from the shop and the lists; orders keep their copies',
        params: productParamsSchema,
        body: versionedRequestSchema,
        response: { 200: adminProductSchema, ...adminErrorResponses, ...productConflict },
      },
    },
    async (request) => {
      const { productId } = request.params;
      return writeProduct(app, request, 'archive', async (tx) => {
        await tx.update(products).set({ archivedAt: new Date() }).where(eq(products.id, productId));
      });
    },
  );

  app.put(
    '/stores/:id/products/:productId/sold-out',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'Sold out until the next business day starts (`sold_out: true`), or back on sale at once',
        params: productParamsSchema,
        body: soldOutRequestSchema,
        response: { 200: adminProductSchema, ...adminErrorResponses, ...productConflict },
      },
    },
    async (request) => {
      const { id: storeId, productId } = request.params;
      return writeProduct(app, request, 'sold_out', async (tx) => {
        const until = request.body.sold_out ? await endOfBusinessDay(tx, storeId, app.storeStatus.clock.now()) : null;
        await tx.update(products).set({ soldOutUntil: until }).where(eq(products.id, productId));
      });
    },
  );
};

export default productRoutes;
