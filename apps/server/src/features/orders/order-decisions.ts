import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  acceptOrderSchema,
  adminOrderSchema,
  adminOrdersQuerySchema,
  apiErrorSchema,
  cancelOrderSchema,
  orderIdParamsSchema,
  orderSchema,
  rejectOrderSchema,
} from '@pizzeria/domain';
import type { StaffActor } from './types.ts';
import { adminErrorResponses } from '../../plugins/errors.ts';

const errorResponses = { ...adminErrorResponses, 409: apiErrorSchema };

/** What a decision on one order takes and answers: the order as the decision left it. */
/** A decision's schema: the kitchen decides. */
function decisionSchema(summary: string) {
  return {
    'x-staff-role': 'kitchen' as const,
    tags: ['admin'],
    summary,
    params: orderIdParamsSchema,
    response: { 200: orderSchema, ...errorResponses },
  };
}

/** The staff member acting: the subtree's guard has let only a signed-in admin through. */
function staffOf(request: FastifyRequest): StaffActor {
  if (!request.caller) throw new Error('an admin route without a caller');
  return { userId: request.caller.id };
}

/**
 * The restaurant's side of an order: the list, the details with the history, the decision and
 * what follows it. A change the order's status does not allow, or that another staff member
 * made first, is a 409 whose message says who did what and when.
 */
const orderDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        'x-staff-role': 'kitchen',
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

  app.get(
    '/orders/:id',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'One order with its history: every status it took, when, and who gave it',
        params: orderIdParamsSchema,
        response: { 200: adminOrderSchema, ...errorResponses },
      },
    },
    async (request) => app.orders.detail(request.params.id, request.language),
  );

  app.post(
    '/orders/:id/accept',
    {
      schema: {
        ...decisionSchema(
          'Accept a waiting order: an ASAP one with the minutes until it is ready or delivered, a pre-order ' +
            'for its requested time (plus `delay_minutes`); the promise is never before the requested time',
        ),
        body: acceptOrderSchema,
      },
    },
    async (request) =>
      app.orders.accept(
        request.params.id,
        { etaMinutes: request.body.eta_minutes, delayMinutes: request.body.delay_minutes },
        staffOf(request),
        request.language,
      ),
  );

  app.post(
    '/orders/:id/reject',
    {
      schema: {
        ...decisionSchema('Reject a waiting order, with the reason the customer is told'),
        body: rejectOrderSchema,
      },
    },
    async (request) => app.orders.reject(request.params.id, request.body.reason, staffOf(request), request.language),
  );

  app.post(
    '/orders/:id/ready',
    {
      schema: decisionSchema(
        'Mark an accepted order ready: a pickup is ready to collect, a delivery on its way (the customer is mailed)',
      ),
    },
    async (request) => app.orders.markReady(request.params.id, staffOf(request), request.language),
  );

  app.post(
    '/orders/:id/complete',
    {
      schema: decisionSchema('Complete a ready order: it was collected or delivered'),
    },
    async (request) => app.orders.complete(request.params.id, staffOf(request), request.language),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        ...decisionSchema(
          'Cancel an accepted or ready order, with the reason the customer is told (by mail, with an apology)',
        ),
        body: cancelOrderSchema,
      },
    },
    async (request) => app.orders.cancel(request.params.id, request.body.reason, staffOf(request), request.language),
  );
};

export default orderDecisionRoutes;
