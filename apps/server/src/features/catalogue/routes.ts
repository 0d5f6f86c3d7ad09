import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { apiErrorSchema, storeIdParamsSchema, storeSchema } from '@pizzeria/domain';
import { storeHours, stores } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The store with its weekly hours',
        params: storeIdParamsSchema,
        response: { 200: storeSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { db } = app.database;
      const [store] = await db.select().from(stores).where(eq(stores.id, request.params.id));
      if (!store) throw new HttpError(404, 'store_not_found', `Store ${request.params.id} does not exist.`);
      const hours = await db.select().from(storeHours).where(eq(storeHours.storeId, store.id));
      return {
        id: store.id,
        name: store.name,
        timezone: store.timezone,
        region: { code: 'de-DE' as const, currency: 'EUR' as const, show_legal_link: true },
        address: store.address,
        phone: store.phone,
        email: store.email,
        store_hours: hours.map((h) => ({
          day_of_week: h.dayOfWeek,
          open_time: h.openTime,
          close_time: h.closeTime,
          label: h.label,
        })),
      };
    },
  );
};

export default catalogueRoutes;
