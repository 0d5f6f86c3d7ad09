import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { toCents } from '@pizzeria/domain';
import { orders, paypalWebhookEvents } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { applyCapture } from './capture.ts';
import type { PaymentsContext } from './context.ts';
import { changePayment, NOT_CONFIGURED } from './order-payment.ts';
import type { PayPalCapture } from './paypal-client.ts';
import { refundDone } from './refunds.ts';
import type { WebhookResult } from './types.ts';

// PayPal's webhooks: a capture completed, pending or denied, a refund, a reversal. The signature is
// checked first; each event id is handled once, and each change it makes is conditional, so an event
// arriving twice at once still changes the order once.

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

type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The capture's state each capture event reports. */
const CAPTURE_EVENTS: Record<string, PayPalCapture['status']> = {
  'PAYMENT.CAPTURE.COMPLETED': 'COMPLETED',
  'PAYMENT.CAPTURE.PENDING': 'PENDING',
  'PAYMENT.CAPTURE.DENIED': 'DECLINED',
};

/** A refund PayPal made (staff's in PayPal, or the shop's own): the order is refunded. */
async function refunded(ctx: PaymentsContext, resource: WebhookEvent['resource']): Promise<number | null> {
  const up = resource.links?.find((link) => link.rel === 'up')?.href ?? '';
  const captureId = /\/captures\/([^/]+)$/.exec(up)?.[1];
  if (!captureId) return null;
  const row = await changePayment(
    ctx,
    and(eq(orders.paypalCaptureId, decodeURIComponent(captureId)), sql`${orders.paymentStatus} <> 'refunded'`),
    {
      paymentStatus: 'refunded',
      paypalRefundId: resource.id,
      ...refundDone,
    },
  );
  return row?.id ?? null;
}

/** What the event changes; resolves to the order it concerns, or null when it concerns none of the shop's. */
async function handleEvent(ctx: PaymentsContext, event: WebhookEvent): Promise<number | null> {
  const resource = event.resource;
  const type = event.event_type;
  if (type === 'PAYMENT.CAPTURE.REFUNDED') return refunded(ctx, resource);
  const relatedOrder = resource.supplementary_data?.related_ids?.order_id;
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(relatedOrder ? eq(orders.paypalOrderId, relatedOrder) : eq(orders.paypalCaptureId, resource.id));
  if (!row) return null;
  if (type === 'PAYMENT.CAPTURE.REVERSED') {
    await changePayment(ctx, and(eq(orders.id, row.id), eq(orders.paypalCaptureId, resource.id)), {
      paymentStatus: 'reversed',
    });
    return row.id;
  }
  const status = CAPTURE_EVENTS[type];
  if (!status || !resource.amount) return row.id;
  await applyCapture(
    ctx,
    row.id,
    {
      id: resource.id,
      status,
      amountCents: toCents(Number(resource.amount.value)),
      currency: resource.amount.currency_code,
      processorCode: null,
    },
    null,
  );
  return row.id;
}

/** A webhook from PayPal: its signature checked, each event id handled once. */
export async function handleWebhook(
  ctx: PaymentsContext,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<WebhookResult> {
  if (!ctx.verifier) throw NOT_CONFIGURED;
  if (!(await ctx.verifier.verify(headers, rawBody))) throw BAD_SIGNATURE;
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw BAD_EVENT;
  }
  const event = webhookEventSchema.safeParse(json);
  if (!event.success) throw BAD_EVENT;
  const [seen] = await ctx.db
    .select({ id: paypalWebhookEvents.eventId })
    .from(paypalWebhookEvents)
    .where(eq(paypalWebhookEvents.eventId, event.data.id));
  if (seen) return 'replayed';
  // Each change below is conditional, so an event arriving twice at once still changes the order once;
  // it is recorded after it was handled, so one that failed midway is handled when PayPal sends it again.
  const orderId = await handleEvent(ctx, event.data);
  await ctx.db
    .insert(paypalWebhookEvents)
    .values({
      eventId: event.data.id,
      eventType: event.data.event_type,
      resourceId: event.data.resource.id,
      orderId,
      receivedAt: ctx.now(),
    })
    .onConflictDoNothing();
  return orderId === null ? 'ignored' : 'handled';
}
