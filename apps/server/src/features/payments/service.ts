import { and, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  PAYMENT_WINDOW_MINUTES,
  REGIONS,
  toCents,
  type Language,
  type Order,
  type OrderErrorCode,
  type PaymentMethods,
  type PaymentStatus,
} from '@pizzeria/domain';
import { orderItems, orders, paypalWebhookEvents, stores } from '../../db/schema.ts';
import type { Caller } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  changeStatus,
  mayFollow,
  ORDER_NOT_FOUND,
  orderError,
  recordEvent,
  type OrderActor,
  type OrderRow,
} from '../orders/index.ts';
import {
  createPayPalClient,
  PayPalError,
  type PayPalCapture,
  type PayPalClient,
  type PayPalRefund,
} from './paypal-client.ts';
import { paypalPurchase } from './paypal-purchase.ts';
import { createSettlement, nextTryAt } from './settlement.ts';
import { createWebhookVerifier, type WebhookVerifier } from './webhook-signature.ts';

// PayPal beside cash. The server creates the PayPal order for the amount it computed, captures
// it after the buyer's approval and believes only a COMPLETED capture of exactly that amount. Every
// change of an order's payment is one conditional UPDATE, so two instances, a webhook and a customer's
// retry arriving together change it once. Refunds and request ids make sure money moves at most once.

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  /** Without it webhooks are refused; pending captures are then followed by polling alone. */
  webhookId: string | undefined;
  /** How long one call to PayPal may take. */
  timeoutMs?: number;
}

/** Who asks about an order: the same rule as reading it (owner, tracking token, staff). */
export interface OrderAccessRequest {
  caller: Caller | null;
  token: string | undefined;
}

export interface CaptureOutcome {
  order: Order;
  /** PayPal holds the capture as PENDING: the order waits for PayPal's word (202). */
  pending: boolean;
}

export type WebhookResult = 'handled' | 'replayed' | 'ignored';

export interface PaymentsService {
  /** The public client id, or null when PayPal is not configured. */
  paypal: { clientId: string } | null;
  methods(storeId: number): Promise<PaymentMethods>;
  /** The PayPal order the buyer approves, created once per order for the server's total. */
  createPayPalOrder(orderId: number, access: OrderAccessRequest): Promise<{ paypal_order_id: string }>;
  capture(orderId: number, access: OrderAccessRequest, language: Language): Promise<CaptureOutcome>;
  /** An unpaid PayPal order is paid cash instead and goes to the kitchen. */
  payCash(orderId: number, access: OrderAccessRequest, language: Language): Promise<Order>;
  /** Staff try a failed refund again. */
  retryRefund(orderId: number, language: Language): Promise<Order>;
  /** Refunds an order whose payment is `refund_pending`, off the request; failures are recorded, never thrown. */
  refundInBackground(orderId: number): void;
  /** A webhook from PayPal: its signature checked, each event id handled once. */
  handleWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<WebhookResult>;
  /**
   * Expires orders unpaid for 30 minutes, asks PayPal about the PayPal orders of orders it did not end up
   * paying (expired, switched to cash) until settled, refunding what it captured (`settlement.ts`), retries
   * failed refunds with backoff and those a stopped instance left pending, and asks PayPal about pending
   * captures and about refunds it holds as pending. Every instance runs it every 25 s; each change happens once. Tests call it directly.
   */
  sweep(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

const SWEEP_MS = 25_000;
const MINUTE_MS = 60_000;
/** A refund still pending this long without PayPal's answer was left by a stopped instance. */
const STALE_REFUND_MS = 2 * MINUTE_MS;
/** How often a pending capture is asked about when no webhook settles it. */
const PENDING_POLL_MS = MINUTE_MS;

/** The order still waits for its PayPal payment (the condition of an UPDATE's own row). */
const WAITS_FOR_PAYPAL = sql`${orders.status} = 'pending_payment' and ${orders.paymentMethod} = 'paypal'`;

/** Payment states in which the customer may still pay (again). */
const PAYABLE: PaymentStatus[] = ['unpaid', 'declined'];
/** Payment states in which no money has been taken yet. */
const NOT_CAPTURED: PaymentStatus[] = ['unpaid', 'declined', 'pending'];

/** The card processor's codes PayPal passes on for a declined capture, and what the customer is told. */
const PROCESSOR_REFUSALS: Record<string, OrderErrorCode> = {
  '5120': 'payment_insufficient_funds',
  '5400': 'payment_card_expired',
};
/** PayPal's issues that mean: this funding source will not pay, choose another (the restart flow). */
const DECLINED_ISSUES = new Set(['INSTRUMENT_DECLINED', 'TRANSACTION_REFUSED', 'PAYER_CANNOT_PAY']);
const NOT_APPROVED_ISSUES = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);

const NOT_CONFIGURED = new HttpError(404, 'paypal_not_configured', {
  de: 'PayPal ist in diesem Shop nicht eingerichtet.',
  en: 'PayPal is not set up for this shop.',
});
const BAD_SIGNATURE = new HttpError(400, 'invalid_signature', {
  de: 'Die Signatur des Webhooks ist ungültig.',
  en: 'The webhook signature is not valid.',
});
const BAD_EVENT = new HttpError(400, 'invalid_event', {
  de: 'Das Webhook-Ereignis ist nicht lesbar.',
  en: 'The webhook event cannot be read.',
});

const webhookAmountSchema = z.object({
  currency_code: z.string(),
  value: z.string(),
});
const webhookEventSchema = z.object({
  id: z.string().min(1).max(100),
  event_type: z.string().max(100),
  resource: z.object({
    id: z.string().min(1).max(100),
    status: z.string().optional(),
    amount: webhookAmountSchema.optional(),
    supplementary_data: z
      .object({
        related_ids: z.object({ order_id: z.string().optional() }).optional(),
      })
      .optional(),
    links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
  }),
});

/** Which step of the payment a capture reached, and what the capture route answers for it. */
type Applied =
  | { kind: 'paid' | 'unchanged'; row: OrderRow }
  | { kind: 'pending'; row: OrderRow }
  | { kind: 'declined'; code: OrderErrorCode }
  | { kind: 'expired' | 'mismatch' };

function pendingError(error: unknown): boolean {
  return !(error instanceof PayPalError) || error.status >= 500 || error.status === 429;
}

export interface PaymentsPluginOptions {
  paypal: PayPalSettings | null;
}

export default fp<PaymentsPluginOptions>(
  async (app, options) => {
    const db = app.database.db;
    const settings = options.paypal;
    const client: PayPalClient | null = settings
      ? createPayPalClient({
          baseUrl: settings.apiBase,
          clientId: settings.clientId,
          clientSecret: settings.clientSecret,
          timeoutMs: settings.timeoutMs,
        })
      : null;
    const verifier: WebhookVerifier | null =
      settings?.webhookId !== undefined && settings.webhookId !== ''
        ? createWebhookVerifier({
            webhookId: settings.webhookId,
            apiBase: settings.apiBase,
          })
        : null;
    const now = () => app.orders.clock.now();

    function paypal(): PayPalClient {
      if (!client) throw NOT_CONFIGURED;
      return client;
    }

    async function load(orderId: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    }

    async function authorised(orderId: number, access: OrderAccessRequest): Promise<OrderRow> {
      const row = await load(orderId);
      if (!row || !mayFollow(row, { caller: access.caller, trackingToken: access.token })) throw ORDER_NOT_FOUND;
      return row;
    }

    async function currencyOf(storeId: number): Promise<string> {
      const [store] = await db.select({ region: stores.region }).from(stores).where(eq(stores.id, storeId));
      return REGIONS[store?.region ?? 'de-DE'].currency;
    }

    function actorOf(row: OrderRow, access: OrderAccessRequest | null): OrderActor {
      if (access === null) return { kind: 'system', userId: null };
      if (access.caller && access.caller.id === row.userId) return { kind: 'customer', userId: row.userId };
      return {
        kind: row.userId === null ? 'guest' : 'customer',
        userId: row.userId,
      };
    }

    function tell(row: OrderRow, language: Language, kind: 'created' | 'updated', mail: 'orderReceived' | null) {
      return app.orders.changed(row, language, { kind, mail });
    }

    /** A payment change for the order page and the board, not failing the caller. */
    function tellQuietly(row: OrderRow): void {
      tell(row, row.language, 'updated', null).catch((error: unknown) =>
        app.log.error({ err: error, orderId: row.id }, 'could not announce a payment change'),
      );
    }

    /**
     * One conditional update of an order's payment (stamped with the time), told to the order page and
     * the board when it changed the order. Resolves to the changed row, or undefined when `where` no
     * longer matched.
     */
    async function changePayment(
      where: SQL | undefined,
      change: PgUpdateSetSource<typeof orders>,
    ): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ ...change, paymentUpdatedAt: now() })
        .where(where)
        .returning();
      if (row) tellQuietly(row);
      return row;
    }

    /**
     * A declined capture: the customer may try again. Declined at once (the restart flow), the same PayPal
     * order is approved again; declined later (a pending capture PayPal denied), that PayPal order is done
     * and the next try gets a new one.
     */
    async function recordDecline(orderId: number, options: { newPayPalOrder: boolean }): Promise<void> {
      await changePayment(
        and(eq(orders.id, orderId), eq(orders.status, 'pending_payment'), inArray(orders.paymentStatus, NOT_CAPTURED)),
        {
          paymentStatus: 'declined',
          captureAttempts: sql`${orders.captureAttempts} + 1`,
          ...(options.newPayPalOrder ? { paypalOrderId: null, paypalCaptureId: null } : {}),
        },
      );
    }

    /**
     * Money arrived for an order that may no longer take it, and goes back: `mismatch`, another amount
     * than the total (the order expires); `expired`, the order expired meanwhile; `cash`, the customer
     * chose cash while the capture was on its way.
     */
    async function refundStray(
      orderId: number,
      captureId: string,
      reason: 'mismatch' | 'expired' | 'cash',
    ): Promise<boolean> {
      const expire = reason === 'mismatch';
      const where =
        reason === 'cash'
          ? and(eq(orders.paymentMethod, 'cash'), isNull(orders.paymentStatus), isNull(orders.paypalCaptureId))
          : and(
              inArray(orders.status, expire ? ['pending_payment', 'expired'] : ['expired']),
              inArray(orders.paymentStatus, NOT_CAPTURED),
            );
      const refund = {
        paymentStatus: 'refund_pending' as const,
        paypalCaptureId: captureId,
        paymentUpdatedAt: now(),
      };
      const [row] = await db.transaction(async (tx) => {
        if (!expire)
          return tx
            .update(orders)
            .set(refund)
            .where(and(eq(orders.id, orderId), where))
            .returning();
        const event = {
          actor: { kind: 'system' as const, userId: null },
          at: now(),
          note: 'PayPal captured another amount than the order’s total; refunded.',
        };
        const expired = await changeStatus(tx, {
          to: 'expired',
          which: and(eq(orders.id, orderId), where),
          patch: refund,
          ...event,
        });
        if (expired.length > 0) return expired;
        // Expired already: only its payment changes, and its history says why the money goes back.
        const changed = await tx
          .update(orders)
          .set(refund)
          .where(and(eq(orders.id, orderId), eq(orders.status, 'expired'), where))
          .returning();
        for (const row of changed) await recordEvent(tx, row, event);
        return changed;
      });
      if (!row) return false;
      tellQuietly(row);
      api.refundInBackground(row.id);
      return true;
    }

    /**
     * What a capture (from the capture call, a webhook or a poll) means for the order. Only a COMPLETED
     * capture of exactly the order's total in the store's currency pays it.
     */
    async function applyCapture(
      orderId: number,
      capture: PayPalCapture,
      access: OrderAccessRequest | null,
    ): Promise<Applied> {
      const row = await load(orderId);
      if (!row) return { kind: 'expired' };
      if (capture.status === 'COMPLETED') {
        const currency = await currencyOf(row.storeId);
        if (capture.amountCents !== row.totalCents || capture.currency !== currency) {
          app.log.error(
            {
              orderId,
              captured: capture.amountCents,
              currency: capture.currency,
              total: row.totalCents,
            },
            'PayPal captured another amount than the order total: refunding it',
          );
          await refundStray(orderId, capture.id, 'mismatch');
          return { kind: 'mismatch' };
        }
        const at = now();
        const waitingSince = await app.orders.waitingSince(row, at);
        const [paid] = await db.transaction((tx) =>
          changeStatus(tx, {
            to: 'waiting',
            which: and(eq(orders.id, orderId), inArray(orders.paymentStatus, NOT_CAPTURED)),
            actor: actorOf(row, access),
            at,
            patch: {
              paymentStatus: 'paid',
              paypalCaptureId: capture.id,
              waitingSince,
              paymentUpdatedAt: at,
            },
            note: 'PayPal',
          }),
        );
        if (paid) {
          // The kitchen sees it now, as a new order, and the customer gets the confirmation.
          await tell(paid, paid.language, 'created', 'orderReceived').catch((error: unknown) =>
            app.log.error({ err: error, orderId }, 'could not announce a paid order'),
          );
          return { kind: 'paid', row: paid };
        }
        const current = (await load(orderId)) ?? row;
        if (current.status === 'expired') {
          await refundStray(orderId, capture.id, 'expired');
          return { kind: 'expired' };
        }
        if (current.paymentMethod === 'cash' && (await refundStray(orderId, capture.id, 'cash'))) {
          app.log.warn({ orderId }, 'PayPal captured an order switched to cash meanwhile: refunding it');
          return { kind: 'unchanged', row: (await load(orderId)) ?? current };
        }
        return { kind: 'unchanged', row: current };
      }
      if (capture.status === 'PENDING') {
        const pending = await changePayment(
          and(
            eq(orders.id, orderId),
            inArray(orders.status, ['pending_payment', 'expired']),
            inArray(orders.paymentStatus, PAYABLE),
          ),
          { paymentStatus: 'pending', paypalCaptureId: capture.id },
        );
        return { kind: 'pending', row: pending ?? row };
      }
      if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
        await recordDecline(orderId, { newPayPalOrder: access === null });
        const code =
          capture.status === 'FAILED'
            ? 'payment_not_completed'
            : (PROCESSOR_REFUSALS[capture.processorCode ?? ''] ?? 'payment_declined');
        return { kind: 'declined', code };
      }
      return { kind: 'unchanged', row };
    }

    /** Asks PayPal about an order's PayPal order and applies its capture, if any. */
    async function reconcile(row: OrderRow): Promise<void> {
      if (!client || !row.paypalOrderId) return;
      const found = await client.getOrder(row.paypalOrderId);
      if (found.capture) await applyCapture(row.id, found.capture, null);
    }

    /** A refund that went through: no failure, nothing to follow up. */
    const refundDone = { refundFailure: null, refundRetryAt: null } as const;

    /**
     * The sweep follows an unfinished refund up later, later after each time (`nextTryAt`): a failed one is
     * tried again, one PayPal holds is asked about.
     */
    function retryLater(row: OrderRow): PgUpdateSetSource<typeof orders> {
      return {
        refundRetryAt: nextTryAt(now(), row.refundRetries),
        refundRetries: row.refundRetries + 1,
      };
    }

    /**
     * What PayPal's word about a refund (its answer to the refund, or to asking about it later) means for the
     * order. A refund PayPal failed or cancelled is done with: the next try needs a new request id.
     */
    function refundAnswer(row: OrderRow, refund: PayPalRefund): PgUpdateSetSource<typeof orders> {
      if (refund.status === 'COMPLETED')
        return {
          paymentStatus: 'refunded',
          paypalRefundId: refund.id,
          ...refundDone,
        };
      if (refund.status === 'PENDING') {
        return {
          paymentStatus: 'refund_pending',
          paypalRefundId: refund.id,
          refundFailure: null,
          ...retryLater(row),
        };
      }
      const reason = refund.reason ? ` (${refund.reason})` : '';
      return {
        paymentStatus: 'refund_failed',
        paypalRefundId: null,
        refundFailure: `PayPal: refund ${refund.id} ${refund.status}${reason}`.slice(0, 500),
        refundAttempts: row.refundAttempts + 1,
        ...retryLater(row),
      };
    }

    /**
     * A refund PayPal holds as PENDING, asked about (webhooks or not): COMPLETED is refunded, FAILED or
     * CANCELLED `refund_failed` (tried again by itself), still PENDING or PayPal not reachable is asked about
     * again later, without changing the payment (its time stays, so the board's list keeps its place).
     */
    async function followHeldRefund(row: OrderRow, refundId: string): Promise<OrderRow | undefined> {
      const held = and(
        eq(orders.id, row.id),
        eq(orders.paymentStatus, 'refund_pending'),
        eq(orders.paypalRefundId, refundId),
      );
      let refund: PayPalRefund | null = null;
      try {
        refund = await paypal().getRefund(refundId);
      } catch (error) {
        app.log.error({ err: error, orderId: row.id }, 'could not ask PayPal about a pending refund');
      }
      if (refund && refund.status !== 'PENDING') return changePayment(held, refundAnswer(row, refund));
      const [later] = await db.update(orders).set(retryLater(row)).where(held).returning();
      return later ?? load(row.id);
    }

    /**
     * The next step of an order's refund: one PayPal holds is asked about; one not sent yet, left by a
     * stopped instance, or failed is sent. Failures are recorded with the next automatic try, never thrown.
     */
    async function refundNow(orderId: number): Promise<OrderRow | undefined> {
      const row = await load(orderId);
      if (!row?.paypalCaptureId || (row.paymentStatus !== 'refund_pending' && row.paymentStatus !== 'refund_failed')) {
        return row;
      }
      if (row.paymentStatus === 'refund_pending' && row.paypalRefundId)
        return followHeldRefund(row, row.paypalRefundId);
      const captureId = row.paypalCaptureId;
      const record = (change: PgUpdateSetSource<typeof orders>) =>
        changePayment(
          and(eq(orders.id, orderId), inArray(orders.paymentStatus, ['refund_pending', 'refund_failed'])),
          change,
        );
      if (row.paymentStatus === 'refund_failed')
        await record({ paymentStatus: 'refund_pending', paypalRefundId: null });
      try {
        // One request id per attempt PayPal refused: a retry after a lost answer is the same refund.
        const refund = await paypal().refundCapture(captureId, `${row.paypalKey}-refund-${row.refundAttempts}`);
        return record(refundAnswer(row, refund));
      } catch (error) {
        if (error instanceof PayPalError && error.issue === 'CAPTURE_FULLY_REFUNDED') {
          return record({ paymentStatus: 'refunded', ...refundDone });
        }
        app.log.error({ err: error, orderId }, 'PayPal refund failed');
        const reason =
          error instanceof PayPalError
            ? `${error.issue ?? error.errorName ?? error.message} (HTTP ${error.status})`
            : error instanceof HttpError
              ? error.message
              : `PayPal not reachable: ${error instanceof Error ? error.message : String(error)}`;
        return record({
          paymentStatus: 'refund_failed',
          refundFailure: reason.slice(0, 500),
          // A refusal needs a new request id for the next try; a lost answer must reuse this one.
          refundAttempts: pendingError(error) ? row.refundAttempts : row.refundAttempts + 1,
          ...retryLater(row),
        });
      }
    }

    /** An order leaving its payment window unpaid by PayPal: due for settlement when it has a PayPal order. */
    function settleIfPayPalOrder(at: Date): SQL {
      return sql`case when ${orders.paypalOrderId} is not null then ${at.toISOString()}::timestamptz end`;
    }

    /**
     * A PayPal order stored for an order that stopped waiting for its PayPal payment while PayPal created it
     * (switched to cash, expired): due for settlement at once, like one stored before; else unchanged.
     */
    function settleUnlessWaiting(at: Date): SQL {
      return sql`case when ${WAITS_FOR_PAYPAL} then ${orders.paypalSettleAt} else ${at.toISOString()}::timestamptz end`;
    }

    async function renderFor(row: OrderRow, language: Language): Promise<Order> {
      return app.orders.view(row.id, language).then((order) => {
        if (!order) throw ORDER_NOT_FOUND;
        return order;
      });
    }

    async function handleEvent(event: z.infer<typeof webhookEventSchema>): Promise<number | null> {
      const resource = event.resource;
      const type = event.event_type;
      if (type === 'PAYMENT.CAPTURE.REFUNDED') {
        const up = resource.links?.find((link) => link.rel === 'up')?.href ?? '';
        const captureId = /\/captures\/([^/]+)$/.exec(up)?.[1];
        if (!captureId) return null;
        const row = await changePayment(
          and(eq(orders.paypalCaptureId, decodeURIComponent(captureId)), sql`${orders.paymentStatus} <> 'refunded'`),
          {
            paymentStatus: 'refunded',
            paypalRefundId: resource.id,
            ...refundDone,
          },
        );
        return row?.id ?? null;
      }
      const relatedOrder = resource.supplementary_data?.related_ids?.order_id;
      const [row] = await db
        .select()
        .from(orders)
        .where(relatedOrder ? eq(orders.paypalOrderId, relatedOrder) : eq(orders.paypalCaptureId, resource.id));
      if (!row) return null;
      if (type === 'PAYMENT.CAPTURE.REVERSED') {
        await changePayment(and(eq(orders.id, row.id), eq(orders.paypalCaptureId, resource.id)), {
          paymentStatus: 'reversed',
        });
        return row.id;
      }
      const status = {
        'PAYMENT.CAPTURE.COMPLETED': 'COMPLETED',
        'PAYMENT.CAPTURE.PENDING': 'PENDING',
        'PAYMENT.CAPTURE.DENIED': 'DECLINED',
      }[type];
      if (!status || !resource.amount) return row.id;
      await applyCapture(
        row.id,
        {
          id: resource.id,
          status: status as PayPalCapture['status'],
          amountCents: toCents(Number(resource.amount.value)),
          currency: resource.amount.currency_code,
          processorCode: null,
        },
        null,
      );
      return row.id;
    }

    const api: PaymentsService = {
      paypal: settings ? { clientId: settings.clientId } : null,

      async methods(storeId) {
        return {
          cash: true,
          paypal: settings
            ? {
                client_id: settings.clientId,
                currency: await currencyOf(storeId),
              }
            : null,
        };
      },

      async createPayPalOrder(orderId, access) {
        const row = await authorised(orderId, access);
        if (row.status === 'expired') throw orderError('order_expired');
        if (
          row.paymentMethod !== 'paypal' ||
          row.status !== 'pending_payment' ||
          !PAYABLE.includes(row.paymentStatus ?? 'paid')
        ) {
          throw orderError('order_not_payable');
        }
        // The same PayPal order again after a cancelled window or a declined source (PayPal's restart flow).
        if (row.paypalOrderId) return { paypal_order_id: row.paypalOrderId };
        const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
        let created;
        try {
          created = await paypal().createOrder({
            amountCents: row.totalCents,
            currency: await currencyOf(row.storeId),
            referenceId: `order-${row.id}`,
            // The order's random key, not its id: another database on the same PayPal account has the same ids.
            requestId: `${row.paypalKey}-create-${row.paypalOrderAttempts}`,
            // What the buyer's PayPal receipt lists; the amount alone if the stored lines do not add up to it.
            purchase: paypalPurchase(row, lines) ?? undefined,
          });
        } catch (error) {
          if (error instanceof HttpError) throw error;
          app.log.error({ err: error, orderId }, 'could not create the PayPal order');
          throw orderError(pendingError(error) ? 'payment_error' : 'payment_failed');
        }
        // Two tabs at once send the same request id, so PayPal answers both with the same order. The customer
        // may have paid cash meanwhile, or the order expired: the PayPal order is still this order's (a webhook
        // finds it by its id) and is checked until settled, in the same statement.
        const at = now();
        const [stored] = await db
          .update(orders)
          .set({
            paypalOrderId: created.id,
            paypalOrderAttempts: sql`${orders.paypalOrderAttempts} + 1`,
            paymentUpdatedAt: at,
            paypalSettleAt: settleUnlessWaiting(at),
          })
          .where(and(eq(orders.id, orderId), isNull(orders.paypalOrderId)))
          .returning();
        const current = stored ?? (await load(orderId));
        if (current && (current.status !== 'pending_payment' || current.paymentMethod !== 'paypal')) {
          // Nothing is left to pay with it: the buyer gets no PayPal window for it.
          throw orderError(current.status === 'expired' ? 'order_expired' : 'order_not_payable');
        }
        return { paypal_order_id: current?.paypalOrderId ?? created.id };
      },

      async capture(orderId, access, language) {
        const row = await authorised(orderId, access);
        if (row.paymentMethod !== 'paypal') throw orderError('order_not_payable');
        if (row.status === 'expired') throw orderError('order_expired');
        // Captured already (a double click, a retry after the answer was lost): the same answer again.
        if (row.status !== 'pending_payment') return { order: await renderFor(row, language), pending: false };
        if (row.paymentStatus === 'pending') return { order: await renderFor(row, language), pending: true };
        if (!row.paypalOrderId) throw orderError('payment_not_approved');
        let result;
        try {
          // The same request id until PayPal refuses: a retry after a lost answer never charges twice.
          result = await paypal().captureOrder(row.paypalOrderId, `${row.paypalKey}-capture-${row.captureAttempts}`);
        } catch (error) {
          if (error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
            result = await paypal()
              .getOrder(row.paypalOrderId)
              .catch(() => {
                throw orderError('payment_error');
              });
          } else if (error instanceof PayPalError && DECLINED_ISSUES.has(error.issue ?? '')) {
            await recordDecline(orderId, { newPayPalOrder: false });
            throw orderError('payment_declined');
          } else if (error instanceof PayPalError && NOT_APPROVED_ISSUES.has(error.issue ?? '')) {
            // PayPal would replay this refusal to the same request id, even after the buyer approved: the
            // next attempt gets a new one (once, however many captures were refused with this one).
            await db
              .update(orders)
              .set({ captureAttempts: row.captureAttempts + 1 })
              .where(and(eq(orders.id, orderId), eq(orders.captureAttempts, row.captureAttempts)));
            throw orderError('payment_not_approved');
          } else {
            if (error instanceof HttpError) throw error;
            app.log.error({ err: error, orderId }, 'PayPal capture failed');
            throw orderError(pendingError(error) ? 'payment_error' : 'payment_failed');
          }
        }
        if (!result.capture) throw orderError('payment_not_completed');
        const applied = await applyCapture(orderId, result.capture, access);
        switch (applied.kind) {
          case 'paid':
          case 'unchanged':
            return {
              order: await renderFor(applied.row, language),
              pending: applied.row.paymentStatus === 'pending',
            };
          case 'pending':
            return {
              order: await renderFor(applied.row, language),
              pending: true,
            };
          case 'declined':
            throw orderError(applied.code);
          case 'expired':
            throw orderError('order_expired');
          case 'mismatch':
            throw orderError('payment_failed');
        }
      },

      async payCash(orderId, access, language) {
        const row = await authorised(orderId, access);
        if (row.status === 'expired') throw orderError('order_expired');
        if (row.paymentMethod === 'cash') return renderFor(row, language);
        const at = now();
        const waitingSince = await app.orders.waitingSince(row, at);
        const [switched] = await db.transaction((tx) =>
          changeStatus(tx, {
            to: 'waiting',
            which: and(eq(orders.id, orderId), inArray(orders.paymentStatus, PAYABLE)),
            actor: actorOf(row, access),
            at,
            patch: {
              paymentMethod: 'cash',
              paymentStatus: null,
              waitingSince,
              paymentUpdatedAt: at,
              // PayPal may have captured it anyway (an answer lost on the way): the sweep asks until settled.
              paypalSettleAt: settleIfPayPalOrder(at),
            },
            note: (changed) =>
              changed.language === 'en' ? 'Pays cash instead of PayPal' : 'Zahlt bar statt mit PayPal',
          }),
        );
        if (!switched) {
          const current = await load(orderId);
          if (current?.status === 'expired') throw orderError('order_expired');
          if (current?.paymentMethod === 'cash') return renderFor(current, language);
          throw orderError('order_not_payable');
        }
        return tell(switched, language, 'created', 'orderReceived');
      },

      async retryRefund(orderId, language) {
        const row = await load(orderId);
        if (!row) throw ORDER_NOT_FOUND;
        if (row.paymentStatus !== 'refund_failed' && row.paymentStatus !== 'refund_pending') {
          throw orderError('refund_not_possible');
        }
        const after = await refundNow(orderId);
        return renderFor(after ?? row, language);
      },

      refundInBackground(orderId) {
        refundNow(orderId).catch((error: unknown) => app.log.error({ err: error, orderId }, 'could not refund'));
      },

      async handleWebhook(headers, rawBody) {
        if (!verifier) throw NOT_CONFIGURED;
        if (!(await verifier.verify(headers, rawBody))) throw BAD_SIGNATURE;
        let json: unknown;
        try {
          json = JSON.parse(rawBody);
        } catch {
          throw BAD_EVENT;
        }
        const event = webhookEventSchema.safeParse(json);
        if (!event.success) throw BAD_EVENT;
        const [seen] = await db
          .select({ id: paypalWebhookEvents.eventId })
          .from(paypalWebhookEvents)
          .where(eq(paypalWebhookEvents.eventId, event.data.id));
        if (seen) return 'replayed';
        // Each change below is conditional, so an event arriving twice at once still changes the order once;
        // it is recorded after it was handled, so one that failed midway is handled when PayPal sends it again.
        const orderId = await handleEvent(event.data);
        await db
          .insert(paypalWebhookEvents)
          .values({
            eventId: event.data.id,
            eventType: event.data.event_type,
            resourceId: event.data.resource.id,
            orderId,
            receivedAt: now(),
          })
          .onConflictDoNothing();
        return orderId === null ? 'ignored' : 'handled';
      },

      async sweep() {
        const at = now();
        // Unpaid past the payment window: `changeStatus` moves only orders still waiting for their payment.
        const expired = await db.transaction((tx) =>
          changeStatus(tx, {
            to: 'expired',
            which: lt(orders.createdAt, new Date(at.getTime() - PAYMENT_WINDOW_MINUTES * MINUTE_MS)),
            actor: { kind: 'system', userId: null },
            at,
            patch: {
              paymentUpdatedAt: at,
              paypalSettleAt: settleIfPayPalOrder(at),
            },
          }),
        );
        for (const row of expired) tellQuietly(row);
        if (!settlement) return;
        // Approved and captured just before it expired, or paid cash after a capture whose answer was lost:
        // the money goes back (the expired ones of this sweep are due at once).
        await settlement.settleDue(at);
        await settlement.followUpDueRefunds(at);
        const stale = await db
          .update(orders)
          .set({ paymentUpdatedAt: at })
          .where(
            and(
              eq(orders.paymentStatus, 'refund_pending'),
              isNull(orders.paypalRefundId),
              lt(orders.paymentUpdatedAt, new Date(at.getTime() - STALE_REFUND_MS)),
            ),
          )
          .returning({ id: orders.id });
        for (const { id } of stale) await refundNow(id);
        const pending = await db
          .update(orders)
          .set({ paymentUpdatedAt: at })
          .where(
            and(
              eq(orders.paymentStatus, 'pending'),
              lt(orders.paymentUpdatedAt, new Date(at.getTime() - PENDING_POLL_MS)),
            ),
          )
          .returning();
        for (const row of pending) {
          await reconcile(row).catch((error: unknown) =>
            app.log.error({ err: error, orderId: row.id }, 'could not ask PayPal about a pending capture'),
          );
        }
      },
    };

    const settlement = client
      ? createSettlement({
          db,
          client,
          log: app.log,
          load,
          refundStray: (orderId, captureId, reason) => refundStray(orderId, captureId, reason),
          refundNow,
        })
      : null;

    let sweeping: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (sweeping) return;
      sweeping = api
        .sweep()
        .catch((error: unknown) => app.log.error({ err: error }, 'payment sweep failed'))
        .finally(() => {
          sweeping = null;
        });
    }, SWEEP_MS);
    timer.unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await sweeping;
    });

    app.decorate('payments', api);
  },
  { name: 'payments', dependencies: ['database', 'orders'] },
);
