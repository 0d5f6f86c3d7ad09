import type { StoreHour } from './api/catalogue.ts';
import { storeStatusAt, zonedTime } from './opening-hours.ts';

// "Sold out today" lasts until the kitchen's next business day starts: the dough ran out
// tonight, tomorrow's delivery brings more. Found by stepping along the clock rather than by date
// arithmetic, so daylight saving switches and slots past midnight need no special cases.

const MINUTE_MS = 60_000;
const STEP_MS = 5 * MINUTE_MS;
/** A store open once a week is still found, with a day to spare for a slot past midnight. */
const SEARCH_MS = 8 * 24 * 60 * MINUTE_MS;

function isOpen(hours: StoreHour[], time: number, timeZone: string): boolean {
  return storeStatusAt(hours, new Date(time), timeZone).isOpen;
}

function localDate(time: number, timeZone: string): string {
  return zonedTime(new Date(time), timeZone).date;
}

/** Walks back minute by minute from `time` while `holds` stays true: the first minute it held. */
function firstMinuteHolding(time: number, holds: (time: number) => boolean): number {
  let first = time;
  while (first - time < STEP_MS && holds(first - MINUTE_MS)) first -= MINUTE_MS;
  return first;
}

/**
 * The local date the instant's business belongs to: the date its current slot began on (Friday's
 * 17:00–01:00 slot at 00:30 on Saturday is still Friday), or today's date while the store is closed.
 */
function businessDay(hours: StoreHour[], instant: number, timeZone: string): string {
  const open = (time: number) => isOpen(hours, time, timeZone);
  if (!open(instant)) return localDate(instant, timeZone);
  let start = Math.floor(instant / MINUTE_MS) * MINUTE_MS;
  while (instant - start < SEARCH_MS && open(start - STEP_MS)) start -= STEP_MS;
  // Open around the clock: there is no slot start to go by.
  if (instant - start >= SEARCH_MS) return localDate(instant, timeZone);
  return localDate(firstMinuteHolding(start, open), timeZone);
}

/** The first local midnight after the instant. */
function nextMidnight(instant: number, timeZone: string): Date {
  const today = localDate(instant, timeZone);
  let time = Math.ceil(instant / STEP_MS) * STEP_MS;
  while (localDate(time, timeZone) === today) time += STEP_MS;
  return new Date(firstMinuteHolding(time, (earlier) => localDate(earlier, timeZone) !== today));
}

/**
 * Until when a product marked sold out at `instant` stays unavailable: the start of the first opening
 * slot that begins on a later local date than the current business day. A later slot of the same day
 * (lunch, then evening) does not end it. Without any opening slot (or open around the clock): the next
 * local midnight. Closures are not considered: the product is back whenever the store next opens.
 */
export function soldOutUntil(hours: StoreHour[], instant: Date, timeZone: string): Date {
  const now = instant.getTime();
  const open = (time: number) => isOpen(hours, time, timeZone);
  const day = businessDay(hours, now, timeZone);
  let wasOpen = open(now);
  for (let time = Math.floor(now / STEP_MS) * STEP_MS + STEP_MS; time - now <= SEARCH_MS; time += STEP_MS) {
    const openNow = open(time);
    if (openNow && !wasOpen) {
      const start = firstMinuteHolding(time, open);
      if (localDate(start, timeZone) > day) return new Date(start);
    }
    wasOpen = openNow;
  }
  return nextMidnight(now, timeZone);
}
