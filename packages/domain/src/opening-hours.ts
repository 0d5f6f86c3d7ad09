import type { StoreHour } from './api/catalogue.ts';

/** Wall-clock time in the store's zone. */
export interface ZonedTime {
  dayOfWeek: number; // 0 = Sunday
  minutes: number; // since local midnight
  date: string; // YYYY-MM-DD
}

/** docs/product/times.md: store hours with this label are hidden, from the listing and from the open/closed status alike. */
export const HIDDEN_SLOT_LABEL = 'morning time';

const MINUTES_PER_DAY = 24 * 60;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-US with latin digits is only a parsing vehicle; h23 because some engines print midnight as 24.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date and clock of an instant in an IANA zone, as numbers (month 1–12, hour 0–23). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock as the platform's time-zone database gives it: exact for any instant, but slow. */
function formattedWallClock(instant: Date, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const HOUR_MS = 60 * 60_000;
/** Instants the cached offsets are used for: Gregorian four-digit years, where `Date.UTC` means what it says. */
const CACHED_FROM = Date.UTC(1900, 0, 2);
const CACHED_UNTIL = Date.UTC(9999, 0, 1);
/** Enough hours for weeks of slots in a few zones; a full cache of a zone starts over. */
const MAX_CACHED_HOURS = 4096;

/** Per zone: UTC hour (epoch ms / HOUR_MS) → the zone's offset from UTC in ms all through it, or null. */
const hourOffsets = new Map<string, Map<number, number | null>>();

/** How far the zone's wall clock is ahead of UTC at an instant on a whole second. */
function offsetAt(time: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = formattedWallClock(new Date(time), timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second) - time;
}

/**
 * The zone's offset all through one UTC hour, or null when it changes inside it (the hour before a DST
 * switch in Berlin, which happens on the hour, or the hour with a switch at a half hour elsewhere). The
 * offset is read at both ends: a zone whose offset changed and changed back within one hour would fool
 * that, and no zone in the time-zone database does.
 */
function offsetOfHour(hour: number, timeZone: string): number | null {
  let offsets = hourOffsets.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    hourOffsets.set(timeZone, offsets);
  }
  const known = offsets.get(hour);
  if (known !== undefined) return known;
  const start = offsetAt(hour * HOUR_MS, timeZone);
  const offset = start === offsetAt((hour + 1) * HOUR_MS, timeZone) ? start : null;
  if (offsets.size >= MAX_CACHED_HOURS) offsets.clear();
  offsets.set(hour, offset);
  return offset;
}

/**
 * The wall clock of an instant in an IANA zone, from the platform's time-zone database, so daylight
 * saving switches are right without a library. Throws a RangeError for an unknown zone or invalid date.
 *
 * Planning a day's slots asks for hundreds of instants, and formatting each through `Intl` was most of
 * an order's CPU time: the zone's offset is read through `Intl` once per UTC hour and kept, and the wall
 * clock is then arithmetic. An hour in which the offset changes is formatted instant by instant.
 */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const time = instant.getTime();
  // NaN fails both comparisons: formatting it throws the RangeError.
  if (!(time >= CACHED_FROM && time < CACHED_UNTIL)) return formattedWallClock(instant, timeZone);
  const offset = offsetOfHour(Math.floor(time / HOUR_MS), timeZone);
  if (offset === null) return formattedWallClock(instant, timeZone);
  const local = new Date(time + offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The weekday, minute of the day and date of an instant in an IANA zone (see `wallClock`). */
export function zonedTime(instant: Date, timeZone: string): ZonedTime {
  const { year, month, day, hour, minute } = wallClock(instant, timeZone);
  // The weekday of the local calendar date, computed rather than parsed from a localised name.
  const dayOfWeek = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return {
    dayOfWeek,
    minutes: hour * 60 + minute,
    date: `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`,
  };
}

export type StoreStatus = { isOpen: true; closesAt: string } | { isOpen: false; opensAt: string | null }; // opensAt: a later slot today ('HH:mm'), else null = closed for today

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'HH:mm' → minutes since midnight; '24:00' is accepted as the end of the day. Null when not a time. */
function parseClock(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

function formatClock(minutes: number): string {
  const ofDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${pad(Math.floor(ofDay / 60))}:${pad(ofDay % 60)}`;
}

function isHidden(slot: StoreHour): boolean {
  return slot.label?.trim().toLowerCase() === HIDDEN_SLOT_LABEL;
}

/** Today's slots, ordered by opening time, without the hidden 'morning time' label. */
export function slotsForDay(hours: StoreHour[], dayOfWeek: number): StoreHour[] {
  return hours
    .filter((slot) => slot.day_of_week === dayOfWeek && !isHidden(slot))
    .sort((a, b) => (a.open_time < b.open_time ? -1 : a.open_time > b.open_time ? 1 : 0));
}

/** A slot as minutes on a timeline whose 0 is the local midnight that starts "today". */
interface Interval {
  start: number;
  end: number;
}

/**
 * A close time at or before the open time ends the slot the next day (docs/product/times.md): 17:00–01:00 runs past
 * midnight, 17:00–00:00 ends at midnight, and 00:00–00:00 (equal times) is open around the clock.
 * Times are wall-clock: on the night clocks go forward a slot ending at 02:30 ends at 03:00, and on the
 * night they go back a slot ending at 03:00 or later lasts an hour longer, which is what the restaurant's
 * staff experience; one ending inside the repeated hour closes the first time its close time comes.
 */
function intervalsOfDay(hours: StoreHour[], dayOfWeek: number, dayOffset: number): Interval[] {
  const intervals: Interval[] = [];
  for (const slot of slotsForDay(hours, dayOfWeek)) {
    const open = parseClock(slot.open_time);
    const close = parseClock(slot.close_time);
    if (open === null || close === null || open >= MINUTES_PER_DAY) continue;
    const end = close <= open ? close + MINUTES_PER_DAY : close;
    const offset = dayOffset * MINUTES_PER_DAY;
    intervals.push({ start: open + offset, end: end + offset });
  }
  return intervals;
}

function weekday(dayOfWeek: number, offset: number): number {
  return (((dayOfWeek + offset) % 7) + 7) % 7;
}

const MINUTE_MS = 60_000;

/** The wall clock shows the same minute as one hour earlier: the clocks went back in between. */
function isSecondPass(time: number, timeZone: string): boolean {
  const now = zonedTime(new Date(time), timeZone);
  const hourAgo = zonedTime(new Date(time - HOUR_MS), timeZone);
  return now.date === hourAgo.date && now.minutes === hourAgo.minutes;
}

/**
 * When the clocks go back, an hour of wall time happens twice (in Berlin 02:00–03:00 on the last Sunday
 * of October). During its second pass: the wall minute at which the repetition ends; every wall time
 * before it has already happened once tonight. Null at any other instant.
 */
function repeatedHourEnd(instant: Date, timeZone: string): number | null {
  if (!isSecondPass(instant.getTime(), timeZone)) return null;
  let start = instant.getTime();
  // Back to the minute the clocks went back: at most an hour of steps, once a year.
  while (isSecondPass(start - MINUTE_MS, timeZone)) start -= MINUTE_MS;
  return zonedTime(new Date(start), timeZone).minutes + 60;
}

/**
 * Open when at/after open_time and before close_time; close < open means the slot ends the next day, so
 * just after midnight yesterday's late slot may still be running (docs/product/times.md).
 * closesAt is when the store really closes: back-to-back slots (11:00–15:00, 15:00–22:00) count as one.
 * When closed, opensAt is the next start later today, else null ('Closed for today'); `nextOpening`
 * looks further ahead.
 */
export function storeStatusAt(hours: StoreHour[], instant: Date, timeZone: string): StoreStatus {
  const now = zonedTime(instant, timeZone);
  const today = intervalsOfDay(hours, now.dayOfWeek, 0);
  const around = [
    ...intervalsOfDay(hours, weekday(now.dayOfWeek, -1), -1),
    ...today,
    ...intervalsOfDay(hours, weekday(now.dayOfWeek, 1), 1),
  ];

  const repeatEnds = repeatedHourEnd(instant, timeZone);
  // In the second pass of a repeated hour, a slot whose close time lies in it closed the first time round.
  const closedAlready = (interval: Interval) =>
    repeatEnds !== null && now.minutes < interval.end && interval.end < repeatEnds;
  const current = around.find(
    (interval) => interval.start <= now.minutes && now.minutes < interval.end && !closedAlready(interval),
  );
  if (current) {
    let end = current.end;
    for (let extended = true; extended;) {
      extended = false;
      for (const interval of around) {
        if (interval.start <= end && interval.end > end) {
          end = interval.end;
          extended = true;
        }
      }
    }
    return { isOpen: true, closesAt: formatClock(end) };
  }

  const laterToday = today.filter((interval) => interval.start > now.minutes).map((interval) => interval.start);
  return { isOpen: false, opensAt: laterToday.length > 0 ? formatClock(Math.min(...laterToday)) : null };
}

export interface NextOpening {
  dayOfWeek: number; // 0 = Sunday
  time: string; // 'HH:mm'
  daysAhead: number; // 0 = later today, 1 = tomorrow, … 7 = this weekday next week
}

/**
 * The next slot start after the instant, looking up to 7 days ahead (so a store open once a week is still
 * found), or null when no visible slot exists at all. It does not care whether the store is open now:
 * while open, it is the next start after the current one.
 */
export function nextOpening(hours: StoreHour[], instant: Date, timeZone: string): NextOpening | null {
  const now = zonedTime(instant, timeZone);
  for (let daysAhead = 0; daysAhead <= 7; daysAhead += 1) {
    const dayOfWeek = weekday(now.dayOfWeek, daysAhead);
    const starts = intervalsOfDay(hours, dayOfWeek, 0)
      .map((interval) => interval.start)
      .filter((start) => (daysAhead === 0 ? start > now.minutes : daysAhead < 7 || start <= now.minutes));
    if (starts.length > 0) return { dayOfWeek, time: formatClock(Math.min(...starts)), daysAhead };
  }
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date ('YYYY-MM-DD') some days after another. */
function dateAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** When a store opens again: the local date and the opening time. */
export interface Reopening {
  /** 'YYYY-MM-DD' in the store's zone. */
  date: string;
  /** 'HH:mm'. */
  time: string;
}

/**
 * When a store that takes no more orders today opens again (the customer learned it only at
 * checkout): the first opening on a later day that `isClosed` (closure days) leaves open, looking two
 * weeks ahead. Null for a store with no hours, or closed for all of them.
 */
export function reopening(
  hours: StoreHour[],
  instant: Date,
  timeZone: string,
  isClosed: (date: string) => boolean = () => false,
): Reopening | null {
  const today = zonedTime(instant, timeZone);
  for (let daysAhead = 1; daysAhead <= 14; daysAhead += 1) {
    const date = dateAfter(today.date, daysAhead);
    if (isClosed(date)) continue;
    const starts = intervalsOfDay(hours, weekday(today.dayOfWeek, daysAhead), 0).map((interval) => interval.start);
    if (starts.length > 0) return { date, time: formatClock(Math.min(...starts)) };
  }
  return null;
}
