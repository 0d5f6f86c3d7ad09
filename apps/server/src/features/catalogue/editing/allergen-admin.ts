import { and, asc, eq, isNull, max } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  additiveCreateRequestSchema,
  additiveParamsSchema,
  adminDeclarationListsSchema,
  adminDeclarationSchema,
  allergenParamsSchema,
  conflictSchema,
  declarationNameRequestSchema,
  versionedRequestSchema,
  type AdminDeclaration,
} from '@pizzeria/domain';
import { additives, allergens } from '../../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../../plugins/errors.ts';
import { checkVersion, editAudited } from '../../audit/index.ts';
import { isUniqueViolation } from '../../../db/database-errors.ts';

const ALLERGEN_NOT_FOUND = new HttpError(404, 'allergen_not_found', {
  de: 'Dieses Allergen gibt es nicht.',
  en: 'There is no such allergen.',
});
const ADDITIVE_NOT_FOUND = new HttpError(404, 'additive_not_found', {
  de: 'Diesen Zusatzstoff gibt es nicht.',
  en: 'There is no such additive.',
});

function additiveCodeTaken(code: string): HttpError {
  return new HttpError(409, 'additive_code_taken', {
    de: `Die Nummer ${code} hat schon ein Zusatzstoff (auch archivierte behalten ihre Nummer). Wählen Sie eine andere.`,
    en: `Number ${code} already belongs to an additive (archived ones keep theirs too). Choose another one.`,
  });
}

function render(row: { id: number; code: string; name: AdminDeclaration['name']; version: number }): AdminDeclaration {
  return { id: row.id, code: row.code, name: row.name, version: row.version };
}

/**
 * Allergens and additives, shared by every store: the 14 EU allergens are fixed (their names
 * may be worded differently, nothing more); additives can be added, renamed and archived. Every write
 * refreshes every store's catalogue, since menus print these names.
 */
const allergenAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/allergens',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'The allergens (a–n) and the additives not archived, both in menu order',
        response: { 200: adminDeclarationListsSchema, ...adminErrorResponses },
      },
    },
    async () => {
      const allergenRows = await db.select().from(allergens).orderBy(asc(allergens.position), asc(allergens.code));
      const additiveRows = await db
        .select()
        .from(additives)
        .where(isNull(additives.archivedAt))
        .orderBy(asc(additives.position), asc(additives.id));
      return { allergens: allergenRows.map(render), additives: additiveRows.map(render) };
    },
  );

  app.put(
    '/allergens/:allergenId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: "Reword an allergen's name (its letter stays)",
        params: allergenParamsSchema,
        body: declarationNameRequestSchema,
        response: { 200: adminDeclarationSchema, 409: conflictSchema(adminDeclarationSchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await editAudited(app, request, {
        storeId: null,
        entity: 'allergen',
        action: 'update',
        write: async (tx) => {
          const [locked] = await tx
            .select()
            .from(allergens)
            .where(eq(allergens.id, request.params.allergenId))
            .for('update');
          const row = checkVersion(locked, body.version, () => ALLERGEN_NOT_FOUND, render);
          const [updated] = await tx
            .update(allergens)
            .set({ name: body.name, version: row.version + 1 })
            .where(eq(allergens.id, row.id))
            .returning();
          if (!updated) throw ALLERGEN_NOT_FOUND;
          const after = render(updated);
          return { entityId: row.id, before: render(row), after };
        },
      });
      return saved;
    },
  );

  app.post(
    '/additives',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Add an additive at the end of the list',
        body: additiveCreateRequestSchema,
        response: { 201: adminDeclarationSchema, 409: conflictSchema(adminDeclarationSchema), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      let created: AdminDeclaration;
      try {
        created = await editAudited(app, request, {
          storeId: null,
          entity: 'additive',
          action: 'create',
          write: async (tx) => {
            const [taken] = await tx.select({ id: additives.id }).from(additives).where(eq(additives.code, body.code));
            if (taken) throw additiveCodeTaken(body.code);
            const [last] = await tx.select({ position: max(additives.position) }).from(additives);
            const [row] = await tx
              .insert(additives)
              .values({ code: body.code, name: body.name, position: (last?.position ?? 0) + 1 })
              .returning();
            if (!row) throw new Error('the insert returned no additive');
            const after = render(row);
            return { entityId: row.id, before: null, after };
          },
        });
      } catch (error) {
        // Two staff adding the same number at once: the second meets the unique constraint.
        if (isUniqueViolation(error, 'additives_code_unique')) throw additiveCodeTaken(body.code);
        throw error;
      }
      return reply.status(201).send(created);
    },
  );

  /** Renames or archives an additive (not archived), under the version check. */
  async function changeAdditive(
    request: FastifyRequest,
    additiveId: number,
    version: number,
    action: 'update' | 'archive',
    change: Partial<typeof additives.$inferInsert>,
  ): Promise<AdminDeclaration> {
    const saved = await editAudited(app, request, {
      storeId: null,
      entity: 'additive',
      action: action,
      write: async (tx) => {
        const [locked] = await tx
          .select()
          .from(additives)
          .where(and(eq(additives.id, additiveId), isNull(additives.archivedAt)))
          .for('update');
        const row = checkVersion(locked, version, () => ADDITIVE_NOT_FOUND, render);
        const [updated] = await tx
          .update(additives)
          .set({ ...change, version: row.version + 1 })
          .where(eq(additives.id, row.id))
          .returning();
        if (!updated) throw ADDITIVE_NOT_FOUND;
        const after = render(updated);
        return { entityId: row.id, before: render(row), after };
      },
    });
    return saved;
  }

  app.put(
    '/additives/:additiveId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: "Reword an additive's name (its number stays)",
        params: additiveParamsSchema,
        body: declarationNameRequestSchema,
        response: { 200: adminDeclarationSchema, 409: conflictSchema(adminDeclarationSchema), ...adminErrorResponses },
      },
    },
    async (request) =>
      changeAdditive(request, request.params.additiveId, request.body.version, 'update', { name: request.body.name }),
  );

  app.post(
    '/additives/:additiveId/archive',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Archive an additive: menus stop declaring it; its number stays taken',
        params: additiveParamsSchema,
        body: versionedRequestSchema,
        response: { 200: adminDeclarationSchema, 409: conflictSchema(adminDeclarationSchema), ...adminErrorResponses },
      },
    },
    async (request) =>
      changeAdditive(request, request.params.additiveId, request.body.version, 'archive', { archivedAt: new Date() }),
  );
};

export default allergenAdminRoutes;
