import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ordersCsvQuerySchema, todayReportQuerySchema, todayReportSchema } from '@pizzeria/domain';
import { reportsService } from './service.ts';
import { adminErrorResponses } from '../../plugins/errors.ts';

/** "Today at a glance" for the dashboard and the accountant's CSV export (under `/api/admin`). */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read on every call: tests set `app.orders.clock` to a fixed time after the routes are registered.
  const reports = reportsService(app.database.db, { now: () => app.orders.clock.now() });

  app.get(
    '/reports/today',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'One local day of the store (default today): orders, revenue gross and net with VAT per rate, average basket, delivery/pickup split, best sellers and orders per hour. Sales are accepted, ready and completed orders; waiting, rejected and cancelled ones are only counted',
        querystring: todayReportQuerySchema,
        response: { 200: todayReportSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      reports.today({ storeId: request.query.store_id, date: request.query.date, language: request.language }),
  );

  app.get(
    '/reports/orders.csv',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          "Every order placed on the store's local days `from` to `to` (both included, at most 366 days), for the accountant: " +
          'CSV in UTF-8 with BOM, `;` separators, CRLF, decimal comma (default) or point, headers in the request language',
        querystring: ordersCsvQuerySchema,
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { from, to, decimal, store_id: storeId } = request.query;
      const file = await reports.ordersCsv({ storeId, from, to, decimal, language: request.language });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};

export default reportRoutes;
