import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liveStoreStatusSchema, type StoreHour } from './api/catalogue.ts';
import type { StoreClosure } from './api/realtime.ts';
import { zonedTime } from './opening-hours.ts';
import {
  closureOn,
  effectiveHours,
  isOrderingPaused,
  isStoreOpen,
  isWithinHours,
  liveStoreStatus,
  NOT_PAUSED,
  storeStatusMessage,
  waitingStartsAt,
  zonedIso,
  type StoreAvailability,
} from './store-availability.ts';

const BERLIN = 'Europe/Berlin';

function slot(day_of_week: number, open_time: string, close_time: string, label: string | null = null): StoreHour {
  return { day_of_week, open_time, close_time, label };
}

function closure(starts_on: string, ends_on: string, reason: string | null = 'Betriebsferien'): StoreClosure {
  return { id: 1, starts_on, ends_on, reason };
}

/** The demo restaurant's shape: lunch and evening on weekdays, Friday and Saturday until 01:00, Monday closed. */
const week: StoreHour[] = [
  slot(0, '12:00', '22:00'),
  slot(2, '11:30', '14:30'),
  slot(2, '17:00', '22:00'),
  slot(3, '11:30', '14:30'),
  slot(3, '17:00', '22:00'),
  slot(4, '11:30', '22:00'),
  slot(5, '17:00', '01:00'),
  slot(6, '17:00', '01:00'),
];

function availability(overrides: Partial<StoreAvailability> = {}): StoreAvailability {
  return { hours: week, timeZone: BERLIN, closures: [], pause: NOT_PAUSED, ...overrides };
}

/** Berlin wall-clock time in June 2026 (UTC+2): Friday the 5th, Saturday the 6th, Sunday the 7th, Tuesday the 9th. */
const june = (day: number, time: string) => new Date(`2026-06-${String(day).padStart(2, '0')}T${time}:00+02:00`);

describe('closureOn', () => {
  it('covers both ends of the range and nothing outside', () => {
    const closures = [closure('2026-12-24', '2026-12-26')];
    expect(closureOn(closures, '2026-12-23')).toBeNull();
    expect(closureOn(closures, '2026-12-24')?.reason).toBe('Betriebsferien');
    expect(closureOn(closures, '2026-12-26')).not.toBeNull();
    expect(closureOn(closures, '2026-12-27')).toBeNull();
  });
});

describe('isOrderingPaused', () => {
  it('is paused until the end staff set, and not from that instant on', () => {
    const pause = { paused: true, until: '2026-06-09T18:30:00+02:00' };
    expect(isOrderingPaused(pause, june(9, '18:29'))).toBe(true);
    expect(isOrderingPaused(pause, june(9, '18:30'))).toBe(false);
  });

  it('is paused without an end until staff resume, and never when not paused', () => {
    expect(isOrderingPaused({ paused: true, until: null }, june(20, '12:00'))).toBe(true);
    expect(isOrderingPaused(NOT_PAUSED, june(9, '12:00'))).toBe(false);
  });
});

describe('effectiveHours', () => {
  it("are the day's slots on an ordinary day", () => {
    expect(effectiveHours(availability(), june(9, '10:00'))).toEqual([
      slot(2, '11:30', '14:30'),
      slot(2, '17:00', '22:00'),
    ]);
  });

  it("carry the part after midnight of yesterday's late slot, as today's 00:00–close", () => {
    expect(effectiveHours(availability(), june(6, '00:30'))).toEqual([
      slot(6, '00:00', '01:00'),
      slot(6, '17:00', '01:00'),
    ]);
  });

  it('carry nothing for a slot that closes at midnight, and all of a slot that lasts a whole day', () => {
    const hours = [slot(1, '12:00', '00:00'), slot(2, '06:00', '06:00')];
    expect(effectiveHours(availability({ hours }), june(9, '03:00'))).toEqual([slot(2, '06:00', '06:00')]);
    expect(effectiveHours(availability({ hours }), june(10, '03:00'))).toEqual([slot(3, '00:00', '06:00')]);
  });

  it("lose the closure day's own slots, but yesterday's late slot still ends as planned", () => {
    const closed = availability({ closures: [closure('2026-06-06', '2026-06-06')] });
    expect(effectiveHours(closed, june(6, '18:00'))).toEqual([slot(6, '00:00', '01:00')]);
    expect(effectiveHours(closed, june(7, '12:00'))).toEqual([slot(0, '12:00', '22:00')]);
    expect(effectiveHours(availability({ closures: [closure('2026-06-09', '2026-06-09')] }), june(9, '12:00'))).toEqual(
      [],
    );
  });

  it('drop the carried part when yesterday was a closure day: that slot never opened', () => {
    const closed = availability({ closures: [closure('2026-06-05', '2026-06-05')] });
    expect(effectiveHours(closed, june(6, '00:30'))).toEqual([slot(6, '17:00', '01:00')]);
  });
});

describe('zonedIso', () => {
  it('gives the wall clock with the offset in winter and summer', () => {
    expect(zonedIso(new Date('2026-11-23T04:08:12.345Z'), BERLIN)).toBe('2026-11-23T05:08:12+01:00');
    expect(zonedIso(new Date('2026-06-09T16:00:00Z'), BERLIN)).toBe('2026-06-09T18:00:00+02:00');
    expect(zonedIso(new Date('2026-06-09T16:00:00Z'), 'UTC')).toBe('2026-06-09T16:00:00+00:00');
    expect(zonedIso(new Date('2026-06-09T16:00:00Z'), 'Asia/Kolkata')).toBe('2026-06-09T21:30:00+05:30');
  });

  it('switches offset exactly when the clocks change, both ways', () => {
    expect(zonedIso(new Date('2026-03-29T00:59:59Z'), BERLIN)).toBe('2026-03-29T01:59:59+01:00');
    expect(zonedIso(new Date('2026-03-29T01:00:00Z'), BERLIN)).toBe('2026-03-29T03:00:00+02:00');
    expect(zonedIso(new Date('2026-10-25T00:30:00Z'), BERLIN)).toBe('2026-10-25T02:30:00+02:00');
    expect(zonedIso(new Date('2026-10-25T01:30:00Z'), BERLIN)).toBe('2026-10-25T02:30:00+01:00');
  });

  it('names the same instant it was given', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (date) => {
          const iso = zonedIso(date, BERLIN);
          expect(Date.parse(iso)).toBe(Math.floor(date.getTime() / 1000) * 1000);
        },
      ),
    );
  });
});

describe('isWithinHours', () => {
  it('follows the hours and closures, whatever the pause', () => {
    const pause = { paused: true, until: null };
    expect(isWithinHours(availability({ pause }), june(9, '12:00'))).toBe(true);
    expect(isStoreOpen(availability({ pause }), june(9, '12:00'))).toBe(false);
    expect(isWithinHours(availability(), june(9, '15:00'))).toBe(false);
    const closures = [closure('2026-06-09', '2026-06-09')];
    expect(isWithinHours(availability({ closures }), june(9, '12:00'))).toBe(false);
  });
});

describe('storeStatusMessage', () => {
  it('says open inside a slot, with the hours in effect and the store clock', () => {
    expect(storeStatusMessage(availability(), june(9, '12:00'))).toEqual({
      today_hours: [slot(2, '11:30', '14:30'), slot(2, '17:00', '22:00')],
      local_time: '2026-06-09T12:00:00+02:00',
      timezone: BERLIN,
      is_open: true,
      pause: NOT_PAUSED,
      closure: null,
      reopens: { date: '2026-06-10', time: '11:30' },
    });
  });

  it('says closed while staff pause orders, and carries the pause', () => {
    const pause = { paused: true, until: '2026-06-09T12:30:00+02:00' };
    const message = storeStatusMessage(availability({ pause }), june(9, '12:00'));
    expect(message).toMatchObject({ is_open: false, pause });
    expect(storeStatusMessage(availability({ pause }), june(9, '12:30'))).toMatchObject({
      is_open: true,
      pause: NOT_PAUSED,
    });
  });

  it('says when the server paused by itself because no orders board was connected', () => {
    const pause = { paused: true, until: null, reason: 'auto' as const };
    expect(storeStatusMessage(availability({ pause }), june(9, '12:00'))).toMatchObject({ is_open: false, pause });
  });

  it('says closed on a closure day and names it', () => {
    const closures = [closure('2026-06-09', '2026-06-10', 'Betriebsferien')];
    expect(storeStatusMessage(availability({ closures }), june(9, '12:00'))).toMatchObject({
      is_open: false,
      today_hours: [],
      closure: { reason: 'Betriebsferien' },
      // Wednesday the 10th is still closed: Thursday, the first day after the closure.
      reopens: { date: '2026-06-11', time: '11:30' },
    });
  });
});

describe('liveStoreStatus: the browser recomputing between messages', () => {
  const tuesday = storeStatusMessage(availability(), june(9, '10:00'));

  it("says 'Opens at' before a slot, open inside it, 'Opens at' the evening between slots and closed for today after", () => {
    expect(liveStoreStatus(tuesday, june(9, '10:00'))).toEqual({ kind: 'opens_at', time: '11:30' });
    expect(liveStoreStatus(tuesday, june(9, '11:30'))).toEqual({ kind: 'open', closesAt: '14:30' });
    expect(liveStoreStatus(tuesday, june(9, '15:00'))).toEqual({ kind: 'opens_at', time: '17:00' });
    expect(liveStoreStatus(tuesday, june(9, '22:00'))).toEqual({
      kind: 'closed_today',
      reopens: { date: '2026-06-10', time: '11:30' },
    });
  });

  it("keeps Friday's late slot open after midnight even before the next message arrives", () => {
    const friday = storeStatusMessage(availability(), june(5, '23:59'));
    expect(liveStoreStatus(friday, june(6, '00:30'))).toEqual({ kind: 'open', closesAt: '01:00' });
    expect(liveStoreStatus(friday, june(6, '01:00')).kind).not.toBe('open');
  });

  it('shows a pause with its end, which lifts itself at that end', () => {
    const message = storeStatusMessage(
      availability({ pause: { paused: true, until: '2026-06-09T12:30:00+02:00' } }),
      june(9, '12:00'),
    );
    expect(liveStoreStatus(message, june(9, '12:10'))).toEqual({ kind: 'paused', until: '12:30' });
    expect(liveStoreStatus(message, june(9, '12:30'))).toEqual({ kind: 'open', closesAt: '14:30' });
  });

  it('shows a pause until staff resume, and closed for today once the hours are over', () => {
    const message = storeStatusMessage(availability({ pause: { paused: true, until: null } }), june(9, '12:00'));
    expect(liveStoreStatus(message, june(9, '12:00'))).toEqual({ kind: 'paused', until: null });
    expect(liveStoreStatus(message, june(9, '15:00'))).toEqual({ kind: 'paused', until: null });
    expect(liveStoreStatus(message, june(9, '22:30'))).toEqual({
      kind: 'closed_today',
      reopens: { date: '2026-06-10', time: '11:30' },
    });
  });

  it('tells an automatic pause from one staff made', () => {
    const auto = storeStatusMessage(
      availability({ pause: { paused: true, until: null, reason: 'auto' } }),
      june(9, '12:00'),
    );
    const staff = storeStatusMessage(
      availability({ pause: { paused: true, until: null, reason: 'staff' } }),
      june(9, '12:00'),
    );
    expect(liveStoreStatus(auto, june(9, '12:00'))).toEqual({ kind: 'paused', until: null, auto: true });
    expect(liveStoreStatus(staff, june(9, '12:00'))).toEqual({ kind: 'paused', until: null });
  });

  it("keeps 'Opens at' when a pause ends before the next opening", () => {
    const message = storeStatusMessage(
      availability({ pause: { paused: true, until: '2026-06-09T15:30:00+02:00' } }),
      june(9, '15:00'),
    );
    expect(liveStoreStatus(message, june(9, '15:00'))).toEqual({ kind: 'opens_at', time: '17:00' });
  });

  it('is always what the page sent with the server-rendered menu may carry (its schema)', () => {
    const variants = [
      availability(),
      availability({ pause: { paused: true, until: null, reason: 'auto' } }),
      availability({ pause: { paused: true, until: '2026-06-09T15:30:00+02:00', reason: 'staff' } }),
      availability({ closures: [closure('2026-06-09', '2026-06-09', null)] }),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...variants), fc.integer({ min: 0, max: 7 * 24 * 60 - 1 }), (store, minute) => {
        const instant = new Date(Date.parse('2026-06-08T00:00:00+02:00') + minute * 60_000);
        const status = liveStoreStatus(storeStatusMessage(store, instant), instant);
        expect(liveStoreStatusSchema.parse(status)).toEqual(status);
      }),
    );
  });

  it('names the closure on a closure day', () => {
    const message = storeStatusMessage(
      availability({ closures: [closure('2026-06-09', '2026-06-09', 'Inventur')] }),
      june(9, '12:00'),
    );
    expect(liveStoreStatus(message, june(9, '12:00'))).toEqual({
      kind: 'closure',
      reason: 'Inventur',
      reopens: { date: '2026-06-10', time: '11:30' },
    });
  });

  it('follows the clocks across both daylight saving switches of Europe/Berlin', () => {
    // Saturday 17:00–02:30: on 29 March 2026 02:30 never happens; on 25 October 02:30 happens twice.
    const late = availability({ hours: [slot(6, '17:00', '02:30')] });
    const spring = storeStatusMessage(late, new Date('2026-03-28T22:00:00Z')); // 23:00 CET
    expect(spring.local_time).toBe('2026-03-28T23:00:00+01:00');
    expect(liveStoreStatus(spring, new Date('2026-03-29T00:59:00Z'))).toEqual({ kind: 'open', closesAt: '02:30' });
    expect(liveStoreStatus(spring, new Date('2026-03-29T01:00:00Z')).kind).toBe('closed_today'); // 03:00 CEST

    // 02:00–03:00 happens twice; the slot closes at the first 02:30 and does not open again at the second 02:00.
    const autumn = storeStatusMessage(late, new Date('2026-10-24T21:00:00Z')); // 23:00 CEST
    expect(liveStoreStatus(autumn, new Date('2026-10-25T00:15:00Z'))).toEqual({ kind: 'open', closesAt: '02:30' }); // 02:15 CEST
    expect(liveStoreStatus(autumn, new Date('2026-10-25T00:30:00Z')).kind).toBe('closed_today'); // 02:30 CEST
    expect(liveStoreStatus(autumn, new Date('2026-10-25T01:15:00Z')).kind).toBe('closed_today'); // 02:15 CET
    expect(isStoreOpen(late, new Date('2026-10-25T01:15:00Z'))).toBe(false);
    // A slot closing at 03:00 lasts through both passes, an hour longer in real time.
    const longer = availability({ hours: [slot(6, '17:00', '03:00')] });
    expect(isStoreOpen(longer, new Date('2026-10-25T01:59:00Z'))).toBe(true); // 02:59 CET
    expect(isStoreOpen(longer, new Date('2026-10-25T02:00:00Z'))).toBe(false); // 03:00 CET
  });

  it('agrees with the server at every later minute of the same day', () => {
    const hourArbitrary = fc
      .record({
        day: fc.integer({ min: 0, max: 6 }),
        open: fc.integer({ min: 0, max: 95 }),
        close: fc.integer({ min: 0, max: 95 }),
      })
      .map(({ day, open, close }) => slot(day, clock(open * 15), clock(close * 15)));
    fc.assert(
      fc.property(
        fc.array(hourArbitrary, { maxLength: 10 }),
        // 2026 in minutes, so both daylight saving switches are among the instants.
        fc.integer({ min: 0, max: 365 * 24 * 60 }),
        fc.integer({ min: 0, max: 24 * 60 }),
        fc.boolean(),
        (hours, minuteOfYear, later, closedYesterday) => {
          const sent = new Date(Date.UTC(2026, 0, 1) + minuteOfYear * 60_000);
          const yesterday = new Date(sent.getTime() - 24 * 3600_000);
          const date = zonedTime(yesterday, BERLIN).date;
          const store = availability({ hours, closures: closedYesterday ? [closure(date, date)] : [] });
          const message = storeStatusMessage(store, sent);
          expect(liveStoreStatus(message, sent).kind === 'open').toBe(message.is_open);
          const then = new Date(sent.getTime() + later * 60_000);
          if (zonedTime(then, BERLIN).date !== zonedTime(sent, BERLIN).date) return;
          expect(liveStoreStatus(message, then).kind === 'open').toBe(isStoreOpen(store, then));
        },
      ),
    );
  });
});

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

describe('waitingStartsAt', () => {
  it('starts the wait at once inside the hours, paused or not', () => {
    expect(waitingStartsAt(availability(), june(9, '12:10'), june(9, '13:00'))).toEqual(june(9, '12:10'));
    const paused = availability({ pause: { paused: true, until: null } });
    expect(waitingStartsAt(paused, june(9, '12:10'), june(9, '13:00'))).toEqual(june(9, '12:10'));
  });

  it('starts it when the store opens for an order placed while closed, to the minute', () => {
    // Tuesday 15:05 for 18:30: the evening opens at 17:00.
    expect(waitingStartsAt(availability(), june(9, '15:05'), june(9, '18:30'))).toEqual(june(9, '17:00'));
    // Monday night for Thursday: Tuesday 11:30, not the day of the order.
    expect(waitingStartsAt(availability(), june(8, '23:50'), june(11, '19:00'))).toEqual(june(9, '11:30'));
    // A closure on Tuesday and Wednesday: Thursday 11:30.
    const closed = availability({ closures: [closure('2026-06-09', '2026-06-10')] });
    expect(waitingStartsAt(closed, june(8, '23:50'), june(11, '19:00'))).toEqual(june(11, '11:30'));
    const offQuarter = availability({ hours: [slot(2, '11:20', '14:00')] });
    expect(waitingStartsAt(offQuarter, june(9, '09:00'), june(9, '12:00'))).toEqual(june(9, '11:20'));
  });
});
