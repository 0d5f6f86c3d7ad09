import type { Order } from '@pizzeria/domain';
import type { MailMessage } from '../mail/index.ts';
import { announce, journal } from './announce.ts';
import { saveTypedAddress, type OrderContact } from './contact.ts';
import type { OrdersContext } from './context.ts';
import { orderToWrite, type OrderDraft } from './order-draft.ts';
import { claimSlot, type SlotPlan, type SlotQuery } from './placing-slot.ts';
import { redeem, takeUse } from './placing-voucher.ts';
import { placeIfUnchanged, writeOrder } from './slot-claims.ts';
import type { PlaceOrderInput } from './types.ts';

// The last steps of placing an order: the transaction that claims its slot and writes it, and what
// follows once it is committed.

/** An order written: the answer, and its confirmation mail with the mail's outbox id (null without one). */
export interface CommittedOrder {
  order: Order;
  mail: MailMessage | null;
  mailId: number | null;
}

/**
 * The order written in its slot: in one round trip when nothing changed since it planned
 * (`placeIfUnchanged`), else the long way, in a transaction that claims a slot (`claimSlot`) and then
 * writes it. `capacity` is the slot's as the first read saw it. An order with a voucher always takes the
 * long way: its use is taken and its redemption written in the same transaction (`placing-voucher.ts`).
 */
export async function commitOrder(
  ctx: OrdersContext,
  draft: OrderDraft,
  slot: { query: SlotQuery; plan: SlotPlan; capacity: number },
): Promise<CommittedOrder> {
  const { query, plan } = slot;
  const { candidate, seen } = plan;
  const planned = candidate && (await orderToWrite(ctx, draft, candidate));
  if (candidate && planned && seen && !draft.priced.voucher) {
    const placed = await placeIfUnchanged(
      ctx.database,
      {
        storeId: query.storeId,
        now: plan.now,
        slotStart: candidate,
        seen,
        // A requested time's slot is not counted before: it takes the slot's lock exclusively.
        takenBefore: query.requested === 'asap' ? (plan.takenBefore.get(candidate.getTime()) ?? 0) : null,
        capacity: slot.capacity,
        guestSharePercent: draft.customerId === null ? ctx.guestSharePercent : null,
      },
      planned.written,
    );
    if (placed) return { order: planned.order, mail: planned.mail, mailId: placed.mailId };
  }
  return ctx.db.transaction(async (tx) => {
    const slotStart = await claimSlot(tx, query, plan);
    await takeUse(tx, draft);
    const decided =
      planned && slotStart.getTime() === candidate?.getTime() ? planned : await orderToWrite(ctx, draft, slotStart);
    const { mailId } = await writeOrder(tx, decided.written);
    await redeem(tx, draft);
    return { order: decided.order, mail: decided.mail, mailId };
  });
}

/**
 * What follows a committed order: it is journaled (before its 201), its confirmation mail sent (it is in the outbox already), the address
 * typed at checkout saved to the account when the customer asked, and the kitchen told.
 */
export async function afterCommit(
  ctx: OrdersContext,
  input: PlaceOrderInput,
  contact: OrderContact,
  committed: CommittedOrder,
): Promise<void> {
  const { order, mail, mailId } = committed;
  const { body, customerId } = input;
  await journal(ctx, order.id, 'placed');
  if (mail && mailId !== null) void ctx.mailer()?.deliverWritten(mailId, mail);
  if (customerId !== null && body.save_address && body.address && contact.postcode) {
    await saveTypedAddress(ctx, customerId, contact.address);
  }
  // An order waiting for its payment is nobody's business but the customer's until it is paid.
  if (order.status === 'waiting') announce(ctx, order, 'created');
}
