import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminToppingListSchema,
  adminToppingSchema,
  conflictSchema,
  fromCents,
  soldOutRequestSchema,
  storeIdParamsSchema,
  toCents,
  toppingCreateRequestSchema,
  toppingDeclarationsRequestSchema,
  toppingParamsSchema,
  toppingUpdateRequestSchema,
  versionedRequestSchema,
  type AdminTopping,
} from '@pizzeria/domain';
import type { Db } from '../../../db/client.ts';
import {
  additives,
  allergens,
  groupItems,
  toppingAdditives,
  toppingAllergens,
  toppingGroups,
  toppings,
} from '../../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../../plugins/errors.ts';
import { checkVersion, editAudited } from '../../audit/index.ts';
import { endOfBusinessDay } from '../store-hours.ts';
import { requireStore } from './categories.ts';
import { replaceDeclarations } from './topping-declarations.ts';

type ToppingRow = typeof toppings.$inferSelect;

export function toppingNotFound(): HttpError {
  return new HttpError(404, 'topping_not_found', {
    de: 'Diese Zutat gibt es in diesem Restaurant nicht.',
    en: 'There is no such topping in this store.',
  });
}

const germanOrder = new Intl.Collator('de');

/** Toppings in the back office's shape, with their declarations and the groups that offer them. */
export async function renderToppings(db: Db, rows: readonly ToppingRow[]): Promise<AdminTopping[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const allergenLinks = await db
    .select({ toppingId: toppingAllergens.toppingId, code: allergens.code })
    .from(toppingAllergens)
    .innerJoin(allergens, eq(allergens.id, toppingAllergens.allergenId))
    .where(inArray(toppingAllergens.toppingId, ids))
    .orderBy(asc(allergens.position), asc(allergens.code));
  const additiveLinks = await db
    .select({ toppingId: toppingAdditives.toppingId, code: additives.code })
    .from(toppingAdditives)
    .innerJoin(additives, eq(additives.id, toppingAdditives.additiveId))
    .where(and(inArray(toppingAdditives.toppingId, ids), isNull(additives.archivedAt)))
    .orderBy(asc(additives.position), asc(additives.code));
  const groupLinks = await db
    .select({ toppingId: groupItems.toppingId, groupId: groupItems.groupId })
    .from(groupItems)
    .innerJoin(toppingGroups, eq(toppingGroups.id, groupItems.groupId))
    .where(and(inArray(groupItems.toppingId, ids), isNull(toppingGroups.archivedAt)))
    .orderBy(asc(groupItems.groupId));
  const pick = <T extends { toppingId: number }, V>(links: readonly T[], id: number, value: (link: T) => V): V[] =>
    links.filter((link) => link.toppingId === id).map(value);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    price: fromCents(row.priceCents),
    allergen_codes: pick(allergenLinks, row.id, (link) => link.code),
    additive_codes: pick(additiveLinks, row.id, (link) => link.code),
    group_ids: pick(groupLinks, row.id, (link) => link.groupId),
    sold_out_until: row.soldOutUntil?.toISOString() ?? null,
    version: row.version,
  }));
}

async function renderTopping(db: Db, row: ToppingRow): Promise<AdminTopping> {
  const [rendered] = await renderToppings(db, [row]);
  if (!rendered) throw new Error('a rendered topping went missing');
  return rendered;
}

/** The store's topping, not archived, locked for the write; undefined when there is none. */
async function lockTopping(tx: Db, storeId: number, toppingId: number): Promise<ToppingRow | undefined> {
  const [row] = await tx
    .select()
    .from(toppings)
    .where(and(eq(toppings.id, toppingId), eq(toppings.storeId, storeId), isNull(toppings.archivedAt)))
    .for('no key update');
  return row;
}

/**
 * The store's toppings: what the kitchen has, with a default price, allergens and additives;
 * topping groups offer them (`group-admin.ts`). Sold out today, one is offered greyed in every group
 * until the next business day starts, as a product is. Archiving one takes it out of every group in the shop;
 * its rows stay, and orders keep their own copies of names and prices.
 */
const toppingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  /** Locks the topping, checks the version, and returns its row and its API shape before the write. */
  async function beginWrite(tx: Db, storeId: number, toppingId: number, version: number) {
    const row = await lockTopping(tx, storeId, toppingId);
    const before = row ? await renderTopping(tx, row) : undefined;
    const checked = checkVersion(row, version, toppingNotFound, () => before);
    return { row: checked, before };
  }

  /** Changes a topping's columns at the version read, raising it; audited as `action`. */
  function changeTopping(
    request: FastifyRequest,
    storeId: number,
    toppingId: number,
    version: number,
    action: 'update' | 'archive' | 'sold_out',
    set: (tx: Db) => Promise<Partial<typeof toppings.$inferInsert>>,
  ) {
    return editAudited(app, request, {
      storeId,
      entity: 'topping',
      action,
      write: async (tx) => {
        const { row, before } = await beginWrite(tx, storeId, toppingId, version);
        const [updated] = await tx
          .update(toppings)
          .set({ ...(await set(tx)), version: row.version + 1 })
          .where(eq(toppings.id, row.id))
          .returning();
        if (!updated) throw toppingNotFound();
        return { entityId: row.id, before, after: await renderTopping(tx, updated) };
      },
    });
  }

  app.get(
    '/stores/:id/toppings',
    {
      schema: {
        // The kitchen reads the list to mark a topping sold out; every other change is the manager's.
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: "The store's toppings (not archived), by German name, with declarations, groups and sold out",
        params: storeIdParamsSchema,
        response: { 200: adminToppingListSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      await requireStore(db, request.params.id);
      const rows = await db
        .select()
        .from(toppings)
        .where(and(eq(toppings.storeId, request.params.id), isNull(toppings.archivedAt)));
      const sorted = [...rows].sort((a, b) => germanOrder.compare(a.name.de, b.name.de) || a.id - b.id);
      return renderToppings(db, sorted);
    },
  );

  app.post(
    '/stores/:id/toppings',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Add a topping (in no group yet; its price is what a group offers it at by default)',
        params: storeIdParamsSchema,
        body: toppingCreateRequestSchema,
        response: { 201: adminToppingSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const storeId = request.params.id;
      const created = await editAudited(app, request, {
        storeId,
        entity: 'topping',
        action: 'create',
        write: async (tx) => {
          await requireStore(tx, storeId);
          const [row] = await tx
            .insert(toppings)
            .values({ storeId, name: request.body.name, priceCents: toCents(request.body.price) })
            .returning();
          if (!row) throw new Error('the insert returned no topping');
          const after = await renderTopping(tx, row);
          return { entityId: row.id, before: null, after };
        },
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/stores/:id/toppings/:toppingId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Rename a topping or change its default price (groups keep the prices they offer it at)',
        params: toppingParamsSchema,
        body: toppingUpdateRequestSchema,
        response: { 200: adminToppingSchema, 409: conflictSchema(adminToppingSchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id: storeId, toppingId } = request.params;
      const body = request.body;
      return changeTopping(request, storeId, toppingId, body.version, 'update', async () => ({
        name: body.name,
        priceCents: toCents(body.price),
      }));
    },
  );

  app.post(
    '/stores/:id/toppings/:toppingId/archive',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Archive a topping: every group of the shop stops offering it at once; orders keep their copies',
        params: toppingParamsSchema,
        body: versionedRequestSchema,
        response: { 200: adminToppingSchema, 409: conflictSchema(adminToppingSchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id: storeId, toppingId } = request.params;
      return changeTopping(request, storeId, toppingId, request.body.version, 'archive', async () => ({
        archivedAt: new Date(),
      }));
    },
  );

  app.put(
    '/stores/:id/toppings/:toppingId/sold-out',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary:
          'Sold out in every group until the next business day starts (`sold_out: true`), or back on sale at once',
        params: toppingParamsSchema,
        body: soldOutRequestSchema,
        response: { 200: adminToppingSchema, 409: conflictSchema(adminToppingSchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id: storeId, toppingId } = request.params;
      const { sold_out: soldOut, version } = request.body;
      return changeTopping(request, storeId, toppingId, version, 'sold_out', async (tx) => ({
        soldOutUntil: soldOut ? await endOfBusinessDay(tx, storeId, app.storeStatus.clock.now()) : null,
      }));
    },
  );

  app.put(
    '/stores/:id/toppings/:toppingId/declarations',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: "Set a topping's allergens and additives (all at once)",
        params: toppingParamsSchema,
        body: toppingDeclarationsRequestSchema,
        response: { 200: adminToppingSchema, 409: conflictSchema(adminToppingSchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id: storeId, toppingId } = request.params;
      const body = request.body;
      const saved = await editAudited(app, request, {
        storeId,
        entity: 'topping',
        action: 'declarations',
        write: async (tx) => {
          const { row, before } = await beginWrite(tx, storeId, toppingId, body.version);
          await replaceDeclarations(tx, row.id, body);
          const [updated] = await tx
            .update(toppings)
            .set({ version: row.version + 1 })
            .where(eq(toppings.id, row.id))
            .returning();
          if (!updated) throw toppingNotFound();
          const after = await renderTopping(tx, updated);
          return { entityId: row.id, before, after };
        },
      });
      return saved;
    },
  );
};

export default toppingAdminRoutes;
