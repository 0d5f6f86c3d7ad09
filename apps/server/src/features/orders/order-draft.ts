import { randomBytes, randomUUID } from 'node:crypto';
import { waitingStartsAt, type Language, type Order, type OrderStatus } from '@pizzeria/domain';
import type { MailMessage } from '../mail/index.ts';
import { receivedMail } from './announce.ts';
import type { OrderContact } from './contact.ts';
import type { OrdersContext } from './context.ts';
import type { NewOrder } from './order-insert.ts';
import type { PricedOrder } from './pricing.ts';
import { renderOrder, type OrderItemValues, type OrderRow } from './render.ts';
import type { ParsedOrderRequest } from './types.ts';

/** What placing has decided of an order before its slot: who, what, priced, under which key. */
export interface OrderDraft {
  orderId: number;
  storeId: number;
  /** The signed-in customer, or null for a guest. */
  customerId: number | null;
  /** `pending_payment` when paid online, else `waiting`. */
  status: OrderStatus;
  orderType: ParsedOrderRequest['order_type'];
  paymentMethod: ParsedOrderRequest['payment_method'];
  paidOnline: boolean;
  /** ASAP, or a requested time (then the slot is that time). */
  asap: boolean;
  contact: OrderContact;
  note: string | null;
  language: Language;
  priced: PricedOrder;
  scope: string;
  key: string;
  requestHash: string;
  /** The moment the order is decided as of. */
  now: Date;
}

/** An order ready to be written: its row, first event, items and mail, and the answer rendered from them. */
export interface OrderToWrite {
  order: Order;
  mail: MailMessage | null;
  written: NewOrder;
}

/** The order as it is written for `slotStart`: its row complete, the answer and its mail rendered. */
export async function orderToWrite(ctx: OrdersContext, draft: OrderDraft, slotStart: Date): Promise<OrderToWrite> {
  // Placed while closed (a pre-order at night): staff have until some minutes after opening to answer.
  const { paidOnline, now, contact, priced, language } = draft;
  const availability = paidOnline ? null : await ctx.storeStatus.availability(draft.storeId);
  const waitingSince = paidOnline ? null : availability ? waitingStartsAt(availability, now, slotStart) : now;
  const row: OrderRow = {
    id: draft.orderId,
    storeId: draft.storeId,
    userId: draft.customerId,
    trackingToken: randomBytes(24).toString('base64url'),
    status: draft.status,
    orderType: draft.orderType,
    paymentMethod: draft.paymentMethod,
    paymentStatus: paidOnline ? 'unpaid' : null,
    paypalKey: randomUUID(),
    paypalOrderId: null,
    paypalOrderAttempts: 0,
    captureAttempts: 0,
    paypalCaptureId: null,
    paypalRefundId: null,
    refundAttempts: 0,
    refundFailure: null,
    paymentUpdatedAt: paidOnline ? now : null,
    paypalSettleAt: null,
    paypalSettleChecks: 0,
    refundRetryAt: null,
    refundRetries: 0,
    paymentReviewedAt: null,
    paymentReviewedBy: null,
    postcode: contact.postcode,
    requestedTime: draft.asap ? null : slotStart,
    promisedAt: slotStart,
    slotStart,
    etaMinutes: null,
    etaAt: null,
    rejectionReason: null,
    cancellationReason: null,
    note: draft.note,
    language,
    address: contact.address,
    subtotalCents: priced.subtotalCents,
    discountCode: priced.discountCode,
    discountPercentage: priced.discountPercentage,
    discountCents: priced.discountCents,
    voucherCode: priced.voucher?.code ?? null,
    voucherCents: priced.voucher?.cents ?? 0,
    deliveryFeeCents: priced.deliveryFeeCents,
    depositCents: priced.depositCents,
    totalCents: priced.totalCents,
    vat: priced.vat,
    idempotencyScope: draft.scope,
    idempotencyKey: draft.key,
    requestHash: draft.requestHash,
    createdAt: now,
    revision: 0,
    waitingSince,
    decidedAt: null,
  };
  const items: OrderItemValues[] = priced.lines.map((line, position) => ({
    orderId: draft.orderId,
    position,
    ...line,
  }));
  const order = renderOrder(row, items, language, { withTrackingToken: true });
  const mail = await receivedMail(ctx, order, language);
  const written: NewOrder = {
    // Every column given, so the answer rendered from `row` is what the database holds.
    order: row,
    firstEvent: {
      status: draft.status,
      actorKind: draft.customerId === null ? 'guest' : 'customer',
      actorUserId: draft.customerId,
      note: null,
      createdAt: now,
    },
    items,
    mail: mail && {
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
    },
  };
  return { order, mail, written };
}
