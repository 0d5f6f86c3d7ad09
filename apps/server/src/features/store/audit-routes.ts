import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditEntitiesSchema,
  auditPageSchema,
  auditQuerySchema,
  storeIdParamsSchema,
  type AuditNames,
  type AuditPage,
  type LocalizedText,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { auditLog, categories, products, stores, taxRates, toppingGroups, toppings, users } from '../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../plugins/errors.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { entryLabel, referencedIds, type ReferencedIds } from './audit-labels.ts';

const DATES_REVERSED = new HttpError(400, 'invalid_date_range', {
  de: 'Der erste Tag muss vor dem letzten Tag liegen oder ihm gleichen.',
  en: 'The first day must be on or before the last day.',
});

/** The store's entries and those of the shared tables (tax rates, allergens: no store). */
function ofStore(storeId: number): SQL {
  return or(eq(auditLog.storeId, storeId), isNull(auditLog.storeId)) as SQL;
}

function byId(rows: { id: number; name: LocalizedText }[]): Record<string, LocalizedText> {
  return Object.fromEntries(rows.map((row) => [String(row.id), row.name]));
}

/** The names of the rows the entries point to, archived ones included (they keep their names). */
async function namesOf(db: Db, found: ReferencedIds): Promise<AuditNames> {
  const read = async (
    table: typeof categories | typeof products | typeof toppings | typeof toppingGroups,
    wanted: Set<number>,
  ) =>
    wanted.size === 0
      ? {}
      : byId(
          await db
            .select({ id: table.id, name: table.name })
            .from(table)
            .where(inArray(table.id, [...wanted])),
        );
  const rates =
    found.tax_rate.size === 0
      ? []
      : await db
          .select({ id: taxRates.id, name: taxRates.name })
          .from(taxRates)
          .where(inArray(taxRates.id, [...found.tax_rate]));
  return {
    category: await read(categories, found.category),
    product: await read(products, found.product),
    topping: await read(toppings, found.topping),
    topping_group: await read(toppingGroups, found.topping_group),
    tax_rate: byId(rates.map((rate) => ({ id: rate.id, name: { de: rate.name, en: rate.name } }))),
  };
}

/**
 * The audit log: who changed what, when, before and after, newest first. Days are the store's
 * local days; the range stays a plain one on `created_at`, which the log's indexes serve.
 */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/stores/:id/audit',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          "Staff changes, newest first, filtered by entity, action, staff member and the store's local days " +
          '`from`–`to` (both included); the shared tables (tax, allergens) are included',
        params: storeIdParamsSchema,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...adminErrorResponses },
      },
    },
    async (request): Promise<AuditPage> => {
      const storeId = request.params.id;
      const { entity, action, actor_id: actorId, from, to, page, page_size: pageSize } = request.query;
      if (from && to && from > to) throw DATES_REVERSED;
      const [store] = await db.select({ timezone: stores.timezone }).from(stores).where(eq(stores.id, storeId));
      if (!store) throw storeNotFound(storeId);
      const conditions: SQL[] = [ofStore(storeId)];
      if (entity) conditions.push(eq(auditLog.entity, entity));
      if (action) conditions.push(eq(auditLog.action, action));
      if (actorId) conditions.push(eq(auditLog.actorUserId, actorId));
      if (from) {
        conditions.push(sql`${auditLog.createdAt} >= (${from}::date::timestamp at time zone ${store.timezone}::text)`);
      }
      if (to) {
        conditions.push(
          sql`${auditLog.createdAt} < ((${to}::date + 1)::timestamp at time zone ${store.timezone}::text)`,
        );
      }
      const where = and(...conditions);
      const [counted] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where);
      const rows = await db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          actorKind: auditLog.actorKind,
          actorUserId: auditLog.actorUserId,
          email: users.email,
          name: users.customerName,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          action: auditLog.action,
          before: auditLog.before,
          after: auditLog.after,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return {
        items: rows.map((row) => ({
          id: row.id,
          at: row.createdAt.toISOString(),
          actor: { kind: row.actorKind, id: row.actorUserId, email: row.email, name: row.name },
          entity: row.entity,
          entity_id: row.entityId,
          action: row.action,
          before: row.before,
          after: row.after,
          label: entryLabel(row.entity, row.before, row.after),
        })),
        total: Number(counted?.total ?? 0),
        page,
        page_size: pageSize,
        names: await namesOf(db, referencedIds(rows)),
      };
    },
  );

  app.get(
    '/stores/:id/audit/entities',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: "The entity names the store's audit log holds, for its filter",
        params: storeIdParamsSchema,
        response: { 200: auditEntitiesSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
      if (!store) throw storeNotFound(storeId);
      const rows = await db
        .selectDistinct({ entity: auditLog.entity })
        .from(auditLog)
        .where(ofStore(storeId))
        .orderBy(asc(auditLog.entity));
      return rows.map((row) => row.entity);
    },
  );
};

export default auditRoutes;
