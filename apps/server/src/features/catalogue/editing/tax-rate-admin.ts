import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminTaxRateListSchema,
  adminTaxRateSchema,
  conflictSchema,
  taxRateCreateRequestSchema,
  taxRateParamsSchema,
  taxRateUpdateRequestSchema,
  versionedRequestSchema,
  type AdminTaxRate,
} from '@pizzeria/domain';
import type { Db } from '../../../db/client.ts';
import { products, taxRates } from '../../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../../plugins/errors.ts';
import { checkVersion, editAudited, type AuditedChange } from '../../audit/index.ts';
import { isUniqueViolation } from '../../../db/database-errors.ts';

type TaxRateRow = typeof taxRates.$inferSelect;

const TAX_RATE_NOT_FOUND = new HttpError(404, 'tax_rate_not_found', {
  de: 'Diesen Steuersatz gibt es nicht.',
  en: 'There is no such VAT rate.',
});

function nameTaken(name: string): HttpError {
  return new HttpError(409, 'tax_rate_name_taken', {
    de: `Ein Steuersatz heißt schon „${name}“. Wählen Sie einen anderen Namen.`,
    en: `A VAT rate is already called “${name}”. Choose another name.`,
  });
}

function inUse(productCount: number): HttpError {
  return new HttpError(409, 'tax_rate_in_use', {
    de: `${productCount} Produkt(e) verwenden diesen Steuersatz. Weisen Sie ihnen erst einen anderen zu.`,
    en: `${productCount} product(s) use this VAT rate. Give them another one first.`,
  });
}

/**
 * The name an archived rate keeps: `tax_rates.name` is unique over all rows, and a rate's name should be
 * free again once the rate is archived (staff may well create a new "Regelsatz 19 %").
 */
function archivedName(row: TaxRateRow): string {
  return `${row.name} (archiviert #${row.id})`;
}

/** How many products (not archived, of any store) use each rate. */
async function productCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ taxRateId: products.taxRateId, count: count() })
    .from(products)
    .where(and(inArray(products.taxRateId, [...ids]), isNull(products.archivedAt)))
    .groupBy(products.taxRateId);
  return new Map(rows.map((row) => [row.taxRateId, row.count]));
}

async function renderRate(db: Db, row: TaxRateRow): Promise<AdminTaxRate> {
  const counts = await productCounts(db, [row.id]);
  return {
    id: row.id,
    name: row.name,
    percentage: row.percentage,
    product_count: counts.get(row.id) ?? 0,
    version: row.version,
  };
}

/** Refuses a name another rate (not archived) has; the unique constraint catches the race. */
async function refuseTakenName(tx: Db, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.name, name), exceptId === undefined ? undefined : ne(taxRates.id, exceptId)));
  if (taken) throw nameTaken(name);
}

/**
 * VAT rates, shared by every store; a product names its rate. A change applies to orders
 * placed from then on: an order stores the VAT it was placed with. A rate products use cannot be
 * archived.
 */
const taxRateAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  /**
   * Runs an audited write that sets a rate's name, turning a lost race for the name into the same 409 as
   * the check before it.
   */
  async function write<T>(
    request: FastifyRequest,
    action: string,
    name: () => string,
    change: (tx: Db) => Promise<AuditedChange<T>>,
  ): Promise<T> {
    try {
      return await editAudited(app, request, { storeId: null, entity: 'tax_rate', action, write: change });
    } catch (error) {
      if (isUniqueViolation(error, 'tax_rates_name_unique')) throw nameTaken(name());
      throw error;
    }
  }

  async function beginWrite(tx: Db, taxRateId: number, version: number) {
    const [locked] = await tx
      .select()
      .from(taxRates)
      .where(and(eq(taxRates.id, taxRateId), isNull(taxRates.archivedAt)))
      .for('update');
    const before = locked ? await renderRate(tx, locked) : undefined;
    const row = checkVersion(
      locked,
      version,
      () => TAX_RATE_NOT_FOUND,
      () => before,
    );
    if (!before) throw TAX_RATE_NOT_FOUND;
    return { row, before };
  }

  app.get(
    '/tax-rates',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'The VAT rates (not archived) and how many products use each',
        response: { 200: adminTaxRateListSchema, ...adminErrorResponses },
      },
    },
    async () => {
      const rows = await db
        .select()
        .from(taxRates)
        .where(isNull(taxRates.archivedAt))
        .orderBy(asc(taxRates.percentage), asc(taxRates.id));
      const counts = await productCounts(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        percentage: row.percentage,
        product_count: counts.get(row.id) ?? 0,
        version: row.version,
      }));
    },
  );

  app.post(
    '/tax-rates',
    {
      schema: {
        'x-staff-role': 'owner',
        tags: ['admin'],
        summary: 'Add a VAT rate',
        body: taxRateCreateRequestSchema,
        response: { 201: adminTaxRateSchema, 409: conflictSchema(adminTaxRateSchema), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const created = await write(
        request,
        'create',
        () => body.name,
        async (tx) => {
          await refuseTakenName(tx, body.name);
          const [row] = await tx.insert(taxRates).values({ name: body.name, percentage: body.percentage }).returning();
          if (!row) throw new Error('the insert returned no VAT rate');
          return { entityId: row.id, before: null, after: await renderRate(tx, row) };
        },
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/tax-rates/:taxRateId',
    {
      schema: {
        'x-staff-role': 'owner',
        tags: ['admin'],
        summary: 'Rename a VAT rate or change its percentage (for orders placed from now on)',
        params: taxRateParamsSchema,
        body: taxRateUpdateRequestSchema,
        response: { 200: adminTaxRateSchema, 409: conflictSchema(adminTaxRateSchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await write(
        request,
        'update',
        () => body.name,
        async (tx) => {
          const { row, before } = await beginWrite(tx, request.params.taxRateId, body.version);
          await refuseTakenName(tx, body.name, row.id);
          const [updated] = await tx
            .update(taxRates)
            .set({ name: body.name, percentage: body.percentage, version: row.version + 1 })
            .where(eq(taxRates.id, row.id))
            .returning();
          if (!updated) throw TAX_RATE_NOT_FOUND;
          return { entityId: row.id, before, after: await renderRate(tx, updated) };
        },
      );
      return saved;
    },
  );

  app.post(
    '/tax-rates/:taxRateId/archive',
    {
      schema: {
        'x-staff-role': 'owner',
        tags: ['admin'],
        summary: 'Archive a VAT rate no product uses (409 `tax_rate_in_use` otherwise); its name becomes free again',
        params: taxRateParamsSchema,
        body: versionedRequestSchema,
        response: { 200: adminTaxRateSchema, 409: conflictSchema(adminTaxRateSchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      let newName = '';
      const saved = await write(
        request,
        'archive',
        () => newName,
        async (tx) => {
          // The row lock waits for products being saved with this rate (their key share lock on it).
          const { row, before } = await beginWrite(tx, request.params.taxRateId, request.body.version);
          if (before.product_count > 0) throw inUse(before.product_count);
          newName = archivedName(row);
          const [updated] = await tx
            .update(taxRates)
            .set({ name: newName, archivedAt: new Date(), version: row.version + 1 })
            .where(eq(taxRates.id, row.id))
            .returning();
          if (!updated) throw TAX_RATE_NOT_FOUND;
          return { entityId: row.id, before, after: await renderRate(tx, updated) };
        },
      );
      return saved;
    },
  );
};

export default taxRateAdminRoutes;
