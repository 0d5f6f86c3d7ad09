import { and, asc, eq, inArray, isNotNull, lte, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_WINDOW_MINUTES } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { OrderRow } from '../orders/index.ts';
import { PayPalError, type PayPalClient, type PayPalOrder } from './paypal-client.ts';

// Settlement and refund retries (decision 012): what the sweep does after the shop stopped waiting for
// a PayPal payment. An order that did not end up paid by its PayPal order (switched to cash, expired)
// keeps `paypal_settle_at` until PayPal says for good that no money is with the shop, or the money it
// took is refunded; a refund PayPal refused, or holds as PENDING, keeps `refund_retry_at` until it went
// through (webhooks or not: a held one is asked about). Both are claimed with a conditional
// UPDATE that moves the time on by a lease, so of several instances sweeping at once one does the work,
// and work a stopped instance left is taken up again when the lease runs out.

const MINUTE_MS = 60_000;

/** The waits between tries, the last repeating: asked often at first, then a few times a day. */
const RETRY_AFTER_MINUTES = [1, 5, 30, 120, 360];

/** How long a claimed check or refund may take before another instance takes it up (PayPal's timeout is 15 s). */
const LEASE_MS = 2 * MINUTE_MS;

/** The most orders one sweep claims of each kind: a backlog is worked off over several sweeps. */
const BATCH = 50;

/**
 * A PayPal order with no capture is settled this long after its payment window closed. Nothing in the
 * shop captures it any more by then (the capture route refuses cash and expired orders, and a capture
 * in flight times out within seconds), and PayPal lets an approved, uncaptured order go after 3 hours by
 * default ("Handle uncaptured payments" in PayPal's developer documentation); 6 hours is also how long
 * PayPal keeps a `PayPal-Request-Id`, so no replay of the shop's own capture can come later.
 */
const UNCAPTURED_HORIZON_MS = 6 * 60 * MINUTE_MS;

/** A refund PayPal refused, or holds as PENDING (it has PayPal's refund id): followed up until it went through. */
const UNFINISHED_REFUND = or(
  eq(orders.paymentStatus, 'refund_failed'),
  and(eq(orders.paymentStatus, 'refund_pending'), isNotNull(orders.paypalRefundId)),
);

/** When the next try is due after `tries` tries. */
export function nextTryAt(at: Date, tries: number): Date {
  const minutes = RETRY_AFTER_MINUTES[Math.min(tries, RETRY_AFTER_MINUTES.length - 1)] ?? 360;
  return new Date(at.getTime() + minutes * MINUTE_MS);
}

/** What PayPal's word about a PayPal order means for money the shop did not charge. */
export type Settlement = { kind: 'refund'; captureId: string } | { kind: 'settled' } | { kind: 'ask_again' };

/**
 * `found` is PayPal's order, or null when PayPal no longer knows it. Captured money is refunded; a
 * capture PayPal declined, failed or refunded leaves nothing; a pending one is asked about again; an
 * order never captured is settled once voided or past `UNCAPTURED_HORIZON_MS`.
 */
export function settlementOf(found: PayPalOrder | null, row: Pick<OrderRow, 'createdAt'>, at: Date): Settlement {
  if (!found) return { kind: 'settled' };
  const capture = found.capture;
  if (capture) {
    if (capture.status === 'COMPLETED' || capture.status === 'PARTIALLY_REFUNDED')
      return { kind: 'refund', captureId: capture.id };
    return capture.status === 'PENDING' ? { kind: 'ask_again' } : { kind: 'settled' };
  }
  if (found.status === 'VOIDED') return { kind: 'settled' };
  const windowClosed = row.createdAt.getTime() + PAYMENT_WINDOW_MINUTES * MINUTE_MS;
  return at.getTime() >= windowClosed + UNCAPTURED_HORIZON_MS ? { kind: 'settled' } : { kind: 'ask_again' };
}

export interface SettlementOptions {
  db: Db;
  client: PayPalClient;
  log: FastifyBaseLogger;
  load(orderId: number): Promise<OrderRow | undefined>;
  /** Money captured for an order that may not take it goes back (`refund_pending`, then refunded). */
  refundStray(orderId: number, captureId: string, reason: 'expired' | 'cash'): Promise<boolean>;
  /**
   * The next step of a refund: a failed one is sent again, one PayPal holds is asked about; failures are
   * recorded (with the next automatic try), never thrown.
   */
  refundNow(orderId: number): Promise<unknown>;
}

export interface SettlementSweep {
  /** Asks PayPal about every PayPal order whose check is due, and refunds what it captured. */
  settleDue(at: Date): Promise<void>;
  /** Follows up every unfinished refund whose next try is due: failed ones, and ones PayPal holds. */
  followUpDueRefunds(at: Date): Promise<void>;
}

export function createSettlement(options: SettlementOptions): SettlementSweep {
  const { db, client, log } = options;

  /** Claims the due rows: their time moves on by the lease in one conditional UPDATE, so one instance has each. */
  function claim(column: AnyColumn, at: Date, extra?: SQL) {
    const due = and(lte(column, at), extra);
    const oldest = db.select({ id: orders.id }).from(orders).where(due).orderBy(asc(column)).limit(BATCH);
    return db
      .update(orders)
      .set(column === orders.paypalSettleAt ? { paypalSettleAt: leaseEnd(at) } : { refundRetryAt: leaseEnd(at) })
      .where(and(due, inArray(orders.id, oldest)))
      .returning();
  }

  async function ask(paypalOrderId: string): Promise<PayPalOrder | null> {
    try {
      return await client.getOrder(paypalOrderId);
    } catch (error) {
      if (error instanceof PayPalError && error.status === 404) return null;
      throw error;
    }
  }

  async function settleOne(row: OrderRow, at: Date): Promise<void> {
    let outcome: Settlement;
    try {
      outcome = row.paypalOrderId ? settlementOf(await ask(row.paypalOrderId), row, at) : { kind: 'settled' };
      if (outcome.kind === 'refund') {
        const reason = row.paymentMethod === 'cash' ? 'cash' : 'expired';
        if (await options.refundStray(row.id, outcome.captureId, reason)) {
          log.warn({ orderId: row.id, reason }, 'PayPal had captured an order the shop did not charge: refunding it');
        }
        // Refunding (or refunded) under this capture: the refund's own states follow it from here.
        const now = await options.load(row.id);
        outcome = now?.paypalCaptureId === outcome.captureId ? { kind: 'settled' } : { kind: 'ask_again' };
        if (outcome.kind === 'ask_again') log.error({ orderId: row.id }, 'a PayPal capture could not be refunded');
      }
    } catch (error) {
      log.error({ err: error, orderId: row.id }, 'could not ask PayPal about an order it did not charge');
      outcome = { kind: 'ask_again' };
    }
    await db
      .update(orders)
      .set({
        paypalSettleAt: outcome.kind === 'settled' ? null : nextTryAt(at, row.paypalSettleChecks),
        paypalSettleChecks: row.paypalSettleChecks + 1,
      })
      .where(eq(orders.id, row.id));
  }

  return {
    async settleDue(at) {
      for (const row of await claim(orders.paypalSettleAt, at)) await settleOne(row, at);
    },

    async followUpDueRefunds(at) {
      const due = await claim(orders.refundRetryAt, at, UNFINISHED_REFUND);
      for (const row of due) {
        await options
          .refundNow(row.id)
          .catch((error: unknown) => log.error({ err: error, orderId: row.id }, 'could not follow up a refund'));
      }
    },
  };
}

function leaseEnd(at: Date): Date {
  return new Date(at.getTime() + LEASE_MS);
}
