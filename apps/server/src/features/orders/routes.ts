import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  orderIdParamsSchema,
  orderRequestSchema,
  orderSchema,
  orderTokenQuerySchema,
  storeIdParamsSchema,
  timeSlotsQuerySchema,
  timeSlotsSchema,
} from '@pizzeria/domain';
import { orderError } from './order-errors.ts';

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.optional(
    z.string().register(z.globalRegistry, {
      description: 'Required: the same key returns the same order, never a second one',
    }),
  ),
});

/** The Idempotency-Key header, or a 400 naming it. */
function idempotencyKeyOf(header: string | undefined): string {
  const key = header?.trim() ?? '';
  if (key.length === 0 || key.length > 200) throw orderError('idempotency_key_required');
  return key;
}

/** Checkout and order tracking (DESIGN §4), and the time slots the checkout offers. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/slots',
    {
      schema: {
        tags: ['orders'],
        summary: 'Whether ASAP is possible and the free 15-minute slots later today',
        params: storeIdParamsSchema,
        querystring: timeSlotsQuerySchema,
        response: { 200: timeSlotsSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.orders.timeSlots(request.params.id, request.query.order_type, request.query.postcode || null),
  );

  app.post(
    '/orders/',
    {
      preHandler: app.auth.requireUser,
      schema: {
        tags: ['orders'],
        summary: "A signed-in customer's order (delivery to a saved address, or pickup)",
        headers: idempotencyHeadersSchema,
        body: orderRequestSchema,
        response: { 200: orderSchema, 201: orderSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller) throw new Error('requireUser let an anonymous caller through');
      const { order, created } = await app.orders.place({
        customerId: caller.id,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
        language: request.language,
      });
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.post(
    '/orders/guest',
    {
      schema: {
        tags: ['orders'],
        summary: "A guest's order with its shipping address; the answer carries the tracking token",
        headers: idempotencyHeadersSchema,
        body: orderRequestSchema,
        response: { 200: orderSchema, 201: orderSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { order, created } = await app.orders.place({
        customerId: null,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
        language: request.language,
      });
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/orders/',
    {
      preHandler: app.auth.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first",
        response: { 200: z.array(orderSchema), ...errorResponses },
      },
    },
    async (request) => {
      const caller = request.caller;
      if (!caller) throw new Error('requireUser let an anonymous caller through');
      return app.orders.listForCustomer(caller.id, request.language);
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: "One order: for its owner, an admin, or with `?token=` (the guest's tracking token)",
        params: orderIdParamsSchema,
        querystring: orderTokenQuerySchema,
        response: { 200: orderSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.orders.find(request.params.id, { caller: request.caller, token: request.query.token }, request.language),
  );
};

export default orderRoutes;
