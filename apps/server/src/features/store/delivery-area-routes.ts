import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  conflictSchema,
  deliveryAreaCreateSchema,
  deliveryAreaParamsSchema,
  deliveryAreaSchema,
  deliveryAreaUpdateSchema,
  fromCents,
  POSTCODE_PATTERNS,
  storeIdParamsSchema,
  toCents,
  versionedRequestSchema,
  type DeliveryArea,
  type DeliveryAreaCreate,
  type RegionCode,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { postcodes, stores } from '../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../plugins/errors.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { checkVersion, editAudited } from '../audit/index.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';

const AREA_NOT_FOUND = new HttpError(404, 'delivery_area_not_found', {
  de: 'Dieses Liefergebiet gibt es nicht.',
  en: 'There is no such delivery area.',
});

function postcodeTaken(postcode: string, current?: DeliveryArea): HttpError {
  return new HttpError(
    409,
    'postcode_taken',
    {
      de: `Für die Postleitzahl ${postcode} gibt es schon ein Liefergebiet. Bearbeiten Sie dieses.`,
      en: `There already is a delivery area for postcode ${postcode}. Edit that one.`,
    },
    current ? { current } : undefined,
  );
}

function postcodeRemoved(postcode: string): HttpError {
  return new HttpError(409, 'postcode_removed', {
    de: `Die Postleitzahl ${postcode} wurde früher entfernt. Legen Sie sie neu an, um sie zurückzuholen.`,
    en: `Postcode ${postcode} was removed earlier. Add it again to bring it back.`,
  });
}

function invalidPostcode(region: RegionCode): HttpError {
  return new HttpError(400, 'invalid_postcode', {
    de: region === 'de-CH' ? 'Eine Postleitzahl hat hier 4 Ziffern.' : 'Eine Postleitzahl hat hier 5 Ziffern.',
    en: region === 'de-CH' ? 'A postcode here has 4 digits.' : 'A postcode here has 5 digits.',
  });
}

const areaColumns = {
  id: postcodes.id,
  postcode: postcodes.postcode,
  city: postcodes.city,
  deliveryFeeCents: postcodes.deliveryFeeCents,
  minimumOrderCents: postcodes.minimumOrderCents,
  deliveryTimeMinutes: postcodes.deliveryTimeMinutes,
  hidden: postcodes.hidden,
  version: postcodes.version,
  archivedAt: postcodes.archivedAt,
};
type AreaRow = { [K in keyof typeof areaColumns]: (typeof postcodes.$inferSelect)[K] };

function render(row: AreaRow): DeliveryArea {
  return {
    id: row.id,
    postcode: row.postcode,
    city: row.city,
    delivery_fee: fromCents(row.deliveryFeeCents),
    minimum_order_amount: fromCents(row.minimumOrderCents),
    delivery_time: row.deliveryTimeMinutes,
    hidden: row.hidden,
    version: row.version,
  };
}

function columnsOf(body: DeliveryAreaCreate) {
  return {
    postcode: body.postcode,
    city: body.city,
    deliveryFeeCents: toCents(body.delivery_fee),
    minimumOrderCents: toCents(body.minimum_order_amount),
    deliveryTimeMinutes: body.delivery_time,
    hidden: body.hidden,
  };
}

/** The store's region, checked against the postcode's shape there (a German one has 5 digits). */
async function checkPostcodeShape(db: Db, storeId: number, postcode: string): Promise<void> {
  const [store] = await db.select({ region: stores.region }).from(stores).where(eq(stores.id, storeId));
  if (!store) throw storeNotFound(storeId);
  const pattern = POSTCODE_PATTERNS[store.region];
  if (pattern && !pattern.test(postcode)) throw invalidPostcode(store.region);
}

/**
 * Runs a write that gives `postcode` to one of the store's areas: the postcode's shape is checked first,
 * and the unique constraint met because someone else gave it to an area at the same moment is
 * answered as `postcode_taken`.
 */
async function claimingPostcode<T>(db: Db, storeId: number, postcode: string, write: () => Promise<T>): Promise<T> {
  await checkPostcodeShape(db, storeId, postcode);
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'postcodes_store_postcode_unique')) throw postcodeTaken(postcode);
    throw error;
  }
}

async function areaOf(db: Db, storeId: number, areaId: number): Promise<AreaRow | undefined> {
  const [row] = await db
    .select(areaColumns)
    .from(postcodes)
    .where(and(eq(postcodes.id, areaId), eq(postcodes.storeId, storeId), isNull(postcodes.archivedAt)))
    .for('update');
  return row;
}

/**
 * The delivery areas (one per postcode) staff edit. Removing one archives it: orders keep their
 * postcode, and adding the postcode again brings the same row back. Hidden and removed areas leave the
 * shop's postcode list and are refused for deliveries as soon as the catalogue is invalidated.
 */
const deliveryAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/stores/:id/delivery-areas',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'The delivery areas (hidden ones too, removed ones not), by postcode',
        params: storeIdParamsSchema,
        response: { 200: z.array(deliveryAreaSchema), ...adminErrorResponses },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
      if (!store) throw storeNotFound(storeId);
      const rows = await db
        .select(areaColumns)
        .from(postcodes)
        .where(and(eq(postcodes.storeId, storeId), isNull(postcodes.archivedAt)))
        .orderBy(asc(postcodes.postcode));
      return rows.map(render);
    },
  );

  app.post(
    '/stores/:id/delivery-areas',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Add a delivery area; a removed postcode comes back with these values, an existing one is 409 `postcode_taken`',
        params: storeIdParamsSchema,
        body: deliveryAreaCreateSchema,
        response: { 201: deliveryAreaSchema, ...adminErrorResponses, 409: conflictSchema(deliveryAreaSchema) },
      },
    },
    async (request, reply) => {
      const storeId = request.params.id;
      const body = request.body;
      const area = await claimingPostcode(db, storeId, body.postcode, () =>
        editAudited(app, request, {
          storeId,
          entity: 'delivery_area',
          action: 'create',
          write: async (tx) => {
            const [existing] = await tx
              .select(areaColumns)
              .from(postcodes)
              .where(and(eq(postcodes.storeId, storeId), eq(postcodes.postcode, body.postcode)))
              .for('update');
            if (existing && existing.archivedAt === null) throw postcodeTaken(body.postcode, render(existing));
            if (existing) {
              const [restored] = await tx
                .update(postcodes)
                .set({ ...columnsOf(body), archivedAt: null, version: sql`${postcodes.version} + 1` })
                .where(eq(postcodes.id, existing.id))
                .returning(areaColumns);
              if (!restored) throw AREA_NOT_FOUND;
              return {
                entityId: restored.id,
                action: 'restore',
                before: { ...render(existing), archived: true },
                after: render(restored),
              };
            }
            const [created] = await tx
              .insert(postcodes)
              .values({ storeId, ...columnsOf(body) })
              .returning(areaColumns);
            if (!created) throw new Error('the delivery area was not stored');
            return { entityId: created.id, before: null, after: render(created) };
          },
        }),
      );
      return reply.status(201).send(area);
    },
  );

  app.put(
    '/stores/:id/delivery-areas/:areaId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: 'Change a delivery area at the version it was read at; 409 with the current one',
        params: deliveryAreaParamsSchema,
        body: deliveryAreaUpdateSchema,
        response: { 200: deliveryAreaSchema, ...adminErrorResponses, 409: conflictSchema(deliveryAreaSchema) },
      },
    },
    async (request) => {
      const { id: storeId, areaId } = request.params;
      const body = request.body;
      const area = await claimingPostcode(db, storeId, body.postcode, () =>
        editAudited(app, request, {
          storeId,
          entity: 'delivery_area',
          action: 'update',
          write: async (tx) => {
            const before = checkVersion(await areaOf(tx, storeId, areaId), body.version, () => AREA_NOT_FOUND, render);
            if (body.postcode !== before.postcode) {
              const [other] = await tx
                .select(areaColumns)
                .from(postcodes)
                .where(and(eq(postcodes.storeId, storeId), eq(postcodes.postcode, body.postcode)));
              if (other && other.archivedAt === null) throw postcodeTaken(body.postcode, render(other));
              if (other) throw postcodeRemoved(body.postcode);
            }
            const [updated] = await tx
              .update(postcodes)
              .set({ ...columnsOf(body), version: sql`${postcodes.version} + 1` })
              .where(eq(postcodes.id, areaId))
              .returning(areaColumns);
            if (!updated) throw AREA_NOT_FOUND;
            const after = render(updated);
            return { entityId: areaId, before: render(before), after };
          },
        }),
      );
      return area;
    },
  );

  app.post(
    '/stores/:id/delivery-areas/:areaId/archive',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Remove a delivery area (archived: orders keep their postcode; adding the postcode again brings it back)',
        params: deliveryAreaParamsSchema,
        body: versionedRequestSchema,
        response: { 200: deliveryAreaSchema, ...adminErrorResponses, 409: conflictSchema(deliveryAreaSchema) },
      },
    },
    async (request) => {
      const { id: storeId, areaId } = request.params;
      const area = await editAudited(app, request, {
        storeId,
        entity: 'delivery_area',
        action: 'archive',
        write: async (tx) => {
          const before = checkVersion(
            await areaOf(tx, storeId, areaId),
            request.body.version,
            () => AREA_NOT_FOUND,
            render,
          );
          const [archived] = await tx
            .update(postcodes)
            .set({ archivedAt: new Date(), version: sql`${postcodes.version} + 1` })
            .where(eq(postcodes.id, areaId))
            .returning(areaColumns);
          if (!archived) throw AREA_NOT_FOUND;
          const after = render(archived);
          return { entityId: areaId, before: render(before), after, audited: { ...after, archived: true } };
        },
      });
      return area;
    },
  );
};

export default deliveryAreaRoutes;
