import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  fromCents,
  orderIdParamsSchema,
  paymentReviewListSchema,
  storeIdParamsSchema,
  type PaymentReview,
  type PaymentReviewKind,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { HttpError, adminErrorResponses } from '../../plugins/errors.ts';
import { audit, staffId } from '../audit/index.ts';
import { ORDER_NOT_FOUND, type OrderRow } from '../orders/index.ts';

// "Zahlungen prüfen" (decision 012): every payment that needs a person, listed for the board until it is
// settled — a refund that went through, or staff marking it as dealt with in PayPal. The list reads the
// orders' payment states, whatever the order's status or day; boards reload it when a payment change is
// pushed to them (`WS /api/ws/admin/orders`).

const errorResponses = { ...adminErrorResponses, 409: apiErrorSchema };

const NOTHING_TO_REVIEW = new HttpError(409, 'payment_review_closed', {
  de: 'Bei dieser Zahlung ist nichts mehr zu prüfen.',
  en: 'There is nothing left to check about this payment.',
});

/**
 * The rows that need a person: a failed refund, a refund PayPal holds, a reversal; not yet marked as dealt
 * with since the payment last changed. The first condition is the partial index's (`orders_payment_review_idx`).
 */
const NEEDS_REVIEW: SQL | undefined = and(
  inArray(orders.paymentStatus, ['refund_failed', 'reversed', 'refund_pending']),
  or(
    inArray(orders.paymentStatus, ['refund_failed', 'reversed']),
    and(eq(orders.paymentStatus, 'refund_pending'), isNotNull(orders.paypalRefundId)),
  ),
  or(isNull(orders.paymentReviewedAt), lt(orders.paymentReviewedAt, orders.paymentUpdatedAt)),
);

function kindOf(row: OrderRow): PaymentReviewKind {
  if (row.paymentStatus === 'reversed') return 'reversed';
  return row.paymentStatus === 'refund_failed' ? 'refund_failed' : 'refund_held';
}

function renderReview(row: OrderRow): PaymentReview {
  const kind = kindOf(row);
  return {
    order_id: row.id,
    kind,
    order_status: row.status,
    payment_method: row.paymentMethod,
    customer_name: row.address.customerName,
    phone: row.address.phone,
    amount: fromCents(row.totalCents),
    paypal_capture_id: row.paypalCaptureId,
    failure: kind === 'refund_failed' ? row.refundFailure : null,
    next_retry_at: kind === 'refund_failed' ? (row.refundRetryAt?.toISOString() ?? null) : null,
    since: (row.paymentUpdatedAt ?? row.createdAt).toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/** The store's payments to check, the longest-standing first. */
export async function listPaymentReviews(db: Db, storeId: number): Promise<PaymentReview[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), NEEDS_REVIEW))
    .orderBy(asc(orders.paymentUpdatedAt), asc(orders.id));
  return rows.map(renderReview);
}

/** Staff: the payment list, and marking one as dealt with outside the shop (inside `/api/admin`, behind its guard). */
export const paymentReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/stores/:id/payment-reviews',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Payments that need a person until settled, however old the order: failed refunds (with the reason and ' +
          'the next automatic try), refunds PayPal holds, and reversals (chargebacks)',
        params: storeIdParamsSchema,
        response: { 200: paymentReviewListSchema, ...errorResponses },
      },
    },
    async (request) => ({ reviews: await listPaymentReviews(db, request.params.id) }),
  );

  app.post(
    '/orders/:id/payment-review/done',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Mark a payment on the list as dealt with outside the shop (in PayPal): it leaves the list, automatic ' +
          'retries of a failed refund stop (a refund PayPal holds is still asked about), and who did it when is ' +
          'audited; it comes back if the payment changes again',
        params: orderIdParamsSchema,
        response: { 200: paymentReviewListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const orderId = request.params.id;
      const at = app.orders.clock.now();
      const marked = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(orders).where(eq(orders.id, orderId));
        if (!before) throw ORDER_NOT_FOUND;
        // The same conditional UPDATE as everywhere: a payment that changed meanwhile, or another member of
        // staff marking it first, leaves nothing to mark.
        const [after] = await tx
          .update(orders)
          .set({
            paymentReviewedAt: sql`greatest(${at.toISOString()}::timestamptz, ${orders.paymentUpdatedAt})`,
            paymentReviewedBy: staffId(request),
            // A failed refund is not tried again; one PayPal holds is still asked about, so the order learns
            // how it ended (and is listed again if it failed).
            refundRetryAt: sql`case when ${orders.paymentStatus} = 'refund_failed' then null else ${orders.refundRetryAt} end`,
          })
          .where(and(eq(orders.id, orderId), NEEDS_REVIEW))
          .returning();
        if (!after) throw NOTHING_TO_REVIEW;
        await audit(tx, request, {
          storeId: after.storeId,
          entity: 'payment_review',
          entityId: orderId,
          action: 'done_outside_shop',
          before: renderReview(before),
          after: { reviewed_at: after.paymentReviewedAt?.toISOString() ?? null, reviewed_by: after.paymentReviewedBy },
        });
        return after;
      });
      // Every board drops it from its list (they reload the list on a pushed change).
      await app.orders.changed(marked, request.language, { kind: 'updated', mail: null });
      return { reviews: await listPaymentReviews(db, marked.storeId) };
    },
  );
};
