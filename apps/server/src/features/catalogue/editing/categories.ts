import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  adminCategorySchema,
  categoryOrderRequestSchema,
  categoryParamsSchema,
  categoryRequestSchema,
  categoryUpdateRequestSchema,
  conflictSchema,
  storeIdParamsSchema,
  versionedRequestSchema,
  type AdminCategory,
  type LocalizedText,
} from '@pizzeria/domain';
import type { Db } from '../../../db/client.ts';
import { categories, stores } from '../../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../../plugins/errors.ts';
import { storeNotFound } from '../errors.ts';
import { checkVersion, editAudited } from '../../audit/index.ts';

export function categoryNotFound(categoryId: number): HttpError {
  return new HttpError(404, 'category_not_found', {
    de: `Die Kategorie ${categoryId} gibt es in diesem Restaurant nicht.`,
    en: `There is no category ${categoryId} in this store.`,
  });
}

const CATEGORY_NOT_EMPTY = new HttpError(409, 'category_not_empty', {
  de: 'In dieser Kategorie sind noch Produkte. Verschieben oder archivieren Sie sie zuerst.',
  en: 'This category still has products. Move or archive them first.',
});

/** A reorder that leaves out a row or names one twice or of elsewhere would scramble the positions. */
export function incompleteOrder(what: { de: string; en: string }): HttpError {
  return new HttpError(400, 'invalid_order', {
    de: `Die neue Reihenfolge muss ${what.de} genau einmal enthalten.`,
    en: `The new order must list ${what.en} exactly once.`,
  });
}

/** The store of a route's `:id`, or 404: lists and creations name no row that could say so. */
export async function requireStore(db: Db, storeId: number): Promise<void> {
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (!store) throw storeNotFound(storeId);
}

/** The same ids, each once, in any order. */
export function sameIds(sent: readonly number[], existing: readonly number[]): boolean {
  const set = new Set(sent);
  return set.size === sent.length && set.size === existing.length && existing.every((id) => set.has(id));
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  position: categories.position,
  hidden: categories.hidden,
  version: categories.version,
  // Spelled out: Drizzle leaves the table off the columns of a one-table query, and `id` would be the product's.
  productCount:
    sql<number>`(select count(*) from products where products.category_id = categories.id and products.archived_at is null)`.mapWith(
      Number,
    ),
};
interface CategoryRow {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  position: number;
  hidden: boolean;
  version: number;
  productCount: number;
}

function render(row: CategoryRow): AdminCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    position: row.position,
    hidden: row.hidden,
    version: row.version,
    product_count: row.productCount,
  };
}

function storeCategories(db: Db, storeId: number) {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.storeId, storeId), isNull(categories.archivedAt)))
    .orderBy(asc(categories.position), asc(categories.id));
}

/** What a change to one category answers: the category as it is now, or a conflict with it. */
const changedCategoryResponses = {
  200: adminCategorySchema,
  ...adminErrorResponses,
  409: conflictSchema(adminCategorySchema),
};

/** One category of the store (not archived), locked for the write that reads it. */
async function lockCategory(tx: Db, storeId: number, categoryId: number): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.storeId, storeId), isNull(categories.archivedAt)))
    .for('update');
  return row;
}

/**
 * The menu's categories: list, create, edit, archive (only once empty) and reorder. Every
 * write is versioned, audited and tells every shop.
 */
/** The category locked for a write, if it is still at the `version` its form was read at (else 404 or 409). */
async function lockAtVersion(tx: Db, storeId: number, categoryId: number, version: number): Promise<CategoryRow> {
  return checkVersion(await lockCategory(tx, storeId, categoryId), version, () => categoryNotFound(categoryId), render);
}

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/stores/:id/categories',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: "The store's categories (not archived) in menu order, with how many products each has",
        params: storeIdParamsSchema,
        response: { 200: z.array(adminCategorySchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      await requireStore(db, request.params.id);
      return (await storeCategories(db, request.params.id)).map(render);
    },
  );

  app.post(
    '/stores/:id/categories',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Add a category at the end of the menu',
        params: storeIdParamsSchema,
        body: categoryRequestSchema,
        response: { 201: adminCategorySchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const storeId = request.params.id;
      const body = request.body;
      const created = await editAudited(app, request, {
        storeId,
        entity: 'category',
        action: 'create',
        write: async (tx) => {
          await requireStore(tx, storeId);
          const [last] = await tx
            .select({ position: max(categories.position) })
            .from(categories)
            .where(and(eq(categories.storeId, storeId), isNull(categories.archivedAt)));
          const [inserted] = await tx
            .insert(categories)
            .values({
              storeId,
              name: body.name,
              description: body.description,
              hidden: body.hidden,
              position: (last?.position ?? -1) + 1,
            })
            .returning({ id: categories.id });
          if (!inserted) throw new Error('the category was not inserted');
          const row = await lockCategory(tx, storeId, inserted.id);
          if (!row) throw new Error('the inserted category is gone');
          return { entityId: row.id, before: null, after: render(row) };
        },
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/stores/:id/categories/order',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Reorder the categories: every one (not archived) once; raises no version',
        params: storeIdParamsSchema,
        body: categoryOrderRequestSchema,
        response: { 200: z.array(adminCategorySchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      const ids = request.body.ids;
      return editAudited(app, request, {
        storeId,
        entity: 'category',
        action: 'reorder',
        write: async (tx) => {
          await requireStore(tx, storeId);
          const current = await tx
            .select({ id: categories.id })
            .from(categories)
            .where(and(eq(categories.storeId, storeId), isNull(categories.archivedAt)))
            .orderBy(asc(categories.position), asc(categories.id))
            .for('update');
          const before = current.map((row) => row.id);
          if (!sameIds(ids, before)) throw incompleteOrder({ de: 'jede Kategorie', en: 'every category' });
          for (const [position, id] of ids.entries()) {
            await tx.update(categories).set({ position }).where(eq(categories.id, id));
          }
          const list = (await storeCategories(tx, storeId)).map(render);
          return { entityId: null, before: { ids: before }, after: list, audited: { ids } };
        },
      });
    },
  );

  app.put(
    '/stores/:id/categories/:categoryId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Change a category (name, description, hidden)',
        params: categoryParamsSchema,
        body: categoryUpdateRequestSchema,
        response: changedCategoryResponses,
      },
    },
    async (request) => {
      const { id: storeId, categoryId } = request.params;
      const body = request.body;
      return editAudited(app, request, {
        storeId,
        entity: 'category',
        action: 'update',
        write: async (tx) => {
          const current = await lockAtVersion(tx, storeId, categoryId, body.version);
          await tx
            .update(categories)
            .set({
              name: body.name,
              description: body.description,
              hidden: body.hidden,
              version: sql`${categories.version} + 1`,
            })
            .where(eq(categories.id, categoryId));
          const row = await lockCategory(tx, storeId, categoryId);
          if (!row) throw new Error('the updated category is gone');
          return { entityId: categoryId, before: render(current), after: render(row) };
        },
      });
    },
  );

  app.post(
    '/stores/:id/categories/:categoryId/archive',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Archive an empty category: gone from the shop and the lists, kept for the record',
        params: categoryParamsSchema,
        body: versionedRequestSchema,
        response: changedCategoryResponses,
      },
    },
    async (request) => {
      const { id: storeId, categoryId } = request.params;
      return editAudited(app, request, {
        storeId,
        entity: 'category',
        action: 'archive',
        write: async (tx) => {
          const current = await lockAtVersion(tx, storeId, categoryId, request.body.version);
          // A product moved into it meanwhile waits for the lock above; one moved in later finds it archived.
          if (current.productCount > 0) throw CATEGORY_NOT_EMPTY;
          await tx
            .update(categories)
            .set({ archivedAt: new Date(), version: sql`${categories.version} + 1` })
            .where(eq(categories.id, categoryId));
          const before = render(current);
          return { entityId: categoryId, before, after: { ...before, version: before.version + 1 } };
        },
      });
    },
  );
};

export default categoryRoutes;
