import type { StoreHour } from './api/catalogue.ts';
import { SLOT_MINUTES } from './api/orders.ts';
import type { OrderingPause, StoreClosure } from './api/realtime.ts';
import { slotsForDay, storeStatusAt, zonedTime } from './opening-hours.ts';
import { closureOn, effectiveHours, isOrderingPaused, NOT_PAUSED } from './store-availability.ts';

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
  /** Closure days: their slots are not offered. None when left out. */
  closures?: readonly StoreClosure[];
  /** A pause by staff: no ASAP, and the kitchen's lead time counts from the pause's end (none without one). */
  pause?: OrderingPause;
  /**
   * The store's local date to plan ('YYYY-MM-DD'); today when left out. A later day offers the slots of its
   * own hours (its late slot past midnight included), never ASAP.
   */
  date?: string;
  /** How many days after today an order may be for (pre-orders); 0 when left out. */
  preorderDays?: number;
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

/** The calendar date ('YYYY-MM-DD') some days after (or before) another. */
export function dateAfter(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days));
  return `${String(next.getUTCFullYear()).padStart(4, '0')}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** The first quarter hour of a local date: its midnight, or just after it where the clocks skip midnight. */
function startOfDate(date: string, timeZone: string): number {
  // No zone is more than 14 hours ahead of UTC, and slots start on the quarter hour everywhere.
  let at = Date.parse(`${date}T00:00:00Z`) - 14 * 60 * MINUTE_MS;
  while (zonedTime(new Date(at), timeZone).date < date) at += SLOT_MS;
  return at;
}

/** The start of the 15-minute slot an instant falls in (slots are aligned to the quarter hour). */
export function slotStartOf(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / SLOT_MS) * SLOT_MS);
}

/**
 * The times the checkout may offer now. Slots start on the quarter hour; a slot is offered when
 * it starts at or after now + lead time, lies inside the store hours and belongs to the day planned
 * (today unless `date` names a later one): its local date, or its late slot that runs past midnight until
 * it closes, and today also the rest of yesterday's late slot. Slot times
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
 * The plan, or with `only` the part of it that decides an order: for an instant, the candidates are
 * that slot alone when the plan would offer it (full or not), and ASAP is not worked out; for `asap`,
 * the candidates end with the first that has room, which decides ASAP (today) and whether the day has
 * room at all.
 */
function planSlots(input: TimeSlotInput, only: number | 'asap' | null): TimeSlotPlan {
  const { timeZone, now, capacity, taken } = input;
  const pause = input.pause ?? NOT_PAUSED;
  const closures = input.closures ?? [];
  const today = zonedTime(now, timeZone);
  const date = input.date ?? today.date;
  if (date < today.date) return { asapAvailable: false, asapReadyAt: null, candidates: [], free: [] };
  const laterDay = date > today.date;
  const dayStart = laterDay ? startOfDate(date, timeZone) : now.getTime();
  const day = laterDay ? zonedTime(new Date(dayStart), timeZone) : today;
  const tomorrow = dateAfter(date, 1);
  // Today: its hours without closure days, with yesterday's late slot carried over as 00:00–close. A
  // later day: its own hours only; the part of yesterday's late slot after midnight is yesterday's to offer.
  const hours = laterDay
    ? closureOn(closures, date)
      ? []
      : slotsForDay([...input.hours], day.dayOfWeek)
    : effectiveHours({ hours: input.hours, timeZone, closures, pause }, now);
  const intervals = intervalsOf(hours, day.dayOfWeek).filter((interval) => interval.end > day.minutes);
  const lastEnd = Math.max(0, ...intervals.map((interval) => interval.end));

  const pausedNow = isOrderingPaused(pause, now);
  // Paused until staff resume: nothing can be promised today, but a later day is not today's rush. Paused
  // until a time: the kitchen starts then.
  const timedPause = pausedNow && pause.until !== null;
  const kitchenStarts = timedPause ? Date.parse(pause.until ?? '') : pausedNow && !laterDay ? Infinity : now.getTime();
  const earliest = Math.max(dayStart, kitchenStarts + Math.max(0, input.leadMinutes) * MINUTE_MS);
  const candidates: SlotCandidate[] = [];
  // A day is at most 25 hours long, and the latest close is before 48:00 on this timeline.
  for (let at = Math.ceil(earliest / SLOT_MS) * SLOT_MS; at < dayStart + 50 * 60 * MINUTE_MS; at += SLOT_MS) {
    const local = zonedTime(new Date(at), timeZone);
    const minute =
      local.date === date ? local.minutes : local.date === tomorrow ? local.minutes + MINUTES_PER_DAY : Infinity;
    if (minute >= lastEnd) break;
    if (typeof only === 'number' && at !== only) continue;
    // Outside every slot's wall-clock times it is closed; inside, the status decides (the night clocks go back).
    if (!intervals.some((interval) => interval.start <= minute && minute < interval.end)) continue;
    if (!storeStatusAt(hours, new Date(at), timeZone).isOpen) continue;
    const full = (taken.get(at) ?? 0) >= capacity;
    candidates.push({
      start: new Date(at),
      label: `${pad(Math.floor(local.minutes / 60))}:${pad(local.minutes % 60)}`,
      full,
    });
    if (only === 'asap' && !full) break;
  }

  const free = candidates.filter((candidate) => !candidate.full);
  if (typeof only === 'number' || laterDay) return { asapAvailable: false, asapReadyAt: null, candidates, free };
  const first = free[0]?.start ?? null;
  // ASAP belongs to the opening the store is in now: not the evening's first slot while lunch ends.
  let asapReadyAt = first;
  for (let at = now.getTime(); first && at < first.getTime(); at += SLOT_MS) {
    if (!storeStatusAt(hours, new Date(at), timeZone).isOpen) asapReadyAt = null;
  }
  if (!first) asapReadyAt = asapAfterMidnight(input, hours, tomorrow, earliest);
  if (pausedNow || !storeStatusAt(hours, now, timeZone).isOpen) asapReadyAt = null;
  return { asapAvailable: asapReadyAt !== null, asapReadyAt, candidates, free };
}

/**
 * ASAP when today has no slot with room left but the store stays open past midnight into tomorrow's
 * hours (an evening entered as 18:00–24:00 with 00:00–02:00 the next day, or a store open around the
 * clock): the first slot with room after midnight, as long as the store stays open until then. Tomorrow's
 * slots themselves are tomorrow's to list.
 */
function asapAfterMidnight(input: TimeSlotInput, today: StoreHour[], tomorrow: string, earliest: number): Date | null {
  const { timeZone, now, capacity, taken } = input;
  const tomorrowWeekday = (zonedTime(now, timeZone).dayOfWeek + 1) % 7;
  const across = closureOn(input.closures ?? [], tomorrow)
    ? today
    : [...today, ...slotsForDay([...input.hours], tomorrowWeekday)];
  // A day is at most 25 hours long: the store closes before this, or is open around the clock.
  for (let at = Math.ceil(now.getTime() / SLOT_MS) * SLOT_MS; at < now.getTime() + 26 * 60 * MINUTE_MS; at += SLOT_MS) {
    if (!storeStatusAt(across, new Date(at), timeZone).isOpen) return null;
    const afterMidnight = zonedTime(new Date(at), timeZone).date === tomorrow;
    if (afterMidnight && at >= earliest && (taken.get(at) ?? 0) < capacity) return new Date(at);
  }
  return null;
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
 * `checkRequestedTime(planTimeSlots(input), 'asap')`, working out the slots only up to the first with
 * room: what an order for ASAP checks, once outside and again while it holds its slot's lock.
 */
export function checkAsap(input: TimeSlotInput): RequestedTimeCheck {
  return checkRequestedTime(planSlots(input, 'asap'), 'asap');
}

/**
 * Whether an order for the requested instant can be taken: what `checkRequestedTime` answers with the plan
 * of the day that offers it, today or a later day inside the pre-order window. Only that one slot is
 * worked out, not the days': this is what an order checks while it holds the slot's lock.
 */
export function checkRequestedSlot(input: TimeSlotInput, requested: Date): RequestedTimeCheck {
  const today = zonedTime(input.now, input.timeZone).date;
  const lastDay = dateAfter(today, Math.max(0, input.preorderDays ?? 0));
  // A slot belongs to its own date, or to the day before when that day's late slot runs past midnight.
  const own = zonedTime(requested, input.timeZone).date;
  const days = [dateAfter(own, -1), own].filter((date) => date >= today && date <= lastDay);
  let answer: RequestedTimeCheck = { ok: false, code: 'invalid_time_slot' };
  for (const date of days) {
    const check = checkRequestedTime(planSlots({ ...input, date }, requested.getTime()), requested);
    if (check.ok) return check;
    if (check.code === 'slot_full') answer = check;
  }
  return answer;
}

/**
 * Why a day offers no time: `closed` (a closure day, or a weekday without opening hours), `full` (every
 * slot the day has is taken), `past` (today: the last slot is sooner than the kitchen can make it),
 * `paused` (staff paused online orders, and the pause holds the day back).
 */
export type NoTimesReason = 'closed' | 'full' | 'past' | 'paused';

/** A day the checkout may offer: today, or a later one inside the pre-order window. */
export interface OrderingDay {
  /** 'YYYY-MM-DD' in the store's zone. */
  date: string;
  /** Whether a slot (or, today, ASAP) is free that day. */
  available: boolean;
  /** Why the day has no time free; only on a day that has none. */
  no_times?: NoTimesReason;
  /** On a closure day: what staff gave as its reason ('Betriebsferien'), null when they gave none. */
  closure_reason?: string | null;
}

/** Why a day without room has none, from its plan (every candidate, since none had room). */
function noTimesReason(input: Omit<TimeSlotInput, 'date'>, date: string, plan: TimeSlotPlan): OrderingDay {
  const closure = closureOn(input.closures ?? [], date);
  if (closure) return { date, available: false, no_times: 'closed', closure_reason: closure.reason };
  if (plan.candidates.length > 0) return { date, available: false, no_times: 'full' };
  const dayOfWeek = zonedTime(new Date(startOfDate(date, input.timeZone)), input.timeZone).dayOfWeek;
  if (slotsForDay([...input.hours], dayOfWeek).length === 0) return { date, available: false, no_times: 'closed' };
  // A pause holds back today until staff resume, and a later day only while it lasts into it.
  if (isOrderingPaused(input.pause ?? NOT_PAUSED, input.now)) return { date, available: false, no_times: 'paused' };
  const today = zonedTime(input.now, input.timeZone).date;
  return { date, available: false, no_times: date === today ? 'past' : 'full' };
}

/** Today and each day of the pre-order window after it, with whether it still has room, and why not. */
export function planOrderingDays(input: Omit<TimeSlotInput, 'date'>): OrderingDay[] {
  const today = zonedTime(input.now, input.timeZone).date;
  const days: OrderingDay[] = [];
  for (let ahead = 0; ahead <= Math.max(0, input.preorderDays ?? 0); ahead += 1) {
    const date = dateAfter(today, ahead);
    // A day's first free slot decides whether it has room (and today's ASAP, worked out from it).
    const plan = planSlots({ ...input, date }, 'asap');
    const available = plan.asapAvailable || plan.free.length > 0;
    days.push(available ? { date, available } : noTimesReason(input, date, plan));
  }
  return days;
}
