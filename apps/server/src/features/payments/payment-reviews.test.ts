import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditPageSchema, orderSchema, paymentReviewListSchema, type Order } from '@pizzeria/domain';
import { auditLog } from '../../db/schema.ts';
import type { FakePayPal } from '../../../test/fake-paypal.ts';
import { createTestUser, MONDAY_EVENING } from '../../../test/helper.ts';
import { captureResource, usePayPalShop } from '../../../test/paypal-shop.ts';

// "Zahlungen prüfen" (decision 012): failed refunds are retried by themselves with backoff, and every
// payment that needs a person stays on the board's list until it is settled, whatever the order's day
// or status; staff try again or mark it as dealt with in PayPal.

const MINUTE = 60_000;
const WEBHOOK_ID = 'WH-REVIEWS';

const shop = usePayPalShop({ webhookId: WEBHOOK_ID });
const { app, setClock, capture, stored, approvedOrder, reject, webhook } = shop;

async function reviews(headers: Record<string, string> = shop.admin.headers) {
  const response = await app().inject({ url: '/api/admin/stores/13/payment-reviews', headers });
  expect(response.statusCode, response.body).toBe(200);
  return paymentReviewListSchema.parse(response.json()).reviews;
}

async function reviewOf(orderId: number) {
  return (await reviews()).find((review) => review.order_id === orderId);
}

/** Staff mark the order's payment as dealt with in PayPal ("Zahlungen prüfen"). */
function markDealtWith(orderId: number, headers: Record<string, string> = shop.admin.headers) {
  return app().inject({ method: 'POST', url: `/api/admin/orders/${orderId}/payment-review/done`, headers });
}

function refundRequests(captureId: string) {
  return shop.paypal.requests
    .filter((request) => request.path === `/v2/payments/captures/${captureId}/refund`)
    .map((request) => request.requestId);
}

/** A paid order staff rejected while PayPal answers refunds with `outcome`. */
async function rejectedWhileRefunds(outcome: FakePayPal['refundOutcome']): Promise<Order> {
  const { order } = await approvedOrder();
  expect((await capture(order)).statusCode).toBe(200);
  shop.paypal.refundOutcome = outcome;
  const rejected = await reject(order);
  expect(rejected.statusCode).toBe(200);
  return order;
}

/** A paid order staff rejected while PayPal refuses refunds: `refund_failed`. */
async function failedRefund(): Promise<{ order: Order; captureId: string }> {
  const order = await rejectedWhileRefunds('FAILED');
  await vi.waitFor(async () => expect((await stored(order.id)).paymentStatus).toBe('refund_failed'));
  return { order, captureId: (await stored(order.id)).paypalCaptureId ?? '' };
}

/** A paid order staff rejected while PayPal holds its refund as PENDING (an eCheck not cleared). */
async function heldRefund(): Promise<{ order: Order; captureId: string; refundId: string }> {
  const order = await rejectedWhileRefunds('PENDING');
  await vi.waitFor(async () => expect((await stored(order.id)).paypalRefundId).not.toBeNull());
  const row = await stored(order.id);
  expect(row.paymentStatus).toBe('refund_pending');
  return { order, captureId: row.paypalCaptureId ?? '', refundId: row.paypalRefundId ?? '' };
}

function refundLookups(refundId: string) {
  return shop.paypal.requests.filter(
    (request) => request.method === 'GET' && request.path === `/v2/payments/refunds/${refundId}`,
  );
}

describe('a refund PayPal refused', () => {
  it('is tried again by itself after 1, 5 and 30 minutes, each with a new request id, until it goes through', async () => {
    const { order, captureId } = await failedRefund();
    expect(await reviewOf(order.id)).toMatchObject({
      kind: 'refund_failed',
      order_status: 'rejected',
      amount: order.total,
      customer_name: 'Gabi Gast',
      paypal_capture_id: captureId,
      failure: expect.stringContaining('REFUND_FAILED_INSUFFICIENT_FUNDS'),
      next_retry_at: new Date(MONDAY_EVENING.getTime() + MINUTE).toISOString(),
    });

    // Not before it is due, and once however many sweeps run.
    await app().payments.sweep();
    expect(refundRequests(captureId)).toHaveLength(1);
    setClock(1);
    await Promise.all([app().payments.sweep(), app().payments.sweep()]);
    expect(refundRequests(captureId)).toHaveLength(2);
    expect((await reviewOf(order.id))?.next_retry_at).toBe(
      new Date(MONDAY_EVENING.getTime() + 6 * MINUTE).toISOString(),
    );
    setClock(6);
    await app().payments.sweep();
    expect((await reviewOf(order.id))?.next_retry_at).toBe(
      new Date(MONDAY_EVENING.getTime() + 36 * MINUTE).toISOString(),
    );

    shop.paypal.refundOutcome = 'COMPLETED';
    setClock(36);
    await app().payments.sweep();
    expect(await stored(order.id)).toMatchObject({ paymentStatus: 'refunded', refundRetryAt: null });
    // A refusal needs a new request id (PayPal would replay it); the refund happened once.
    expect(new Set(refundRequests(captureId)).size).toBe(4);
    expect(await reviewOf(order.id)).toBeUndefined();
    setClock(24 * 60);
    await app().payments.sweep();
    expect(refundRequests(captureId)).toHaveLength(4);
  });

  it('stays on the list the days after, for a rejected and for an expired order, until staff retry it', async () => {
    const rejected = await failedRefund();
    // An expired order whose capture PayPal took after all: never on the board's columns.
    const { order: expired } = await approvedOrder();
    shop.paypal.dropNextCaptureAnswer = true;
    expect((await capture(expired)).statusCode).toBe(503);
    setClock(31);
    await app().payments.sweep();
    await vi.waitFor(async () => expect((await stored(expired.id)).paymentStatus).toBe('refund_failed'));

    setClock(3 * 24 * 60);
    const board = await app().orders.listBoard(13, new Date(MONDAY_EVENING.getTime() + 3 * 24 * 60 * MINUTE), 'de');
    expect(board.map((entry) => entry.id)).not.toContain(rejected.order.id);
    const listed = await reviews();
    expect(listed.filter((review) => [rejected.order.id, expired.id].includes(review.order_id))).toMatchObject([
      { order_id: rejected.order.id, kind: 'refund_failed', order_status: 'rejected' },
      { order_id: expired.id, kind: 'refund_failed', order_status: 'expired', payment_method: 'paypal' },
    ]);

    shop.paypal.refundOutcome = 'COMPLETED';
    for (const orderId of [rejected.order.id, expired.id]) {
      const retried = await app().inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refund`,
        headers: shop.admin.headers,
      });
      expect(retried.statusCode).toBe(200);
      expect(orderSchema.parse(retried.json()).payment_status).toBe('refunded');
    }
    const left = (await reviews()).map((review) => review.order_id);
    expect(left).not.toContain(rejected.order.id);
    expect(left).not.toContain(expired.id);
  });
});

describe('a refund PayPal holds as pending', () => {
  it('is asked about with backoff, webhooks or not, until PayPal completes it, by one of the sweeps', async () => {
    const { order, captureId, refundId } = await heldRefund();
    expect(await reviewOf(order.id)).toMatchObject({ kind: 'refund_held', paypal_capture_id: captureId });

    await app().payments.sweep();
    expect(refundLookups(refundId)).toHaveLength(0);
    setClock(1);
    await Promise.all([app().payments.sweep(), app().payments.sweep()]);
    expect(refundLookups(refundId)).toHaveLength(1);
    // Still pending: asked again later; the payment itself did not change (the list keeps its "since").
    expect(await stored(order.id)).toMatchObject({
      paymentStatus: 'refund_pending',
      refundRetryAt: new Date(MONDAY_EVENING.getTime() + 6 * MINUTE),
      paymentUpdatedAt: MONDAY_EVENING,
    });
    setClock(5);
    await app().payments.sweep();
    expect(refundLookups(refundId)).toHaveLength(1);

    shop.paypal.finishRefund(refundId, 'COMPLETED');
    setClock(6);
    await app().payments.sweep();
    expect(await stored(order.id)).toMatchObject({
      paymentStatus: 'refunded',
      paypalRefundId: refundId,
      refundRetryAt: null,
      refundFailure: null,
    });
    expect(await reviewOf(order.id)).toBeUndefined();
    setClock(24 * 60);
    await app().payments.sweep();
    expect(refundLookups(refundId)).toHaveLength(2);
    expect(refundRequests(captureId)).toHaveLength(1);
  });

  it.each(['FAILED', 'CANCELLED'] as const)(
    'goes to the automatic retries, with a new request id, when PayPal ends it %s',
    async (end) => {
      const { order, captureId, refundId } = await heldRefund();
      shop.paypal.finishRefund(refundId, end);
      shop.paypal.refundOutcome = 'COMPLETED';
      setClock(1);
      await app().payments.sweep();
      expect(await stored(order.id)).toMatchObject({
        paymentStatus: 'refund_failed',
        paypalRefundId: null,
        refundRetryAt: new Date(MONDAY_EVENING.getTime() + 6 * MINUTE),
      });
      expect(await reviewOf(order.id)).toMatchObject({
        kind: 'refund_failed',
        failure: `PayPal: refund ${refundId} ${end}`,
        next_retry_at: new Date(MONDAY_EVENING.getTime() + 6 * MINUTE).toISOString(),
      });

      setClock(6);
      await app().payments.sweep();
      expect(await stored(order.id)).toMatchObject({ paymentStatus: 'refunded', refundRetryAt: null });
      expect(shop.paypal.orders.get((await stored(order.id)).paypalOrderId ?? '')?.capture?.status).toBe('REFUNDED');
      // PayPal would replay the held refund to its request id: the retry is a new refund.
      const sent = refundRequests(captureId);
      expect(sent).toHaveLength(2);
      expect(new Set(sent).size).toBe(2);
      expect(refundLookups(refundId)).toHaveLength(1);
    },
  );

  it('is still asked about after staff marked it as dealt with, and listed again if PayPal fails it', async () => {
    const { order, refundId } = await heldRefund();
    const done = await markDealtWith(order.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(await reviewOf(order.id)).toBeUndefined();

    shop.paypal.finishRefund(refundId, 'FAILED');
    setClock(1);
    await app().payments.sweep();
    expect(refundLookups(refundId)).toHaveLength(1);
    expect(await reviewOf(order.id)).toMatchObject({ kind: 'refund_failed' });
  });
});

describe('a refund staff try again', () => {
  it('names who asked for it in the audit log, with how it stood before and after; the kitchen may not', async () => {
    const { order } = await failedRefund();
    const kitchen = await createTestUser(app(), { role: 'admin', staffRole: 'kitchen', name: 'Kai Küche' });
    const refused = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: { ...kitchen.headers, 'accept-language': 'de' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'forbidden',
      message: 'Das darf nur die Schichtleitung oder der Inhaber.',
    });

    const manager = await createTestUser(app(), { role: 'admin', staffRole: 'manager', name: 'Lena Leitung' });
    shop.paypal.refundOutcome = 'COMPLETED';
    const retried = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: manager.headers,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const log = await app().inject({ url: '/api/admin/stores/13/audit?entity=refund', headers: manager.headers });
    expect(log.statusCode, log.body).toBe(200);
    const entries = auditPageSchema.parse(log.json()).items.filter((item) => item.entity_id === String(order.id));
    expect(entries).toMatchObject([
      {
        actor: { kind: 'staff', id: manager.id, name: 'Lena Leitung' },
        action: 'retry',
        before: { order_id: order.id, payment_status: 'refund_failed' },
        after: { order_id: order.id, payment_status: 'refunded', failure: null },
        label: { de: `Bestellung ${order.id} · ${order.customer_name}` },
      },
    ]);
  });
});

describe('marking a payment as dealt with in PayPal', () => {
  it('takes it off the list, stops the retries and records who did it, once', async () => {
    const { order, captureId } = await failedRefund();
    const done = await markDealtWith(order.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(paymentReviewListSchema.parse(done.json()).reviews.map((review) => review.order_id)).not.toContain(order.id);
    expect(await stored(order.id)).toMatchObject({ paymentReviewedBy: shop.admin.id, refundRetryAt: null });
    const [entry] = await app()
      .database.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment_review'), eq(auditLog.entityId, String(order.id))));
    expect(entry).toMatchObject({
      actorKind: 'staff',
      actorUserId: shop.admin.id,
      action: 'done_outside_shop',
      storeId: 13,
    });

    setClock(24 * 60);
    await app().payments.sweep();
    expect(refundRequests(captureId)).toHaveLength(1);
    const again = await markDealtWith(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'payment_review_closed' });
  });

  it('lists a reversal (a chargeback) with its amount until marked', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    expect((await capture(order)).statusCode).toBe(200);
    const captureId = (await stored(order.id)).paypalCaptureId;
    await webhook(
      'PAYMENT.CAPTURE.REVERSED',
      captureResource(paypalOrderId, captureId ?? '', 'REVERSED', order.total.toFixed(2)),
    );
    expect(await reviewOf(order.id)).toMatchObject({
      kind: 'reversed',
      amount: order.total,
      order_status: 'waiting',
      failure: null,
      next_retry_at: null,
    });
    const done = await markDealtWith(order.id);
    expect(done.statusCode).toBe(200);
    expect(await reviewOf(order.id)).toBeUndefined();
  });

  it('is for staff only', async () => {
    const { order } = await failedRefund();
    const customer = await createTestUser(app());
    const list = await app().inject({ url: '/api/admin/stores/13/payment-reviews', headers: customer.headers });
    expect(list.statusCode).toBe(403);
    const mark = await markDealtWith(order.id, customer.headers);
    expect(mark.statusCode).toBe(403);
    expect((await app().inject({ url: '/api/admin/stores/13/payment-reviews' })).statusCode).toBe(401);
    expect(await reviewOf(order.id)).toMatchObject({ kind: 'refund_failed' });
  });
});
