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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import { tooMany, type Counter, type Limit } from '../../plugins/rate-limits.ts';
import { ORDER_NOT_FOUND, orderError } from './order-errors.ts';
import { clientSubject } from '../../plugins/client-address.ts';
import { DEFAULT_TRACKING_FAILURES, tooManyLookups, trackingLimit } from './tracking-limit.ts';
import { OrderAttemptRefused, type ParsedOrderRequest, type PlaceOrderInput } from './types.ts';

export interface OrderRoutesOptions {
  /** Orders per hour from one client address, and for one customer (account, phone or e-mail). */
  ordersPerHour?: { address: number; customer: number };
  /** Look-ups with a wrong tracking token from one client address. */
  trackingFailures?: Limit;
}

const HOUR_SECONDS = 60 * 60;

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/** How an order's figures add up, for the OpenAPI document of the routes that place one. */
const PRICING_DOCS =
  'Priced by the server from its catalogue; prices sent are ignored. `subtotal` is the value of the goods ' +
  '(lines with extras), which the minimum order and the percentage discount apply to; `deposit` (the lines’ ' +
  'bottle deposits, per line as `deposit` per unit and `deposit_total`) is added after the discount, and the ' +
  'VAT per rate includes it: total = subtotal − discount − voucher_discount + deposit + delivery_fee. ' +
  'A `voucher_code` (any case) takes its percentage or amount off the goods (decision 028): after the discount ' +
  'when the store combines them, else instead of it when larger (a smaller one is 422 `voucher_not_combinable`); ' +
  'a code that does not apply is 422 with its reason (`voucher_unknown`, `voucher_expired`, `voucher_used_up`, …). ' +
  'An item with `second_half` is one half-and-half pizza (decision 029): both halves divisible at a size of ' +
  'the same name and VAT rate (else 422 `invalid_half`), each with its own extras; its price is the dearer ' +
  'half’s plus each half’s extras at half price, rounded up per half; the answer’s item has `halves`.';

const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.optional(
    z.string().register(z.globalRegistry, {
      description: 'Required: the same key returns the same order, never a second one',
    }),
  ),
});

/** What both ways of placing an order take and answer; they differ in who places it. */
const placingSchema = {
  tags: ['orders'],
  description: PRICING_DOCS,
  headers: idempotencyHeadersSchema,
  body: orderRequestSchema,
  response: { 200: orderSchema, 201: orderSchema, ...errorResponses, 429: apiErrorSchema },
};

/** The Idempotency-Key header, or a 400 naming it. */
function idempotencyKeyOf(header: string | undefined): string {
  const key = header?.trim() ?? '';
  if (key.length === 0 || key.length > 200) throw orderError('idempotency_key_required');
  return key;
}

/**
 * What one order is counted against (324 anonymous orders filled a day's kitchen): the client
 * address, and the customer, known by account, or for a guest by phone number and e-mail.
 */
function orderCounters(
  limits: { address: Limit; customer: Limit },
  ip: string,
  customerId: number | null,
  body: ParsedOrderRequest,
): Counter[] {
  const counters: Counter[] = [{ kind: 'orders:address', subject: clientSubject(ip), limit: limits.address }];
  const customer = (subject: string): Counter => ({ kind: 'orders:customer', subject, limit: limits.customer });
  if (customerId !== null) counters.push(customer(`account ${customerId}`));
  const phone = body.address?.phone.replace(/\D/g, '');
  if (phone) counters.push(customer(`phone ${phone}`));
  const email = body.address?.email;
  if (email) counters.push(customer(`email ${email}`));
  return counters;
}

/** Checkout and order tracking (docs/product/orders.md), and the time slots the checkout offers. */
const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, options) => {
  const limits = {
    address: { max: options.ordersPerHour?.address ?? 20, windowSeconds: HOUR_SECONDS },
    customer: { max: options.ordersPerHour?.customer ?? 5, windowSeconds: HOUR_SECONDS },
  };
  const guardTracking = trackingLimit(app.rateLimits, options.trackingFailures ?? DEFAULT_TRACKING_FAILURES);

  /**
   * Places the order if the limits allow. The attempt is counted before the order is placed, by the
   * order's first read (so a burst is held to the limit exactly, with no round trip of its own), and
   * given back when no new order came of it (a refusal, or a repeated Idempotency-Key answered with the
   * order placed before).
   */
  async function placeLimited(request: FastifyRequest, reply: FastifyReply, input: Omit<PlaceOrderInput, 'language'>) {
    const counters = orderCounters(limits, request.ip, input.customerId, input.body);
    const attempt = { attempt: app.rateLimits.attempt(counters), counted: false };
    let placed;
    try {
      placed = await app.orders.place({ ...input, language: request.language, attempt });
    } catch (error) {
      if (error instanceof OrderAttemptRefused) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
        throw orderError('too_many_orders');
      }
      if (attempt.counted) await app.rateLimits.giveBack(counters).catch(() => undefined);
      throw error;
    }
    if (!placed.created) await app.rateLimits.giveBack(counters);
    return reply.status(placed.created ? 201 : 200).send(placed.order);
  }

  app.get(
    '/stores/:id/slots',
    {
      schema: {
        tags: ['orders'],
        summary: 'Whether ASAP is possible, the free 15-minute slots of a day, and the days open for orders',
        params: storeIdParamsSchema,
        querystring: timeSlotsQuerySchema,
        response: { 200: timeSlotsSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.orders.timeSlots(
        request.params.id,
        request.query.order_type,
        request.query.postcode || null,
        request.query.date ?? null,
        request.caller === null,
      ),
  );

  app.post(
    '/orders/',
    {
      onRequest: app.auth.requireUser,
      schema: { ...placingSchema, summary: "A signed-in customer's order (delivery to a saved address, or pickup)" },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller) throw new Error('requireUser let an anonymous caller through');
      return placeLimited(request, reply, {
        customerId: caller.id,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
      });
    },
  );

  app.post(
    '/orders/guest',
    {
      schema: {
        ...placingSchema,
        summary: "A guest's order with its shipping address; the answer carries the tracking token",
      },
    },
    async (request, reply) => {
      return placeLimited(request, reply, {
        customerId: null,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
      });
    },
  );

  app.get(
    '/orders/',
    {
      onRequest: app.auth.requireUser,
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
        response: { 200: orderSchema, ...errorResponses, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const find = () => app.orders.find(request.params.id, { caller: request.caller, token }, request.language);
      return token === undefined ? find() : byToken(request, reply, find);
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The customer cancels their order while the restaurant has not answered it (`waiting`): its owner, or ' +
          'with `?token=` (the tracking token). A paid order is refunded, the customer mailed, the board told at ' +
          'once. 409 once the restaurant answered (accepted: the message gives its phone number) or while unpaid',
        params: orderIdParamsSchema,
        querystring: orderTokenQuerySchema,
        response: { 200: orderSchema, ...errorResponses, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const cancel = () =>
        app.orders.cancelByCustomer(request.params.id, { caller: request.caller, token }, request.language);
      return token === undefined ? cancel() : byToken(request, reply, cancel);
    },
  );

  /**
   * Runs a look-up or step by tracking token, a guest's only credential: wrong ones (a 404) are counted per
   * client address, and too many are refused for a while.
   */
  async function byToken<T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T> {
    const verdict = await guardTracking(request.ip, () =>
      run().catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) return null;
        throw error;
      }),
    );
    if (verdict.kind === 'refused')
      throw tooMany(reply, verdict.retryAfterSeconds, 'too_many_requests', tooManyLookups);
    if (verdict.found === null) throw ORDER_NOT_FOUND;
    return verdict.found;
  }
};

export default orderRoutes;
