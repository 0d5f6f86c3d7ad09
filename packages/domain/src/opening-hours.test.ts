import { describe, expect, it } from 'vitest';
import type { StoreHour } from './api/catalogue.ts';
import {
  nextOpening,
  reopening,
  slotsForDay,
  storeStatusAt,
  wallClock,
  zonedTime,
  type WallClock,
} from './opening-hours.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

function slot(day_of_week: number, open_time: string, close_time: string, label: string | null = null): StoreHour {
  return { day_of_week, open_time, close_time, label };
}

/**
 * A week of the demo restaurant. In June 2026 (Berlin summer time, UTC+2) Friday is the 5th,
 * Saturday the 6th, Sunday the 7th, Monday the 8th, Tuesday the 9th, Wednesday the 10th.
 */
const week: StoreHour[] = [
  slot(0, '12:00', '22:00'),
  slot(0, '08:00', '10:00', 'morning time'),
  // Monday: closed
  slot(2, '17:00', '22:00', 'evening'), // listed out of order on purpose
  slot(2, '11:30', '14:30', 'lunch'),
  slot(3, '11:30', '14:30'),
  slot(3, '17:00', '22:00'),
  slot(4, '11:30', '22:00'),
  slot(5, '17:00', '01:00'),
  slot(6, '11:00', '14:00'),
  slot(6, '17:00', '23:00'),
];

/** An instant given as Berlin wall-clock time in June 2026 (summer time). */
const berlinJune = (dayOfMonth: number, time: string) =>
  new Date(`2026-06-${String(dayOfMonth).padStart(2, '0')}T${time}:00+02:00`);

const statusAt = (instant: Date, hours = week, zone = BERLIN) => storeStatusAt(hours, instant, zone);

describe('zonedTime', () => {
  it('gives the weekday, minutes since midnight and date in the zone', () => {
    expect(zonedTime(new Date('2026-06-05T15:30:00Z'), BERLIN)).toEqual({
      dayOfWeek: 5,
      minutes: 17 * 60 + 30,
      date: '2026-06-05',
    });
  });

  it('reports local midnight as 0 minutes of the new day, never 24:00', () => {
    expect(zonedTime(new Date('2026-06-05T22:00:00Z'), BERLIN)).toEqual({
      dayOfWeek: 6,
      minutes: 0,
      date: '2026-06-06',
    });
  });

  it('jumps from 01:59 to 03:00 when summer time starts (29 March 2026)', () => {
    expect(zonedTime(new Date('2026-03-29T00:59:00Z'), BERLIN)).toMatchObject({ dayOfWeek: 0, minutes: 119 });
    expect(zonedTime(new Date('2026-03-29T01:00:00Z'), BERLIN)).toMatchObject({ dayOfWeek: 0, minutes: 180 });
  });

  it('goes through 02:00–03:00 twice when summer time ends (25 October 2026)', () => {
    expect(zonedTime(new Date('2026-10-25T00:30:00Z'), BERLIN).minutes).toBe(150); // 02:30 summer time
    expect(zonedTime(new Date('2026-10-25T00:59:00Z'), BERLIN).minutes).toBe(179); // 02:59 summer time
    expect(zonedTime(new Date('2026-10-25T01:00:00Z'), BERLIN).minutes).toBe(120); // 02:00 winter time
    expect(zonedTime(new Date('2026-10-25T01:30:00Z'), BERLIN).minutes).toBe(150); // 02:30 winter time
    expect(zonedTime(new Date('2026-10-25T01:30:00Z'), BERLIN).date).toBe('2026-10-25');
  });

  it('honours the zone it is given', () => {
    expect(zonedTime(new Date('2026-06-06T02:00:00Z'), NEW_YORK)).toEqual({
      dayOfWeek: 5,
      minutes: 22 * 60,
      date: '2026-06-05',
    });
  });

  it('throws for an unknown zone', () => {
    expect(() => zonedTime(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

/** The wall clock straight from `Intl`, instant by instant: what `wallClock`'s cached offsets must agree with. */
const referenceFormatters = new Map<string, Intl.DateTimeFormat>();
function formatted(instant: Date, timeZone: string): WallClock {
  const formatter =
    referenceFormatters.get(timeZone) ??
    new Intl.DateTimeFormat('en-US', {
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
  referenceFormatters.set(timeZone, formatter);
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
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

/** Every minute (at an odd second and millisecond) of the 36 hours around `around`, later ones first. */
function minutesAround(around: string): Date[] {
  const middle = Date.parse(around);
  const instants: Date[] = [];
  for (let at = middle + 18 * 60 * 60_000; at >= middle - 18 * 60 * 60_000; at -= 60_000) {
    instants.push(new Date(at + 59_999), new Date(at + 17_250));
  }
  return instants;
}

describe('wallClock', () => {
  const switches: [string, string, string][] = [
    ['Berlin, summer time starts', BERLIN, '2026-03-29T01:00:00Z'],
    ['Berlin, summer time ends', BERLIN, '2026-10-25T01:00:00Z'],
    ['Berlin, summer time starts in 2027', BERLIN, '2027-03-28T01:00:00Z'],
    ['Berlin, summer time ends in 2027', BERLIN, '2027-10-31T01:00:00Z'],
    ['New York, daylight saving ends', NEW_YORK, '2026-11-01T06:00:00Z'],
    ['Lord Howe Island: half an hour, on the half hour', 'Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
    ["St John's: a half-hour zone", 'America/St_Johns', '2026-03-08T05:30:00Z'],
    ['Kathmandu: +05:45, no switches', 'Asia/Kathmandu', '2026-06-15T00:00:00Z'],
    ['Monrovia: −00:44:30 to UTC in 1972', 'Africa/Monrovia', '1972-01-07T00:44:30Z'],
  ];

  it.each(switches)('agrees with Intl at every minute around a switch (%s)', (_name, zone, around) => {
    for (const instant of minutesAround(around)) {
      expect(wallClock(instant, zone), instant.toISOString()).toEqual(formatted(instant, zone));
    }
  });

  it('goes through both passes of 02:00–03:00 on the night summer time ends in Berlin', () => {
    expect(wallClock(new Date('2026-10-25T00:59:59.999Z'), BERLIN)).toMatchObject({ hour: 2, minute: 59, second: 59 });
    expect(wallClock(new Date('2026-10-25T01:00:00Z'), BERLIN)).toMatchObject({ hour: 2, minute: 0, second: 0 });
    expect(wallClock(new Date('2026-10-25T01:59:59Z'), BERLIN)).toMatchObject({ hour: 2, minute: 59 });
    expect(wallClock(new Date('2026-10-25T02:00:00Z'), BERLIN)).toMatchObject({ hour: 3, minute: 0 });
  });

  it('skips 02:00–03:00 on the night summer time starts in Berlin', () => {
    expect(wallClock(new Date('2026-03-29T00:59:59Z'), BERLIN)).toMatchObject({ day: 29, hour: 1, minute: 59 });
    expect(wallClock(new Date('2026-03-29T01:00:00Z'), BERLIN)).toMatchObject({ day: 29, hour: 3, minute: 0 });
  });

  it('agrees with Intl far from the years it caches', () => {
    for (const instant of [new Date('1850-06-01T12:00:00Z'), new Date('1893-03-31T23:00:00Z')]) {
      expect(wallClock(instant, BERLIN)).toEqual(formatted(instant, BERLIN));
    }
  });

  it('throws a RangeError for an invalid date and for an unknown zone', () => {
    expect(() => wallClock(new Date(Number.NaN), BERLIN)).toThrow(RangeError);
    expect(() => wallClock(new Date('2026-06-15T10:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('slotsForDay', () => {
  it('returns the day’s slots ordered by open time', () => {
    expect(slotsForDay(week, 2).map((s) => s.open_time)).toEqual(['11:30', '17:00']);
    expect(week[2]?.open_time).toBe('17:00'); // the input keeps its order
  });

  it("hides the 'morning time' slot", () => {
    expect(slotsForDay(week, 0)).toEqual([slot(0, '12:00', '22:00')]);
    expect(slotsForDay([slot(0, '08:00', '10:00', ' Morning Time ')], 0)).toEqual([]);
  });

  it('keeps other labels and slots without a label', () => {
    expect(slotsForDay(week, 2).map((s) => s.label)).toEqual(['lunch', 'evening']);
    expect(slotsForDay(week, 4)).toEqual([slot(4, '11:30', '22:00')]);
  });

  it('is empty for a closed day', () => {
    expect(slotsForDay(week, 1)).toEqual([]);
  });
});

describe('storeStatusAt', () => {
  it('is open inside a slot, until its close time', () => {
    expect(statusAt(berlinJune(4, '12:00'))).toEqual({ isOpen: true, closesAt: '22:00' });
  });

  it('opens at open_time exactly and closes at close_time exactly', () => {
    expect(statusAt(berlinJune(6, '11:00'))).toEqual({ isOpen: true, closesAt: '14:00' });
    expect(statusAt(berlinJune(6, '10:59'))).toEqual({ isOpen: false, opensAt: '11:00' });
    expect(statusAt(berlinJune(6, '14:00'))).toEqual({ isOpen: false, opensAt: '17:00' });
  });

  it("shows 'Opens at' the second slot between two slots of a day", () => {
    expect(statusAt(berlinJune(9, '15:00'))).toEqual({ isOpen: false, opensAt: '17:00' });
    expect(statusAt(berlinJune(9, '09:00'))).toEqual({ isOpen: false, opensAt: '11:30' });
  });

  it('is closed for today (opensAt null) after the last slot and on a closed day', () => {
    expect(statusAt(berlinJune(6, '23:00'))).toEqual({ isOpen: false, opensAt: null });
    expect(statusAt(berlinJune(6, '23:30'))).toEqual({ isOpen: false, opensAt: null });
    expect(statusAt(berlinJune(8, '12:00'))).toEqual({ isOpen: false, opensAt: null });
    expect(statusAt(berlinJune(8, '12:00'), [])).toEqual({ isOpen: false, opensAt: null });
  });

  describe('a slot past midnight (Friday 17:00–01:00)', () => {
    it('is open on Friday evening until 01:00', () => {
      expect(statusAt(berlinJune(5, '17:00'))).toEqual({ isOpen: true, closesAt: '01:00' });
      expect(statusAt(berlinJune(5, '23:59'))).toEqual({ isOpen: true, closesAt: '01:00' });
    });

    it('is still open at midnight and at 00:30 on Saturday', () => {
      expect(statusAt(berlinJune(6, '00:00'))).toEqual({ isOpen: true, closesAt: '01:00' });
      expect(statusAt(berlinJune(6, '00:30'))).toEqual({ isOpen: true, closesAt: '01:00' });
    });

    it('is closed at 01:00 on Saturday, opening at Saturday’s first slot', () => {
      expect(statusAt(berlinJune(6, '01:00'))).toEqual({ isOpen: false, opensAt: '11:00' });
    });

    it('does not open Friday just after midnight (the slot belongs to Friday evening)', () => {
      expect(statusAt(berlinJune(5, '00:30'))).toEqual({ isOpen: false, opensAt: '17:00' });
    });
  });

  it("treats a '00:00' close time as the end of the day", () => {
    const hours = [slot(4, '18:00', '00:00')];
    expect(statusAt(berlinJune(4, '23:59'), hours)).toEqual({ isOpen: true, closesAt: '00:00' });
    expect(statusAt(berlinJune(5, '00:00'), hours)).toEqual({ isOpen: false, opensAt: null });
    expect(statusAt(berlinJune(4, '17:00'), hours)).toEqual({ isOpen: false, opensAt: '18:00' });
  });

  it('treats equal open and close times as open around the clock', () => {
    const hours = [slot(4, '00:00', '00:00')];
    expect(statusAt(berlinJune(4, '00:00'), hours)).toEqual({ isOpen: true, closesAt: '00:00' });
    expect(statusAt(berlinJune(4, '13:37'), hours)).toEqual({ isOpen: true, closesAt: '00:00' });
    expect(statusAt(berlinJune(5, '00:00'), hours)).toEqual({ isOpen: false, opensAt: null });
  });

  it('reports the real closing time of back-to-back slots, also across midnight', () => {
    const hours = [slot(4, '11:00', '15:00'), slot(4, '15:00', '00:00'), slot(5, '00:00', '02:00')];
    expect(statusAt(berlinJune(4, '14:00'), hours)).toEqual({ isOpen: true, closesAt: '02:00' });
    expect(statusAt(berlinJune(5, '01:00'), hours)).toEqual({ isOpen: true, closesAt: '02:00' });
  });

  it("ignores the hidden 'morning time' slot", () => {
    expect(statusAt(berlinJune(7, '09:00'))).toEqual({ isOpen: false, opensAt: '12:00' });
    expect(statusAt(berlinJune(7, '07:00'))).toEqual({ isOpen: false, opensAt: '12:00' });
  });

  it('skips a slot whose times are not clock times', () => {
    const hours = [slot(4, '99:99', '22:00'), slot(4, '18:00', '22:00')];
    expect(statusAt(berlinJune(4, '12:00'), hours)).toEqual({ isOpen: false, opensAt: '18:00' });
  });

  describe('when summer time starts (Sunday 29 March 2026, 02:00 → 03:00)', () => {
    const hours = [slot(6, '17:00', '02:30'), slot(0, '12:00', '22:00')];

    it('keeps Saturday’s late slot open until the clocks jump', () => {
      expect(statusAt(new Date('2026-03-29T00:59:00Z'), hours)).toEqual({ isOpen: true, closesAt: '02:30' });
    });

    it('is closed right after the jump: 02:30 never happened that night', () => {
      expect(statusAt(new Date('2026-03-29T01:00:00Z'), hours)).toEqual({ isOpen: false, opensAt: '12:00' });
    });

    it('opens at 12:00 summer time, which is 10:00 UTC', () => {
      expect(statusAt(new Date('2026-03-29T09:59:00Z'), hours)).toEqual({ isOpen: false, opensAt: '12:00' });
      expect(statusAt(new Date('2026-03-29T10:00:00Z'), hours)).toEqual({ isOpen: true, closesAt: '22:00' });
    });
  });

  describe('when summer time ends (Sunday 25 October 2026, 03:00 → 02:00)', () => {
    const hours = [slot(6, '17:00', '03:00'), slot(0, '12:00', '22:00')];

    it('is open during both 02:30s', () => {
      expect(statusAt(new Date('2026-10-25T00:30:00Z'), hours)).toEqual({ isOpen: true, closesAt: '03:00' });
      expect(statusAt(new Date('2026-10-25T01:30:00Z'), hours)).toEqual({ isOpen: true, closesAt: '03:00' });
    });

    it('closes at 03:00 winter time, which is 02:00 UTC', () => {
      expect(statusAt(new Date('2026-10-25T01:59:00Z'), hours)).toEqual({ isOpen: true, closesAt: '03:00' });
      expect(statusAt(new Date('2026-10-25T02:00:00Z'), hours)).toEqual({ isOpen: false, opensAt: '12:00' });
    });

    it('opens at 12:00 winter time, which is 11:00 UTC', () => {
      expect(statusAt(new Date('2026-10-25T10:30:00Z'), hours)).toEqual({ isOpen: false, opensAt: '12:00' });
      expect(statusAt(new Date('2026-10-25T11:00:00Z'), hours)).toEqual({ isOpen: true, closesAt: '22:00' });
    });
  });

  it('honours the store’s zone: the same instant is Friday night in New York and Saturday morning in Berlin', () => {
    const instant = new Date('2026-06-06T03:30:00Z');
    expect(statusAt(instant, week, NEW_YORK)).toEqual({ isOpen: true, closesAt: '01:00' });
    expect(statusAt(instant, week, BERLIN)).toEqual({ isOpen: false, opensAt: '11:00' });
  });
});

describe('reopening: when a store that takes no more orders today opens again', () => {
  it('is the first opening of a later day, never later today', () => {
    // Saturday the 6th at 15:00: the evening today does not count, Sunday 12:00 does.
    expect(reopening(week, berlinJune(6, '15:00'), BERLIN)).toEqual({ date: '2026-06-07', time: '12:00' });
    // Sunday night: Monday is closed, Tuesday's lunch is next.
    expect(reopening(week, berlinJune(7, '22:30'), BERLIN)).toEqual({ date: '2026-06-09', time: '11:30' });
  });

  it('skips the days a closure takes', () => {
    const closed = (date: string) => date >= '2026-06-05' && date <= '2026-06-10';
    expect(reopening(week, berlinJune(5, '12:00'), BERLIN, closed)).toEqual({ date: '2026-06-11', time: '11:30' });
  });

  it('is nothing for a store without hours, or closed for the next two weeks', () => {
    expect(reopening([], berlinJune(5, '12:00'), BERLIN)).toBeNull();
    expect(reopening(week, berlinJune(5, '12:00'), BERLIN, () => true)).toBeNull();
  });
});

describe('nextOpening', () => {
  it('finds a later slot today', () => {
    expect(nextOpening(week, berlinJune(6, '15:00'), BERLIN)).toEqual({ dayOfWeek: 6, time: '17:00', daysAhead: 0 });
  });

  it('skips a closed day', () => {
    expect(nextOpening(week, berlinJune(7, '22:30'), BERLIN)).toEqual({ dayOfWeek: 2, time: '11:30', daysAhead: 2 });
  });

  it('takes the earliest slot of the next day, whatever the listing order', () => {
    expect(nextOpening(week, berlinJune(8, '12:00'), BERLIN)).toEqual({ dayOfWeek: 2, time: '11:30', daysAhead: 1 });
  });

  it('gives the next start while open', () => {
    expect(nextOpening(week, berlinJune(5, '18:00'), BERLIN)).toEqual({ dayOfWeek: 6, time: '11:00', daysAhead: 1 });
  });

  it("ignores the hidden 'morning time' slot", () => {
    expect(nextOpening(week, berlinJune(7, '07:00'), BERLIN)).toEqual({ dayOfWeek: 0, time: '12:00', daysAhead: 0 });
  });

  it('finds a once-a-week slot up to 7 days ahead', () => {
    const hours = [slot(3, '12:00', '14:00')];
    expect(nextOpening(hours, berlinJune(10, '11:00'), BERLIN)).toEqual({ dayOfWeek: 3, time: '12:00', daysAhead: 0 });
    expect(nextOpening(hours, berlinJune(10, '12:00'), BERLIN)).toEqual({ dayOfWeek: 3, time: '12:00', daysAhead: 7 });
    expect(nextOpening(hours, berlinJune(11, '12:00'), BERLIN)).toEqual({ dayOfWeek: 3, time: '12:00', daysAhead: 6 });
  });

  it('is null when there are no visible slots', () => {
    expect(nextOpening([], berlinJune(5, '12:00'), BERLIN)).toBeNull();
    expect(nextOpening([slot(0, '08:00', '10:00', 'morning time')], berlinJune(5, '12:00'), BERLIN)).toBeNull();
  });

  it('honours the zone', () => {
    const hours = [slot(6, '11:00', '14:00')];
    const instant = new Date('2026-06-06T03:30:00Z');
    expect(nextOpening(hours, instant, NEW_YORK)).toEqual({ dayOfWeek: 6, time: '11:00', daysAhead: 1 });
    expect(nextOpening(hours, instant, BERLIN)).toEqual({ dayOfWeek: 6, time: '11:00', daysAhead: 0 });
  });
});
