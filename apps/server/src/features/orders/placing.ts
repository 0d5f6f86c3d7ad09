import { storeNotFound } from '../catalogue/index.ts';
import { contactOf } from './contact.ts';
import type { OrdersContext } from './context.ts';
import type { OrderDraft } from './order-draft.ts';
import { answerAfterFailure, attemptOf, requestedOf, startAttempt, type PlaceResult } from './placing-attempt.ts';
import { afterCommit, commitOrder, type CommittedOrder } from './placing-commit.ts';
import { priceStep, termsOf } from './placing-price.ts';
import { planSlot, type SlotQuery } from './placing-slot.ts';
import { voucherOf } from './placing-voucher.ts';
import type { PlaceOrderInput } from './types.ts';

// Placing an order, step by step; each step is a function of its own module, with what it needs as its
// input and what it decided as its output:
// 1. the attempt (`placing-attempt.ts`): the order stored under the Idempotency-Key answered again, or
//    the new order's id and the store's kitchen settings;
// 2. its terms and contact (`placing-price.ts`, `contact.ts`): how it is paid, its note, who receives it
//    and where;
// 3. its price from the catalogue (`placing-price.ts`);
// 4. its slot, planned outside any lock (`placing-slot.ts`);
// 5. the commit (`placing-commit.ts`): the slot claimed and the order written in one transaction; a
//    failure there may still have this key's order as its answer (`answerAfterFailure`);
// 6. after the commit (`placing-commit.ts`): the mail sent, the address saved, the kitchen told.

/** Places an order: idempotent by its key, written in one transaction. `created` is false for a replay. */
export async function placeOrder(ctx: OrdersContext, input: PlaceOrderInput): Promise<PlaceResult> {
  const { body } = input;
  const attempt = attemptOf(input, ctx.guestSharePercent);
  const requested = requestedOf(input);
  const started = await startAttempt(ctx, input, attempt, requested);
  if ('replayed' in started) return started.replayed;
  const { orderId, settings, readAt } = started.fresh;

  const terms = termsOf(body, Boolean(ctx.payments()?.paypal));
  const catalogue = await ctx.catalogue.get(body.store_id);
  if (!catalogue) throw storeNotFound(body.store_id);
  const voucher = await voucherOf(ctx, body);
  const { priced, contact } = priceStep(catalogue, body, await contactOf(ctx, input), {
    apply: voucher,
    now: ctx.now(),
  });

  const query: SlotQuery = {
    storeId: body.store_id,
    catalogue,
    orderType: body.order_type,
    deliveryMinutes: priced.postcode?.deliveryTimeMinutes ?? 0,
    requested,
    reading: attempt.reading,
  };
  const plan = await planSlot(ctx, query, { settings, readAt });

  const draft: OrderDraft = {
    orderId,
    storeId: body.store_id,
    customerId: input.customerId,
    status: terms.status,
    orderType: body.order_type,
    paymentMethod: body.payment_method,
    paidOnline: terms.paidOnline,
    asap: requested === 'asap',
    contact,
    note: terms.note,
    language: input.language,
    priced,
    scope: attempt.scope,
    key: attempt.key,
    requestHash: attempt.requestHash,
    now: plan.now,
  };
  let committed: CommittedOrder;
  try {
    committed = await commitOrder(ctx, draft, { query, plan, capacity: settings.ordersPerSlot });
  } catch (error) {
    return answerAfterFailure(ctx, input, attempt, error);
  }
  await afterCommit(ctx, input, contact, committed);
  return { order: committed.order, created: true };
}
