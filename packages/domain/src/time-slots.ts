import type { StoreHour } from './api/catalogue.ts';
import { SLOT_MINUTES } from './api/orders.ts';
import type { OrderingPause, StoreClosure } from './api/realtime.ts';
import { slotsForDay, storeStatusAt, zonedTime } from './opening-hours.ts';
import { effectiveHours, isOrderingPaused, NOT_PAUSED } from './store-availability.ts';

const MINUTE_MS = 60_000;
const SLOT_MS = SLOT_MINUTES * MINUTE_MS;
const MINUTES_PER_DAY = 24 * 60;

export interface TimeSlotInput {
  hours: readonly StoreHour[];
  timeZone: string;
  now: Date;
  /** The kitchen's preparation time, plus the postcode's delivery time for a delivery. */
  leadMinutes: number;
  /** Orders the kitchen takes per 15-minute slot. */
  capacity: number;
  /** Active orders (pending_payment, waiting, accepted) per slot start, keyed by epoch milliseconds. */
  taken: ReadonlyMap<number, number>;
  /** Closure days (issue 4): their slots are not offered. None when left out. */
  closures?: readonly StoreClosure[];
  /** A pause by staff: no ASAP, and the kitchen's lead time counts from the pause's end (none without one). */
  pause?: OrderingPause;
}

export interface SlotCandidate {
  start: Date;
  /** 'HH:mm' in the store's zone. */
  label: string;
  full: boolean;
}

export interface TimeSlotPlan {
  /** The store is open now and a slot with room exists after the lead time. */
  asapAvailable: boolean;
  /** The first slot with room at or after now + lead time, while the store is open now. */
  asapReadyAt: Date | null;
  /** Every slot later today inside the store hours after the lead time, full or not, ascending. */
  candidates: SlotCandidate[];
  /** The candidates with room: what the checkout offers. */
  free: SlotCandidate[];
}

function parseClock(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) > 59 || minutes > MINUTES_PER_DAY ? null : minutes;
}

/** A store-hours slot on a timeline whose 0 is the local midnight that starts "today". */
interface Interval {
  start: number;
  end: number;
}

function intervalsOf(hours: readonly StoreHour[], dayOfWeek: number): Interval[] {
  return slotsForDay([...hours], dayOfWeek).flatMap((slot) => {
    const open = parseClock(slot.open_time);
    const close = parseClock(slot.close_time);
    if (open === null || close === null || open >= MINUTES_PER_DAY) return [];
    const end = close <= open ? close + MINUTES_PER_DAY : close;
    return [{ start: open, end }];
  });
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + 1));
  return `${String(next.getUTCFullYear()).padStart(4, '0')}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** The start of the 15-minute slot an instant falls in (slots are aligned to the quarter hour). */
export function slotStartOf(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / SLOT_MS) * SLOT_MS);
}

/**
 * The times the checkout may offer now (issue 3). Slots start on the quarter hour; a slot is offered when
 * it starts at or after now + lead time, lies inside the store hours and belongs to today: today's local
 * date, or a slot of today (or yesterday's late slot) that runs past midnight, until it closes. Slot times
 * are when the order is promised: ready for pickup, at the door for a delivery. The kitchen's capacity is
 * counted per slot, so a full slot is listed among the candidates but not offered. ASAP is the first slot
 * with room while the store stays open from now until then.
 *
 * Instants are stepped in real time, so on the nights the clocks change no slot is skipped or invented.
 */
export function planTimeSlots(input: TimeSlotInput): TimeSlotPlan {
  return planSlots(input, null);
}

/**
 * The plan, or with `only` the part of it that decides an order for that instant: the candidates are
 * that slot alone when the plan would offer it (full or not), and ASAP is not worked out.
 */
function planSlots(input: TimeSlotInput, only: number | null): TimeSlotPlan {
  const { timeZone, now, capacity, taken } = input;
  const pause = input.pause ?? NOT_PAUSED;
  // Today's hours without closure days, with yesterday's late slot carried over as today's 00:00–close.
  const hours = effectiveHours({ hours: input.hours, timeZone, closures: input.closures ?? [], pause }, now);
  const today = zonedTime(now, timeZone);
  const tomorrow = nextDate(today.date);
  const intervals = intervalsOf(hours, today.dayOfWeek).filter((interval) => interval.end > today.minutes);
  const lastEnd = Math.max(0, ...intervals.map((interval) => interval.end));

  const pausedNow = isOrderingPaused(pause, now);
  // Paused until staff resume: nothing can be promised. Paused until a time: the kitchen starts then.
  const kitchenStarts = pausedNow ? (pause.until ? Date.parse(pause.until) : Infinity) : now.getTime();
  const earliest = kitchenStarts + Math.max(0, input.leadMinutes) * MINUTE_MS;
  const candidates: SlotCandidate[] = [];
  // A day is at most 25 hours long, and the latest close is before 48:00 on this timeline.
  for (let at = Math.ceil(earliest / SLOT_MS) * SLOT_MS; at < now.getTime() + 50 * 60 * MINUTE_MS; at += SLOT_MS) {
    const local = zonedTime(new Date(at), timeZone);
    const minute =
      local.date === today.date ? local.minutes : local.date === tomorrow ? local.minutes + MINUTES_PER_DAY : Infinity;
    if (minute >= lastEnd) break;
    if (only !== null && at !== only) continue;
    if (!storeStatusAt(hours, new Date(at), timeZone).isOpen) continue;
    candidates.push({
      start: new Date(at),
      label: `${pad(Math.floor(local.minutes / 60))}:${pad(local.minutes % 60)}`,
      full: (taken.get(at) ?? 0) >= capacity,
    });
  }

  const free = candidates.filter((candidate) => !candidate.full);
  if (only !== null) return { asapAvailable: false, asapReadyAt: null, candidates, free };
  const first = free[0]?.start ?? null;
  // ASAP belongs to the opening the store is in now: not the evening's first slot while lunch ends.
  let asapReadyAt = first;
  for (let at = now.getTime(); first && at < first.getTime(); at += SLOT_MS) {
    if (!storeStatusAt(hours, new Date(at), timeZone).isOpen) asapReadyAt = null;
  }
  if (pausedNow || !storeStatusAt(hours, now, timeZone).isOpen) asapReadyAt = null;
  return { asapAvailable: asapReadyAt !== null, asapReadyAt, candidates, free };
}

export type RequestedTimeCheck =
  { ok: true; slotStart: Date } | { ok: false; code: 'store_closed' | 'invalid_time_slot' | 'slot_full' };

/** Whether an order for `requested` ('asap' or an instant) can be taken under this plan, and its slot. */
export function checkRequestedTime(plan: TimeSlotPlan, requested: 'asap' | Date): RequestedTimeCheck {
  if (requested === 'asap') {
    if (plan.asapReadyAt) return { ok: true, slotStart: plan.asapReadyAt };
    return { ok: false, code: plan.candidates.length > 0 && plan.free.length === 0 ? 'slot_full' : 'store_closed' };
  }
  const candidate = plan.candidates.find((slot) => slot.start.getTime() === requested.getTime());
  if (!candidate) return { ok: false, code: 'invalid_time_slot' };
  if (candidate.full) return { ok: false, code: 'slot_full' };
  return { ok: true, slotStart: candidate.start };
}

/**
 * `checkRequestedTime(planTimeSlots(input), requested)` for a requested instant, working out that one
 * slot instead of the day's: what an order checks while it holds the slot's lock.
 */
export function checkRequestedSlot(input: TimeSlotInput, requested: Date): RequestedTimeCheck {
  return checkRequestedTime(planSlots(input, requested.getTime()), requested);
}
