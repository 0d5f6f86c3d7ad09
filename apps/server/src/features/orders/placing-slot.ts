import { checkAsap, checkRequestedSlot, type OrderType, type TimeSlotInput } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { storeNotFound, type Catalogue } from '../catalogue/index.ts';
import type { OrdersContext } from './context.ts';
import type { SlotReading } from './guest-share.ts';
import { planFor, takenSlots, type KitchenRead } from './kitchen-read.ts';
import { orderError } from './order-errors.ts';
import type { Requested } from './placing-attempt.ts';
import {
  claimSlotAndRead,
  countInSlot,
  lockSlot,
  sameOrderingInputs,
  slotLockKey,
  takenWhileClaiming,
  type OrderingInputs,
} from './slot-claims.ts';

// The slot step of placing an order: the slot it plans to claim, chosen outside any lock, and the slot
// it claims in its transaction, where the counts are exact.

/**
 * How many later slots an ASAP order tries, one after another, when the ones it saw free fill up while
 * it waits for them; then it answers slot_full and the checkout offers what is left.
 */
export const MAX_SLOT_HOPS = 8;

/** What decides an order's slot besides the store's state: where, what kind, when, for whom. */
export interface SlotQuery {
  storeId: number;
  catalogue: Catalogue;
  orderType: OrderType;
  /** The drive to the delivery area, counted before a delivery's slot. */
  deliveryMinutes: number;
  requested: Requested;
  reading: SlotReading;
}

/**
 * The slot an order plans to claim, as of `now`, the moment the order is decided. `candidate` is a
 * requested time's own slot, or the first slot free for ASAP (null when the checkout sees no way: the
 * transaction decides anyway). `seen` is what the plan was made with: when the database still says the
 * same, only the slot's count is left to check; null when the plan must be made again in the transaction.
 */
export interface SlotPlan {
  now: Date;
  candidate: Date | null;
  /** How full each slot was for the order as read before its transaction (ASAP only). */
  takenBefore: ReadonlyMap<number, number>;
  seen: OrderingInputs | null;
}

function leadMinutes(query: SlotQuery, preparationMinutes: number): number {
  return preparationMinutes + (query.orderType === 'delivery' ? query.deliveryMinutes : 0);
}

/** The slot to claim, outside any lock; `readAt` is when `settings` was read for ASAP. */
export async function planSlot(
  ctx: OrdersContext,
  query: SlotQuery,
  first: { settings: KitchenRead; readAt: Date | null },
): Promise<SlotPlan> {
  const { requested, catalogue } = query;
  const { settings } = first;
  if (requested === 'asap') {
    const read = first.readAt ? { now: first.readAt, settings } : undefined;
    const outside = await planFor(ctx, catalogue, query.orderType, query.deliveryMinutes, read);
    const asap = checkAsap(outside.slotInput);
    return {
      now: outside.now,
      candidate: asap.ok ? asap.slotStart : null,
      takenBefore: outside.taken,
      seen: outside.seen,
    };
  }
  const now = ctx.now();
  // No plan offers an instant off the quarter hour (or beyond the lock key's range).
  if (slotLockKey(requested) === null) throw orderError('invalid_time_slot');
  // Checked as the transaction checks it, with the pause and closures from memory; a refusal here is
  // left to the transaction, which reads them from the database.
  const availability = await ctx.storeStatus.availability(query.storeId);
  const inputs = availability && {
    preparationMinutes: settings.preparationMinutes,
    pause: availability.pause,
    closures: availability.closures,
  };
  // The slot's count is checked under its lock.
  const fits =
    inputs &&
    checkRequestedSlot(
      slotInputOf(query, { ...inputs, ordersPerSlot: settings.ordersPerSlot }, now, {
        before: new Map(),
        claimed: null,
      }),
      requested,
    ).ok;
  return { now, candidate: requested, takenBefore: new Map(), seen: inputs && fits ? inputs : null };
}

/**
 * The day's plan as of `now` from the store's state: the slots before `claimed` full, `claimed` counted
 * exactly (in the transaction), the others as counted `before`.
 */
function slotInputOf(
  query: SlotQuery,
  state: OrderingInputs & { ordersPerSlot: number },
  now: Date,
  counts: { before: ReadonlyMap<number, number>; claimed: { slotStart: Date; taken: number } | null },
): TimeSlotInput {
  const { catalogue } = query;
  return {
    hours: catalogue.store.hours,
    timeZone: catalogue.store.timezone,
    closures: state.closures,
    pause: state.pause,
    now,
    leadMinutes: leadMinutes(query, state.preparationMinutes),
    capacity: state.ordersPerSlot,
    preorderDays: catalogue.store.preorderDays,
    taken: takenWhileClaiming(counts.before, counts.claimed, state.ordersPerSlot, now),
  };
}

/**
 * The slot the order takes, claimed in its transaction `tx`: the planned one when the store is as the
 * plan saw it and the slot still has room, else the slot a plan made from what the transaction reads
 * chooses. Orders for other slots go on meanwhile; those for this slot wait here, so its count is exact.
 * Throws the order's error when no slot is left.
 */
export async function claimSlot(tx: Db, query: SlotQuery, plan: SlotPlan): Promise<Date> {
  const { storeId, requested, reading } = query;
  const { now } = plan;
  const state = await claimSlotAndRead(tx, { storeId, now, slotStart: plan.candidate, reading });
  if (!state) throw storeNotFound(storeId);
  const capacity = state.ordersPerSlot;
  let claimed = plan.candidate;
  let taken = state.taken ?? 0;
  // The plan outside chose this slot from what the transaction has now read, and the slot still has
  // room: planning again would choose it again (the slots before it count as full either way).
  if (claimed && plan.seen && taken < capacity && sameOrderingInputs(plan.seen, state)) return claimed;
  let before = plan.takenBefore;
  let recounted = false;
  for (let hop = 0; ; hop += 1) {
    const slotInput = slotInputOf(query, state, now, { before, claimed: claimed && { slotStart: claimed, taken } });
    // A requested time is decided by its one slot; ASAP by the day's plan.
    const slot = requested === 'asap' ? checkAsap(slotInput) : checkRequestedSlot(slotInput, requested);
    if (!slot.ok) throw orderError(slot.code);
    if (claimed && slot.slotStart.getTime() === claimed.getTime()) return claimed;
    // ASAP only (a requested time is claimed from the start): the claimed slot filled up while this
    // order waited for it, so the next free one is later. The counts read before are as old as that
    // wait: read them again once, then claim the slot they show free and count it exactly.
    if (claimed && !recounted) {
      before = await takenSlots(tx, { storeId, now, capacity, reading });
      recounted = true;
      continue;
    }
    if (hop >= MAX_SLOT_HOPS) throw orderError('slot_full');
    claimed = slot.slotStart;
    await lockSlot(tx, storeId, claimed);
    taken = await countInSlot(tx, { storeId, slotStart: claimed, capacity, reading });
  }
}
