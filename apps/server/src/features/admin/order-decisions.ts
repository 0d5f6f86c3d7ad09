import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  acceptOrderSchema,
  adminOrdersQuerySchema,
  apiErrorSchema,
  orderIdParamsSchema,
  orderSchema,
  rejectOrderSchema,
} from '@pizzeria/domain';

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The restaurant's side of an order: the list and the decision (issue 3; the board UI comes later). */
const orderDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Orders, newest first, optionally of one status, a page at a time (`limit`, default 100); a full page ' +
          'answers with `Link: <…?before={last id}>; rel="next"`',
        querystring: adminOrdersQuerySchema,
        response: { 200: z.array(orderSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { status, before, limit } = request.query;
      const page = await app.orders.listForStaff({ status, before, limit }, request.language);
      const last = page.at(-1);
      // A full page may have a next one: RFC 8288's Link header names it, so the body stays the list.
      if (page.length === limit && last) {
        const next = new URLSearchParams({
          ...(status ? { status } : {}),
          before: String(last.id),
          limit: String(limit),
        });
        void reply.header('link', `</api/admin/orders?${next.toString()}>; rel="next"`);
      }
      return page;
    },
  );

  app.post(
    '/orders/:id/accept',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Accept a waiting order: an ASAP one with the minutes until it is ready or delivered, a pre-order ' +
          'for its requested time (plus `delay_minutes`); the promise is never before the requested time',
        params: orderIdParamsSchema,
        body: acceptOrderSchema,
        response: { 200: orderSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.orders.accept(
        request.params.id,
        { etaMinutes: request.body.eta_minutes, delayMinutes: request.body.delay_minutes },
        request.language,
      ),
  );

  app.post(
    '/orders/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a waiting order, with the reason the customer is told',
        params: orderIdParamsSchema,
        body: rejectOrderSchema,
        response: { 200: orderSchema, ...errorResponses },
      },
    },
    async (request) => app.orders.reject(request.params.id, request.body.reason, request.language),
  );
};

export default orderDecisionRoutes;
