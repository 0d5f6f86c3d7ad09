import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conflictSchema,
  storeHoursRequestSchema,
  storeHoursResponseSchema,
  storeIdParamsSchema,
  storeSettingsRequestSchema,
  storeSettingsSchema,
  toCents,
} from '@pizzeria/domain';
import { storeHours, stores } from '../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../plugins/errors.ts';
import { storeHoursOf, storeNotFound } from '../catalogue/index.ts';
import { checkVersion, editAudited } from '../audit/index.ts';
import { readStoreSettings, withoutHours } from './store-settings.ts';

const DUPLICATE_HOURS = new HttpError(400, 'duplicate_hours', {
  de: 'Zwei Zeiten desselben Tages beginnen zur selben Uhrzeit.',
  en: 'Two slots of the same day start at the same time.',
});

/**
 * The store's details, legal notice, time zone, region and kitchen limits, and its weekly hours.
 * Both writes check and raise the store's one version and are audited (entity `store`). The catalogue
 * carries them, so its invalidation reaches every instance and every open shop; the status customers see
 * (open now, today's hours, local time) is pushed again as well.
 */
const storeSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/stores/:id/settings',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary: "The store's details, legal notice, time zone, region, kitchen limits and weekly hours",
        params: storeIdParamsSchema,
        response: { 200: storeSettingsSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const settings = await readStoreSettings(db, request.params.id);
      if (!settings) throw storeNotFound(request.params.id);
      return settings;
    },
  );

  app.put(
    '/stores/:id/settings',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          "Change the store's settings (all at once, the weekly hours apart) at the version they were read at; " +
          '409 with the current settings when someone saved them since',
        params: storeIdParamsSchema,
        body: storeSettingsRequestSchema,
        response: { 200: storeSettingsSchema, ...adminErrorResponses, 409: conflictSchema(storeSettingsSchema) },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      const body = request.body;
      const after = await editAudited(app, request, {
        storeId,
        entity: 'store',
        action: 'settings',
        write: async (tx) => {
          const before = checkVersion(
            await readStoreSettings(tx, storeId, { lock: true }),
            body.version,
            () => storeNotFound(storeId),
            (current) => current,
          );
          await tx
            .update(stores)
            .set({
              name: body.name,
              address: body.address,
              phone: body.phone,
              email: body.email,
              legalName: body.legal_name,
              legalRepresentative: body.legal_representative,
              tradeRegister: body.trade_register,
              vatId: body.vat_id,
              timezone: body.timezone,
              region: body.region,
              preparationMinutes: body.preparation_minutes,
              ordersPerSlot: body.orders_per_slot,
              preorderDays: body.preorder_days,
              maxOrderTotalCents: toCents(body.max_order_total),
              version: sql`${stores.version} + 1`,
            })
            .where(eq(stores.id, storeId));
          const updated = await readStoreSettings(tx, storeId);
          if (!updated) throw storeNotFound(storeId);
          return { entityId: storeId, before: withoutHours(before), after: updated, audited: withoutHours(updated) };
        },
      });
      // The time zone and the name change what the shop's status says.
      await app.storeStatus.changed(storeId);
      return after;
    },
  );

  app.put(
    '/stores/:id/hours',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Replace the weekly hours at the store version they were read at; a close time at or before the open ' +
          'time ends the next day. Answers the stored week and the new version; 409 with the current settings',
        params: storeIdParamsSchema,
        body: storeHoursRequestSchema,
        response: { 200: storeHoursResponseSchema, ...adminErrorResponses, 409: conflictSchema(storeSettingsSchema) },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      const hours = request.body.store_hours;
      const starts = new Set(hours.map((slot) => `${slot.day_of_week} ${slot.open_time}`));
      if (starts.size !== hours.length) throw DUPLICATE_HOURS;
      // The hours are part of the catalogue: every instance reads them again and pushes the status.
      return editAudited(app, request, {
        storeId,
        entity: 'store',
        action: 'hours',
        write: async (tx) => {
          // The lock also makes the change wait for orders in flight (they hold the row FOR SHARE).
          const before = checkVersion(
            await readStoreSettings(tx, storeId, { lock: true }),
            request.body.version,
            () => storeNotFound(storeId),
            (current) => current,
          );
          await tx.delete(storeHours).where(eq(storeHours.storeId, storeId));
          if (hours.length > 0) {
            await tx.insert(storeHours).values(
              hours.map((slot) => ({
                storeId,
                dayOfWeek: slot.day_of_week,
                openTime: slot.open_time,
                closeTime: slot.close_time,
                label: slot.label || null,
              })),
            );
          }
          const [raised] = await tx
            .update(stores)
            .set({ version: sql`${stores.version} + 1` })
            .where(eq(stores.id, storeId))
            .returning({ version: stores.version });
          if (!raised) throw storeNotFound(storeId);
          const week = await storeHoursOf(tx, storeId);
          return {
            entityId: storeId,
            before: { store_hours: before.store_hours, version: before.version },
            after: { store_hours: week, version: raised.version },
          };
        },
      });
    },
  );
};

export default storeSettingsRoutes;
