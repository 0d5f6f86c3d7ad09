import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  orderIdParamsSchema,
  orderSchema,
  orderTokenQuerySchema,
  paymentMethodsSchema,
  paypalOrderSchema,
  storeIdParamsSchema,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { audit } from '../audit/index.ts';
import { paymentReviewRoutes } from './review-routes.ts';

const errorResponses = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  503: apiErrorSchema,
};

/** Paying an order online: what the checkout offers, and the steps of a PayPal payment. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/payment-methods',
    {
      schema: {
        tags: ['payments'],
        summary: "What the checkout offers: cash, and PayPal with its public client id and the store's currency",
        params: storeIdParamsSchema,
        response: { 200: paymentMethodsSchema },
      },
    },
    async (request) => app.payments.methods(request.params.id),
  );

  app.post(
    '/orders/:id/paypal',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The PayPal order (intent CAPTURE, the server's total, itemised: lines, deposits, delivery fee, discount) the buyer approves; the same one when asked again",
        params: orderIdParamsSchema,
        querystring: orderTokenQuerySchema,
        response: { 200: paypalOrderSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.payments.createPayPalOrder(request.params.id, { caller: request.caller, token: request.query.token }),
  );

  app.post(
    '/orders/:id/paypal/capture',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Capture the approved PayPal payment: 200 paid (the order goes to the kitchen), 202 pending at PayPal; 422 with the reason otherwise',
        params: orderIdParamsSchema,
        querystring: orderTokenQuerySchema,
        response: { 200: orderSchema, 202: orderSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const access = { caller: request.caller, token: request.query.token };
      const outcome = await app.payments.capture(request.params.id, access, request.language);
      return reply.status(outcome.pending ? 202 : 200).send(outcome.order);
    },
  );

  app.post(
    '/orders/:id/pay-cash',
    {
      schema: {
        tags: ['payments'],
        summary: 'Pay an unpaid PayPal order in cash instead: it goes to the kitchen',
        params: orderIdParamsSchema,
        querystring: orderTokenQuerySchema,
        response: { 200: orderSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.payments.payCash(request.params.id, { caller: request.caller, token: request.query.token }, request.language),
  );

  // PayPal's webhook: the raw body is what PayPal signed, so this one route reads it as text.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/payments/paypal/webhook',
      {
        schema: {
          tags: ['payments'],
          summary:
            "PayPal's webhook (capture completed, pending, denied, refunded, reversed): signature verified, each event handled once",
          response: { 200: z.object({ result: z.enum(['handled', 'replayed', 'ignored']) }), ...errorResponses },
        },
      },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        return { result: await app.payments.handleWebhook(request.headers, raw) };
      },
    );
  });
};

/**
 * Staff: try a failed refund again, and the payments that need a person ("Zahlungen prüfen",
 * `review-routes.ts`) (inside `/api/admin`, behind its guard).
 */
export const paymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(paymentReviewRoutes);
  app.post(
    '/orders/:id/refund',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Try the refund of a rejected or cancelled PayPal order again; for a refund PayPal holds as pending, ' +
          'ask PayPal how it stands',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errorResponses },
      },
    },
    async (request) => {
      const orderId = request.params.id;
      const before = await refundState(app.database.db, orderId);
      const order = await app.payments.retryRefund(orderId, request.language);
      // Who asked for the money to go back, and how it stood before and after: the audit log names them.
      const after = await refundState(app.database.db, orderId);
      await audit(app.database.db, request, {
        storeId: order.store_id,
        entity: 'refund',
        entityId: orderId,
        action: 'retry',
        before,
        after,
      });
      return order;
    },
  );
};

/** An order's refund as the audit log keeps it: the order, whose money, and how its refund stands. */
async function refundState(db: Db, orderId: number) {
  const [row] = await db
    .select({
      address: orders.address,
      paymentStatus: orders.paymentStatus,
      refundFailure: orders.refundFailure,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) return null;
  return {
    order_id: orderId,
    customer_name: row.address.customerName,
    payment_status: row.paymentStatus,
    failure: row.refundFailure,
  };
}
