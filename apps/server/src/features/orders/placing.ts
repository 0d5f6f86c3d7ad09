import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  checkAsap,
  checkRequestedSlot,
  MAX_ORDER_NOTE_LENGTH,
  type Language,
  type Order,
  type OrderStatus,
  type TimeSlotInput,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import { orders } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { MailMessage } from '../mail/index.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { announce } from './announce.ts';
import { contactOf, saveTypedAddress } from './contact.ts';
import type { OrdersContext } from './context.ts';
import { readingFor } from './guest-share.ts';
import { orderRead, planFor, takenSlots, type KitchenRead } from './kitchen-read.ts';
import { orderError } from './order-errors.ts';
import { orderToWrite, type OrderDraft } from './order-draft.ts';
import { PricingError, priceOrder } from './pricing.ts';
import { renderOne } from './reads.ts';
import type { OrderRow } from './render.ts';
import {
  claimSlotAndRead,
  countInSlot,
  lockSlot,
  placeIfUnchanged,
  sameOrderingInputs,
  slotLockKey,
  takenWhileClaiming,
  writeOrder,
  type OrderingInputs,
} from './slot-claims.ts';
import type { PlaceOrderInput } from './types.ts';

/**
 * How many later slots an ASAP order tries, one after another, when the ones it saw free fill up while
 * it waits for them; then it answers slot_full and the checkout offers what is left.
 */
const MAX_SLOT_HOPS = 8;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

async function byIdempotencyKey(executor: Db, scope: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)));
  return row;
}

async function replay(ctx: OrdersContext, row: OrderRow, requestHash: string, language: Language) {
  if (row.requestHash !== requestHash) throw orderError('idempotency_key_reused');
  return { order: await renderOne(ctx, row, language, true), created: false };
}

/** Places an order: idempotent by its key, written in one transaction. `created` is false for a replay. */
export async function placeOrder(
  ctx: OrdersContext,
  input: PlaceOrderInput,
): Promise<{ order: Order; created: boolean }> {
  const { body, language } = input;
  const scope = input.customerId === null ? 'guest' : `user:${input.customerId}`;
  const key = input.idempotencyKey;
  const requestHash = sha256(JSON.stringify(body));
  const reading = readingFor(input.customerId, ctx.guestSharePercent);

  const requested = body.requested_time === 'asap' ? 'asap' : new Date(body.requested_time);
  // ASAP: the key is looked up, and the order's id taken, in the read the plan needs anyway.
  let read: Parameters<typeof planFor>[4];
  let settings: KitchenRead;
  if (requested === 'asap') {
    const readAt = ctx.now();
    settings = await orderRead(ctx, body.store_id, { scope, key }, readAt, input.attempt, reading);
    read = { now: readAt, settings };
  } else {
    settings = await orderRead(ctx, body.store_id, { scope, key }, null, input.attempt, reading);
  }
  if (settings.storedOrderId !== null) {
    const earlier = await byIdempotencyKey(ctx.db, scope, key);
    if (earlier) return replay(ctx, earlier, requestHash, language);
  }
  const orderId = settings.nextOrderId;
  if (orderId === null) throw new Error('no order id taken for an order');

  const paidOnline = body.payment_method === 'paypal';
  if (paidOnline && !ctx.payments()?.paypal) {
    throw orderError('payment_method_unavailable');
  }
  // Paid online: placed, but the kitchen sees it only once PayPal has the money.
  const initialStatus: OrderStatus = paidOnline ? 'pending_payment' : 'waiting';
  const note = body.note?.trim() || null;
  if (note && note.length > MAX_ORDER_NOTE_LENGTH) throw orderError('note_too_long');
  const catalogue = await ctx.catalogue.get(body.store_id);
  if (!catalogue) throw storeNotFound(body.store_id);
  const contact = await contactOf(ctx, input);
  let priced;
  try {
    priced = priceOrder(catalogue, {
      orderType: body.order_type,
      postcode: contact.postcode,
      items: body.items,
    });
  } catch (error) {
    if (error instanceof PricingError) throw orderError(error.code);
    throw error;
  }
  // A driver needs the town: the delivery area knows it when the form did not ask.
  if (priced.postcode && !contact.address.city.trim()) {
    contact.address = { ...contact.address, city: priced.postcode.city };
  }
  const storeId = body.store_id;
  const deliveryMinutes = priced.postcode?.deliveryTimeMinutes ?? 0;
  const leadMinutes = (preparationMinutes: number) =>
    preparationMinutes + (body.order_type === 'delivery' ? deliveryMinutes : 0);

  // Outside any lock: the slot to claim. A requested time is its own slot; ASAP is the first slot
  // free as the checkout sees it, or none when it sees no way (the transaction decides anyway).
  // The order is decided as of `now`, the moment it is planned. `seen` is what the plan was made
  // with: when the database still says the same, only the slot's count is left to check.
  let now: Date;
  let candidate: Date | null;
  let takenBefore: ReadonlyMap<number, number> = new Map();
  let seen: OrderingInputs | null = null;
  if (requested === 'asap') {
    const outside = await planFor(ctx, catalogue, body.order_type, deliveryMinutes, read);
    const asap = checkAsap(outside.slotInput);
    now = outside.now;
    candidate = asap.ok ? asap.slotStart : null;
    takenBefore = outside.taken;
    seen = outside.seen;
  } else {
    now = ctx.now();
    // No plan offers an instant off the quarter hour (or beyond the lock key's range).
    if (slotLockKey(requested) === null) throw orderError('invalid_time_slot');
    candidate = requested;
    // Checked as the transaction checks it, with the pause and closures from memory; a refusal
    // here is left to the transaction, which reads them from the database.
    const availability = await ctx.storeStatus.availability(storeId);
    const inputs = availability && {
      preparationMinutes: settings.preparationMinutes,
      pause: availability.pause,
      closures: availability.closures,
    };
    if (
      inputs &&
      checkRequestedSlot(
        {
          hours: catalogue.store.hours,
          timeZone: catalogue.store.timezone,
          closures: inputs.closures,
          pause: inputs.pause,
          now,
          leadMinutes: leadMinutes(inputs.preparationMinutes),
          capacity: settings.ordersPerSlot,
          preorderDays: catalogue.store.preorderDays,
          // The slot's count is checked under its lock.
          taken: new Map(),
        },
        requested,
      ).ok
    ) {
      seen = inputs;
    }
  }

  const draft: OrderDraft = {
    orderId,
    storeId,
    customerId: input.customerId,
    status: initialStatus,
    orderType: body.order_type,
    paymentMethod: body.payment_method,
    paidOnline,
    asap: requested === 'asap',
    contact,
    note,
    language,
    priced,
    scope,
    key,
    requestHash,
    now,
  };
  const orderFor = (slotStart: Date) => orderToWrite(ctx, draft, slotStart);

  /** The order written: in one round trip when nothing changed since it planned, else the long way. */
  const placeInTransaction = async () => {
    const planned = candidate && (await orderFor(candidate));
    if (candidate && planned && seen) {
      const placed = await placeIfUnchanged(
        ctx.database,
        {
          storeId,
          now,
          slotStart: candidate,
          seen,
          // A requested time's slot is not counted before: it takes the slot's lock exclusively.
          takenBefore: requested === 'asap' ? (takenBefore.get(candidate.getTime()) ?? 0) : null,
          capacity: settings.ordersPerSlot,
          guestSharePercent: input.customerId === null ? ctx.guestSharePercent : null,
        },
        planned.written,
      );
      if (placed)
        return {
          order: planned.order,
          mail: planned.mail,
          mailId: placed.mailId,
        };
    }
    return ctx.db.transaction(async (tx) => {
      // Orders for other slots go on meanwhile; those for this slot wait here, so its count is exact.
      let claimed = candidate;
      const state = await claimSlotAndRead(tx, {
        storeId,
        now,
        slotStart: claimed,
        reading,
      });
      if (!state) throw storeNotFound(storeId);

      let taken = state.taken ?? 0;
      let slotStart: Date | null = null;
      // The plan outside chose this slot from what the transaction has now read, and the slot still
      // has room: planning again would choose it again (the slots before it count as full either way).
      if (claimed && seen && taken < state.ordersPerSlot && sameOrderingInputs(seen, state)) slotStart = claimed;
      let recounted = false;
      for (let hop = 0; !slotStart; hop += 1) {
        const slotInput: TimeSlotInput = {
          hours: catalogue.store.hours,
          timeZone: catalogue.store.timezone,
          closures: state.closures,
          pause: state.pause,
          now,
          leadMinutes: leadMinutes(state.preparationMinutes),
          capacity: state.ordersPerSlot,
          preorderDays: catalogue.store.preorderDays,
          taken: takenWhileClaiming(takenBefore, claimed && { slotStart: claimed, taken }, state.ordersPerSlot, now),
        };
        // A requested time is decided by its one slot; ASAP by the day's plan.
        const slot = requested === 'asap' ? checkAsap(slotInput) : checkRequestedSlot(slotInput, requested);
        if (!slot.ok) throw orderError(slot.code);
        if (claimed && slot.slotStart.getTime() === claimed.getTime()) {
          slotStart = claimed;
          break;
        }
        // ASAP only (a requested time is claimed from the start): the claimed slot filled up while
        // this order waited for it, so the next free one is later. The counts read before are as old
        // as that wait: read them again once, then claim the slot they show free and count it exactly.
        if (claimed && !recounted) {
          takenBefore = await takenSlots(tx, {
            storeId,
            now,
            capacity: state.ordersPerSlot,
            reading,
          });
          recounted = true;
          continue;
        }
        if (hop >= MAX_SLOT_HOPS) throw orderError('slot_full');
        claimed = slot.slotStart;
        await lockSlot(tx, storeId, claimed);
        taken = await countInSlot(tx, {
          storeId,
          slotStart: claimed,
          capacity: state.ordersPerSlot,
          reading,
        });
      }

      const decided = planned && slotStart.getTime() === candidate?.getTime() ? planned : await orderFor(slotStart);
      const { mailId } = await writeOrder(tx, decided.written);
      return { order: decided.order, mail: decided.mail, mailId };
    });
  };

  let outcome: {
    order: Order;
    mail: MailMessage | null;
    mailId: number | null;
  };
  try {
    outcome = await placeInTransaction();
  } catch (error) {
    // Another request with this key won: it committed while this one waited for its slot. Or this
    // one was refused (full, closed) while the other placed the order in another slot; then that
    // order is this key's answer, as it would be a moment later.
    const conflict = isUniqueViolation(error, 'orders_idempotency_unique');
    if (!(error instanceof HttpError) && !conflict) throw error;
    const winner = await byIdempotencyKey(ctx.db, scope, key);
    if (!winner) {
      if (conflict)
        throw new Error('an idempotency conflict without the stored order', {
          cause: error,
        });
      throw error;
    }
    return replay(ctx, winner, requestHash, language);
  }

  const { order } = outcome;
  if (outcome.mail && outcome.mailId !== null) void ctx.mailer()?.deliverWritten(outcome.mailId, outcome.mail);
  if (input.customerId !== null && body.save_address && body.address && contact.postcode) {
    await saveTypedAddress(ctx, input.customerId, contact.address);
  }
  // An order waiting for its payment is nobody's business but the customer's until it is paid.
  if (order.status === 'waiting') announce(ctx, order, 'created');
  return { order, created: true };
}
