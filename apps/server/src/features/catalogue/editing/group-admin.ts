import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminToppingGroupListSchema,
  adminToppingGroupSchema,
  conflictSchema,
  fromCents,
  groupItemsRequestSchema,
  minSelectAboveMax,
  storeIdParamsSchema,
  toppingGroupCreateRequestSchema,
  toppingGroupParamsSchema,
  toppingGroupUpdateRequestSchema,
  versionedRequestSchema,
  type AdminToppingGroup,
} from '@pizzeria/domain';
import type { Db } from '../../../db/client.ts';
import { groupItems, productToppingGroups, products, toppingGroups, toppings } from '../../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../../plugins/errors.ts';
import { checkVersion, editAudited } from '../../audit/index.ts';
import { requireStore } from './categories.ts';
import { refuseDuplicateToppings, replaceGroupItems } from './group-items.ts';

type GroupRow = typeof toppingGroups.$inferSelect;

/** What a change to one group answers: the group as it is now, or a conflict with it. */
const changedGroupResponses = {
  200: adminToppingGroupSchema,
  409: conflictSchema(adminToppingGroupSchema),
  ...adminErrorResponses,
};

function groupNotFound(): HttpError {
  return new HttpError(404, 'topping_group_not_found', {
    de: 'Diese Zutatengruppe gibt es in diesem Restaurant nicht.',
    en: 'There is no such topping group in this store.',
  });
}

const MIN_ABOVE_MAX = new HttpError(400, 'min_select_above_max', {
  de: 'Die Mindestauswahl darf nicht größer sein als die Höchstauswahl.',
  en: 'The minimum to choose must not be greater than the maximum.',
});

/** Groups in the back office's shape: items in the shop's order (archived toppings left out), products. */
async function renderGroups(db: Db, rows: readonly GroupRow[]): Promise<AdminToppingGroup[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const items = await db
    .select({
      groupId: groupItems.groupId,
      toppingId: toppings.id,
      name: toppings.name,
      priceCents: groupItems.priceCents,
    })
    .from(groupItems)
    .innerJoin(toppings, eq(toppings.id, groupItems.toppingId))
    .where(and(inArray(groupItems.groupId, ids), isNull(toppings.archivedAt)))
    .orderBy(asc(groupItems.position), asc(toppings.id));
  const productLinks = await db
    .select({ groupId: productToppingGroups.groupId, productId: productToppingGroups.productId })
    .from(productToppingGroups)
    .innerJoin(products, eq(products.id, productToppingGroups.productId))
    .where(and(inArray(productToppingGroups.groupId, ids), isNull(products.archivedAt)))
    .orderBy(asc(productToppingGroups.productId));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    min_select: row.minSelect,
    max_select: row.maxSelect,
    items: items
      .filter((item) => item.groupId === row.id)
      .map((item) => ({ topping_id: item.toppingId, name: item.name, price: fromCents(item.priceCents) })),
    product_ids: productLinks.filter((link) => link.groupId === row.id).map((link) => link.productId),
    version: row.version,
  }));
}

async function renderGroup(db: Db, row: GroupRow): Promise<AdminToppingGroup> {
  const [rendered] = await renderGroups(db, [row]);
  if (!rendered) throw new Error('a rendered topping group went missing');
  return rendered;
}

/**
 * The store's topping groups: a name, how many toppings a customer may choose, and on the
 * group-item page which toppings it offers at which price in which order. Archiving a group takes it
 * off every product of the shop at once.
 */
const groupAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  /** Locks the group, checks the version, and returns its row and its API shape before the write. */
  async function beginWrite(tx: Db, storeId: number, groupId: number, version: number) {
    const [row] = await tx
      .select()
      .from(toppingGroups)
      .where(and(eq(toppingGroups.id, groupId), eq(toppingGroups.storeId, storeId), isNull(toppingGroups.archivedAt)))
      // Not FOR UPDATE: a product save linking this group (its foreign key takes a key share lock) must
      // not wait for us while we wait for its product (the items save locks those): no deadlock.
      .for('no key update');
    const before = row ? await renderGroup(tx, row) : undefined;
    const checked = checkVersion(row, version, groupNotFound, () => before);
    return { row: checked, before };
  }

  /** Changes a topping group's columns at the version read, raising it; audited as `action`. */
  function changeGroup(
    request: FastifyRequest,
    storeId: number,
    groupId: number,
    version: number,
    action: 'update' | 'archive',
    set: Partial<typeof toppingGroups.$inferInsert>,
  ) {
    return editAudited(app, request, {
      storeId,
      entity: 'topping_group',
      action,
      write: async (tx) => {
        const { row, before } = await beginWrite(tx, storeId, groupId, version);
        const [updated] = await tx
          .update(toppingGroups)
          .set({ ...set, version: row.version + 1 })
          .where(eq(toppingGroups.id, row.id))
          .returning();
        if (!updated) throw groupNotFound();
        return { entityId: row.id, before, after: await renderGroup(tx, updated) };
      },
    });
  }

  app.get(
    '/stores/:id/topping-groups',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: "The store's topping groups (not archived) with the toppings they offer and their products",
        params: storeIdParamsSchema,
        response: { 200: adminToppingGroupListSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      await requireStore(db, request.params.id);
      const rows = await db
        .select()
        .from(toppingGroups)
        .where(and(eq(toppingGroups.storeId, request.params.id), isNull(toppingGroups.archivedAt)))
        .orderBy(asc(toppingGroups.id));
      return renderGroups(db, rows);
    },
  );

  app.post(
    '/stores/:id/topping-groups',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Add a topping group (offering no toppings yet)',
        params: storeIdParamsSchema,
        body: toppingGroupCreateRequestSchema,
        response: { 201: adminToppingGroupSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const storeId = request.params.id;
      const body = request.body;
      if (minSelectAboveMax(body)) throw MIN_ABOVE_MAX;
      const created = await editAudited(app, request, {
        storeId,
        entity: 'topping_group',
        action: 'create',
        write: async (tx) => {
          await requireStore(tx, storeId);
          const [row] = await tx
            .insert(toppingGroups)
            .values({ storeId, name: body.name, minSelect: body.min_select, maxSelect: body.max_select })
            .returning();
          if (!row) throw new Error('the insert returned no topping group');
          const after = await renderGroup(tx, row);
          return { entityId: row.id, before: null, after };
        },
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/stores/:id/topping-groups/:groupId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Rename a topping group or change how many toppings a customer may choose',
        params: toppingGroupParamsSchema,
        body: toppingGroupUpdateRequestSchema,
        response: changedGroupResponses,
      },
    },
    async (request) => {
      const { id: storeId, groupId } = request.params;
      const body = request.body;
      if (minSelectAboveMax(body)) throw MIN_ABOVE_MAX;
      return changeGroup(request, storeId, groupId, body.version, 'update', {
        name: body.name,
        minSelect: body.min_select,
        maxSelect: body.max_select,
      });
    },
  );

  app.post(
    '/stores/:id/topping-groups/:groupId/archive',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: "Archive a topping group: the shop's products stop offering it at once",
        params: toppingGroupParamsSchema,
        body: versionedRequestSchema,
        response: changedGroupResponses,
      },
    },
    async (request) => {
      const { id: storeId, groupId } = request.params;
      return changeGroup(request, storeId, groupId, request.body.version, 'archive', { archivedAt: new Date() });
    },
  );

  app.put(
    '/stores/:id/topping-groups/:groupId/items',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          "Set which toppings a group offers, at which price, in which order (the array's); replaces all of them",
        params: toppingGroupParamsSchema,
        body: groupItemsRequestSchema,
        response: changedGroupResponses,
      },
    },
    async (request) => {
      const { id: storeId, groupId } = request.params;
      const body = request.body;
      refuseDuplicateToppings(body.items);
      const saved = await editAudited(app, request, {
        storeId,
        entity: 'topping_group',
        action: 'items',
        write: async (tx) => {
          const { row, before } = await beginWrite(tx, storeId, groupId, body.version);
          await replaceGroupItems(tx, storeId, row.id, body.items);
          const [updated] = await tx
            .update(toppingGroups)
            .set({ version: row.version + 1 })
            .where(eq(toppingGroups.id, row.id))
            .returning();
          if (!updated) throw groupNotFound();
          const after = await renderGroup(tx, updated);
          return { entityId: row.id, before, after };
        },
      });
      return saved;
    },
  );
};

export default groupAdminRoutes;
