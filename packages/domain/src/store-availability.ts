import type { StoreHour } from './api/catalogue.ts';
import type { OrderingPause, StoreClosure, StoreStatusMessage } from './api/realtime.ts';
import { reopening, slotsForDay, storeStatusAt, wallClock, zonedTime, type Reopening } from './opening-hours.ts';

// Whether the restaurant takes orders: the weekly hours, minus closure days, minus a pause by staff
//. The server computes it for the status channel and the checkout; the browser recomputes it
// every few seconds from the last message and a clock synchronised to the server.

export interface StoreAvailability {
  hours: readonly StoreHour[];
  timeZone: string;
  /** Closure day ranges; past ones may be included, they simply never match. */
  closures: readonly StoreClosure[];
  pause: OrderingPause;
}

export const NOT_PAUSED: OrderingPause = { paused: false, until: null };

/** The closure that covers a local date ('YYYY-MM-DD'), if any. */
export function closureOn(closures: readonly StoreClosure[], date: string): StoreClosure | null {
  return closures.find((closure) => closure.starts_on <= date && date <= closure.ends_on) ?? null;
}

/** Staff have paused online orders at this instant (a pause with an end is over at that end). */
export function isOrderingPaused(pause: OrderingPause, instant: Date): boolean {
  if (!pause.paused) return false;
  return pause.until === null || instant.getTime() < Date.parse(pause.until);
}

function previousDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const previous = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) - 1));
  return previous.toISOString().slice(0, 10);
}

/**
 * The hours in effect on the store's local date at `instant`: today's slots unless today is a closure
 * day, and, unless yesterday was one, the part after midnight of yesterday's slots that run past it, as
 * `00:00–close`. Every entry carries today's weekday, so `storeStatusAt` can evaluate them alone.
 */
export function effectiveHours(availability: StoreAvailability, instant: Date): StoreHour[] {
  const today = zonedTime(instant, availability.timeZone);
  const yesterdayWeekday = (today.dayOfWeek + 6) % 7;
  const hours = [...availability.hours];
  const carried = closureOn(availability.closures, previousDate(today.date))
    ? []
    : slotsForDay(hours, yesterdayWeekday)
        .filter((slot) => slot.close_time <= slot.open_time && slot.close_time !== '00:00')
        .map((slot) => ({
          day_of_week: today.dayOfWeek,
          open_time: '00:00',
          close_time: slot.close_time,
          label: slot.label,
        }));
  const own = closureOn(availability.closures, today.date) ? [] : slotsForDay(hours, today.dayOfWeek);
  return [...carried, ...own];
}

/** An instant as the store's wall clock with its offset: '2026-03-29T03:00:00+02:00'. */
export function zonedIso(instant: Date, timeZone: string): string {
  const { year, month, day, hour, minute, second } = wallClock(instant, timeZone);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMinutes = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  const offset = `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
  return `${new Date(wall).toISOString().slice(0, 19)}${offset}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Inside the effective hours (the weekly hours minus closure days), whether or not orders are paused. */
export function isWithinHours(availability: StoreAvailability, instant: Date): boolean {
  return storeStatusAt(effectiveHours(availability, instant), instant, availability.timeZone).isOpen;
}

const QUARTER_MS = 15 * 60_000;

/**
 * When an order placed (or paid) at `instant` starts waiting for staff's answer: then, inside the store
 * hours; else when the store next opens, no later than the order's slot (a pre-order placed at
 * night is not rejected as unanswered before anyone is there to answer it). A pause does not delay it:
 * staff are there.
 */
export function waitingStartsAt(availability: StoreAvailability, instant: Date, slotStart: Date): Date {
  if (isWithinHours(availability, instant)) return instant;
  // Quarter hours up to the slot, which lies inside the hours; then back to the opening's minute.
  let at = Math.ceil(instant.getTime() / QUARTER_MS) * QUARTER_MS;
  while (at < slotStart.getTime() && !isWithinHours(availability, new Date(at))) at += QUARTER_MS;
  at = Math.min(at, slotStart.getTime());
  for (let step = 1; step < 15 && at - 60_000 > instant.getTime(); step += 1) {
    if (!isWithinHours(availability, new Date(at - 60_000))) break;
    at -= 60_000;
  }
  return new Date(at);
}

/** Open now: inside the effective hours and not paused. */
export function isStoreOpen(availability: StoreAvailability, instant: Date): boolean {
  return !isOrderingPaused(availability.pause, instant) && isWithinHours(availability, instant);
}

/** The message of the status channel for this instant. */
export function storeStatusMessage(availability: StoreAvailability, instant: Date): StoreStatusMessage {
  const today = zonedTime(instant, availability.timeZone);
  return {
    today_hours: effectiveHours(availability, instant),
    local_time: zonedIso(instant, availability.timeZone),
    timezone: availability.timeZone,
    is_open: isStoreOpen(availability, instant),
    pause: isOrderingPaused(availability.pause, instant) ? availability.pause : NOT_PAUSED,
    closure: closureOn(availability.closures, today.date),
    reopens: reopening([...availability.hours], instant, availability.timeZone, (date) =>
      Boolean(closureOn(availability.closures, date)),
    ),
  };
}

/** What the storefront says about the store right now (docs/product/times.md), recomputed from the last message. */
export type LiveStoreStatus =
  | { kind: 'open'; closesAt: string }
  /**
   * `until`: 'HH:mm' in the store's zone, or null while paused until staff resume; `auto` when the server
   * paused because no orders board was connected (the customer had better phone).
   */
  | { kind: 'paused'; until: string | null; auto?: true }
  | { kind: 'closure'; reason: string | null; reopens: Reopening | null }
  | { kind: 'opens_at'; time: string }
  /** `reopens`: when the store opens again on a later day, if the server said. */
  | { kind: 'closed_today'; reopens: Reopening | null };

/**
 * The status at `instant` (the server-synchronised now) from a status message. Between messages the hours
 * decide, so a slot opening or closing shows at once; a pause with an end lifts itself at that end.
 */
export function liveStoreStatus(message: StoreStatusMessage, instant: Date): LiveStoreStatus {
  try {
    const hours = storeStatusAt(message.today_hours, instant, message.timezone);
    if (isOrderingPaused(message.pause, instant) && (hours.isOpen || hours.opensAt)) {
      const until = message.pause.until ? new Date(message.pause.until) : null;
      // A pause that ends before the next opening today does not change when the store opens.
      if (!hours.isOpen && hours.opensAt && until && sameLocalDate(until, instant, message.timezone)) {
        const untilClock = clockOf(until, message.timezone);
        if (untilClock <= hours.opensAt) return { kind: 'opens_at', time: hours.opensAt };
      }
      const paused = { kind: 'paused', until: until ? clockOf(until, message.timezone) : null } as const;
      return message.pause.reason === 'auto' ? { ...paused, auto: true } : paused;
    }
    if (hours.isOpen) return { kind: 'open', closesAt: hours.closesAt };
    if (hours.opensAt) return { kind: 'opens_at', time: hours.opensAt };
  } catch {
    // An unknown zone or a broken time: say closed rather than guess.
  }
  return closedFor(message);
}

function sameLocalDate(a: Date, b: Date, timeZone: string): boolean {
  return zonedTime(a, timeZone).date === zonedTime(b, timeZone).date;
}

function clockOf(instant: Date, timeZone: string): string {
  const { minutes } = zonedTime(instant, timeZone);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function closedFor(message: StoreStatusMessage): LiveStoreStatus {
  const reopens = message.reopens ?? null;
  return message.closure
    ? { kind: 'closure', reason: message.closure.reason, reopens }
    : { kind: 'closed_today', reopens };
}
