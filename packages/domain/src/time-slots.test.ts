import { describe, expect, it } from 'vitest';
import type { StoreHour } from './api/catalogue.ts';
import {
  checkAsap,
  checkRequestedSlot,
  checkRequestedTime,
  planOrderingDays,
  planTimeSlots,
  slotStartOf,
  type TimeSlotInput,
} from './time-slots.ts';

const BERLIN = 'Europe/Berlin';
const none = new Map<number, number>();

function hours(...entries: [number, string, string][]): StoreHour[] {
  return entries.map(([day_of_week, open_time, close_time]) => ({ day_of_week, open_time, close_time, label: null }));
}

function plan(overrides: Partial<TimeSlotInput> & Pick<TimeSlotInput, 'hours' | 'now'>) {
  return planTimeSlots({ timeZone: BERLIN, leadMinutes: 20, capacity: 3, taken: none, ...overrides });
}

const labels = (slots: { label: string }[]) => slots.map((slot) => slot.label);

describe('planTimeSlots', () => {
  // Monday 2026-06-15, Berlin is UTC+2 in summer.
  const monday = hours([1, '11:30', '14:30'], [1, '17:00', '22:30']);

  it('offers quarter hours after the preparation time inside the store hours, later today only', () => {
    const result = plan({ hours: monday, now: new Date('2026-06-15T12:05:00Z') }); // 14:05 local
    expect(labels(result.free)).toEqual([
      '17:00',
      '17:15',
      '17:30',
      '17:45',
      '18:00',
      '18:15',
      '18:30',
      '18:45',
      '19:00',
      '19:15',
      '19:30',
      '19:45',
      '20:00',
      '20:15',
      '20:30',
      '20:45',
      '21:00',
      '21:15',
      '21:30',
      '21:45',
      '22:00',
      '22:15',
    ]);
    // Open now, but 14:25 rounds up to 14:30, the closing time: no room for ASAP in the lunch slot.
    expect(result.asapAvailable).toBe(false);
    expect(result.asapReadyAt).toBeNull();
    expect(result.free[0]?.start.toISOString()).toBe('2026-06-15T15:00:00.000Z');
  });

  it('gives the honest ASAP time: the first slot at or after now + lead with room', () => {
    const now = new Date('2026-06-15T16:07:00Z'); // 18:07 local
    const free = plan({ hours: monday, now });
    expect(free.asapAvailable).toBe(true);
    expect(free.asapReadyAt?.toISOString()).toBe('2026-06-15T16:30:00.000Z'); // 18:30 local

    const taken = new Map([
      [Date.parse('2026-06-15T16:30:00Z'), 3],
      [Date.parse('2026-06-15T16:45:00Z'), 5],
      [Date.parse('2026-06-15T17:00:00Z'), 2],
    ]);
    const busy = plan({ hours: monday, now, taken });
    expect(busy.asapReadyAt?.toISOString()).toBe('2026-06-15T17:00:00.000Z'); // 19:00, the first with room
    expect(labels(busy.free).slice(0, 2)).toEqual(['19:00', '19:15']);
    expect(busy.candidates.filter((slot) => slot.full).map((slot) => slot.label)).toEqual(['18:30', '18:45']);
  });

  it('adds the delivery time to the lead time', () => {
    const result = plan({ hours: monday, now: new Date('2026-06-15T16:07:00Z'), leadMinutes: 20 + 40 });
    expect(result.asapReadyAt?.toISOString()).toBe('2026-06-15T17:15:00.000Z'); // 18:07 + 60 → 19:15
  });

  it('offers nothing while closed for the rest of the day, and no ASAP before opening', () => {
    const late = plan({ hours: monday, now: new Date('2026-06-15T20:20:00Z') }); // 22:20 local
    expect(late.free).toEqual([]);
    expect(late.asapAvailable).toBe(false);

    const morning = plan({ hours: monday, now: new Date('2026-06-15T07:00:00Z') }); // 09:00 local
    expect(morning.asapAvailable).toBe(false);
    expect(morning.free[0]?.label).toBe('11:30');
    expect(checkRequestedTime(morning, 'asap')).toEqual({ ok: false, code: 'store_closed' });
  });

  it('includes the slots of a late slot past midnight until its close, not the next day', () => {
    const friday = hours([5, '17:00', '01:00'], [6, '11:30', '14:30']);
    const result = plan({ hours: friday, now: new Date('2026-06-19T21:10:00Z'), leadMinutes: 0 }); // Fri 23:10
    expect(labels(result.free)).toEqual(['23:15', '23:30', '23:45', '00:00', '00:15', '00:30', '00:45']);
    expect(result.free.at(-1)?.start.toISOString()).toBe('2026-06-19T22:45:00.000Z');
  });

  it("just after midnight offers the rest of yesterday's late slot", () => {
    const friday = hours([5, '17:00', '01:00']);
    const result = plan({ hours: friday, now: new Date('2026-06-19T22:20:00Z'), leadMinutes: 5 }); // Sat 00:20
    expect(result.asapAvailable).toBe(true);
    expect(labels(result.free)).toEqual(['00:30', '00:45']);
  });

  it('does not invent the skipped hour when clocks go forward', () => {
    // Sunday 2026-03-29 02:00 CET → 03:00 CEST; Saturday's slot runs 22:00–04:00.
    const saturday = hours([6, '22:00', '04:00']);
    const result = plan({ hours: saturday, now: new Date('2026-03-28T22:00:00Z'), leadMinutes: 0 }); // 23:00 CET
    expect(labels(result.free)).toEqual([
      '23:00',
      '23:15',
      '23:30',
      '23:45',
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '03:00',
      '03:15',
      '03:30',
      '03:45',
    ]);
    const starts = result.free.map((slot) => slot.start.getTime());
    expect(starts.every((start, index) => index === 0 || start - (starts[index - 1] ?? 0) === 15 * 60_000)).toBe(true);
  });

  it('offers the repeated hour twice, as distinct instants, when clocks go back', () => {
    // Sunday 2026-10-25 03:00 CEST → 02:00 CET.
    const saturday = hours([6, '22:00', '04:00']);
    const result = plan({ hours: saturday, now: new Date('2026-10-24T21:00:00Z'), leadMinutes: 0 }); // 23:00 CEST
    expect(result.free).toHaveLength(4 + 8 + 8 + 4);
    expect(labels(result.free).filter((label) => label === '02:15')).toHaveLength(2);
    expect(new Set(result.free.map((slot) => slot.start.getTime())).size).toBe(24);
    expect(result.free.at(-1)?.start.toISOString()).toBe('2026-10-25T02:45:00.000Z'); // 03:45 CET
  });
});

describe('checkRequestedTime', () => {
  const monday = hours([1, '17:00', '22:30']);
  const now = new Date('2026-06-15T16:07:00Z'); // 18:07 local

  it('accepts an offered slot and tells invalid from full', () => {
    const taken = new Map([[Date.parse('2026-06-15T17:00:00Z'), 3]]);
    const result = plan({ hours: monday, now, taken });
    expect(checkRequestedTime(result, new Date('2026-06-15T18:30:00+02:00'))).toEqual({
      ok: true,
      slotStart: new Date('2026-06-15T16:30:00Z'),
    });
    expect(checkRequestedTime(result, new Date('2026-06-15T17:00:00Z'))).toEqual({ ok: false, code: 'slot_full' });
    expect(checkRequestedTime(result, new Date('2026-06-15T17:05:00Z'))).toEqual({
      ok: false,
      code: 'invalid_time_slot',
    });
    expect(checkRequestedTime(result, new Date('2026-06-15T16:15:00Z'))).toEqual({
      ok: false,
      code: 'invalid_time_slot',
    }); // before now + preparation
    expect(checkRequestedTime(result, new Date('2026-06-16T16:30:00Z'))).toEqual({
      ok: false,
      code: 'invalid_time_slot',
    }); // tomorrow
  });

  it('refuses ASAP with slot_full when every slot left today is full', () => {
    const taken = new Map<number, number>();
    for (let at = Date.parse('2026-06-15T16:30:00Z'); at < Date.parse('2026-06-15T20:30:00Z'); at += 15 * 60_000) {
      taken.set(at, 3);
    }
    const result = plan({ hours: monday, now, taken });
    expect(result.free).toEqual([]);
    expect(result.asapAvailable).toBe(false);
    expect(checkRequestedTime(result, 'asap')).toEqual({ ok: false, code: 'slot_full' });
  });
});

describe('slotStartOf', () => {
  it('floors to the quarter hour', () => {
    expect(slotStartOf(new Date('2026-06-15T16:44:59Z')).toISOString()).toBe('2026-06-15T16:30:00.000Z');
  });
});

describe('planTimeSlots with closures and a pause', () => {
  // Monday 2026-06-15 and Tuesday 2026-06-16, Berlin is UTC+2 in summer.
  const week = hours([1, '11:30', '14:30'], [1, '17:00', '01:00'], [2, '11:30', '22:00']);

  it('offers nothing on a closure day, and no ASAP', () => {
    const result = plan({
      hours: week,
      now: new Date('2026-06-15T10:00:00Z'), // 12:00 local
      closures: [{ id: 1, starts_on: '2026-06-15', ends_on: '2026-06-15', reason: null }],
    });
    expect(result.candidates).toEqual([]);
    expect(result.asapAvailable).toBe(false);
    expect(checkRequestedTime(result, 'asap')).toEqual({ ok: false, code: 'store_closed' });
  });

  it("still lets yesterday's late slot run past midnight into a closure day", () => {
    const result = plan({
      hours: week,
      now: new Date('2026-06-15T22:10:00Z'), // Tuesday 00:10 local
      closures: [{ id: 1, starts_on: '2026-06-16', ends_on: '2026-06-16', reason: null }],
    });
    expect(labels(result.free)).toEqual(['00:30', '00:45']);
    expect(result.asapAvailable).toBe(true);
  });

  it('offers no ASAP while paused, and slots only from the end of the pause plus the lead time', () => {
    const result = plan({
      hours: week,
      now: new Date('2026-06-15T10:00:00Z'), // 12:00 local
      pause: { paused: true, until: '2026-06-15T12:30:00+02:00' },
    });
    expect(result.asapAvailable).toBe(false);
    expect(labels(result.free).slice(0, 3)).toEqual(['13:00', '13:15', '13:30']);
    expect(checkRequestedTime(result, 'asap')).toEqual({ ok: false, code: 'store_closed' });
    expect(checkRequestedTime(result, new Date('2026-06-15T10:45:00Z'))).toEqual({
      ok: false,
      code: 'invalid_time_slot',
    });
    expect(checkRequestedTime(result, new Date('2026-06-15T11:00:00Z')).ok).toBe(true);
  });

  it('offers nothing while paused until staff resume', () => {
    const result = plan({
      hours: week,
      now: new Date('2026-06-15T10:00:00Z'),
      pause: { paused: true, until: null },
    });
    expect(result.candidates).toEqual([]);
    expect(result.asapAvailable).toBe(false);
  });

  it('ignores a pause that has ended', () => {
    const result = plan({
      hours: week,
      now: new Date('2026-06-15T10:00:00Z'),
      pause: { paused: true, until: '2026-06-15T11:00:00+02:00' },
    });
    expect(result.asapAvailable).toBe(true);
    expect(result.asapReadyAt?.toISOString()).toBe('2026-06-15T10:30:00.000Z');
  });
});

describe('planTimeSlots on the night the clocks go back', () => {
  it('offers no slot in the repeated hour after the store closed the first time round', () => {
    // Saturday 24 October 2026, open 17:00–02:30; at 02:00 CEST (00:00 UTC) the night has 02:00–03:00 twice.
    const result = plan({
      hours: hours([6, '17:00', '02:30']),
      now: new Date('2026-10-25T00:00:00Z'),
      leadMinutes: 0,
    });
    expect(result.candidates.map((slot) => slot.start.toISOString())).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T00:15:00.000Z',
    ]);
  });
});

describe('checkRequestedSlot', () => {
  const QUARTER_MS = 15 * 60_000;
  const cases: [string, Partial<TimeSlotInput> & Pick<TimeSlotInput, 'hours' | 'now'>][] = [
    [
      'a day with a break and a full slot',
      {
        hours: hours([1, '11:30', '14:30'], [1, '17:00', '22:30']),
        now: new Date('2026-06-15T12:05:00Z'),
        taken: new Map([[Date.parse('2026-06-15T17:00:00Z'), 3]]),
      },
    ],
    ['a late slot past midnight', { hours: hours([5, '17:00', '01:00']), now: new Date('2026-06-19T20:50:00Z') }],
    [
      'the night the clocks go back',
      { hours: hours([6, '18:00', '04:00'], [0, '00:00', '00:00']), now: new Date('2026-10-24T21:10:00Z') },
    ],
    [
      'the night the clocks go forward',
      { hours: hours([6, '18:00', '04:00'], [0, '00:00', '00:00']), now: new Date('2026-03-28T20:10:00Z') },
    ],
    [
      'a pause until a time',
      {
        hours: hours([1, '11:30', '22:30']),
        now: new Date('2026-06-15T12:05:00Z'),
        pause: { paused: true, until: '2026-06-15T14:00:00.000Z' },
      },
    ],
  ];

  it.each(cases)('answers as the whole plan does for every quarter hour of two days (%s)', (_name, input) => {
    const full = { timeZone: BERLIN, leadMinutes: 20, capacity: 3, taken: none, ...input };
    const whole = planTimeSlots(full);
    expect(whole.candidates.length).toBeGreaterThan(0);
    const from = Math.floor(full.now.getTime() / QUARTER_MS) * QUARTER_MS - 4 * QUARTER_MS;
    for (let at = from; at < from + 2 * 24 * 4 * QUARTER_MS; at += QUARTER_MS) {
      const requested = new Date(at);
      expect(checkRequestedSlot(full, requested), requested.toISOString()).toEqual(
        checkRequestedTime(whole, requested),
      );
    }
    expect(checkRequestedSlot(full, new Date(from + 7 * 60_000))).toEqual({ ok: false, code: 'invalid_time_slot' });
  });
});

describe('pre-orders for a later day', () => {
  // Friday 2026-06-19 17:00–01:00 and Saturday 2026-06-20 12:00–14:00 (UTC+2); Sunday closed.
  const week = hours([5, '17:00', '01:00'], [6, '12:00', '14:00'], [1, '17:00', '22:00']);
  const fridayNight = new Date('2026-06-19T22:30:00Z'); // Saturday 00:30 local, in Friday's late slot

  it("offers a later day's own slots from its opening, its late slot past midnight included, never ASAP", () => {
    const thursday = new Date('2026-06-18T10:00:00Z');
    const friday = plan({ hours: week, now: thursday, date: '2026-06-19' });
    expect(friday.asapAvailable).toBe(false);
    expect(friday.free[0]?.label).toBe('17:00');
    expect(friday.free.at(-1)?.label).toBe('00:45');
    expect(friday.free).toHaveLength(32);
    // Saturday does not offer Friday's slots after midnight again: they are Friday's.
    const saturday = plan({ hours: week, now: thursday, date: '2026-06-20' });
    expect(labels(saturday.free)).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30', '13:45']);
    expect(plan({ hours: week, now: thursday, date: '2026-06-21' }).candidates).toEqual([]);
  });

  it('counts the lead time from now into the next day, and offers nothing for a day gone by', () => {
    const tomorrow = plan({ hours: week, now: fridayNight, date: '2026-06-20' });
    expect(tomorrow.free[0]?.label).toBe('12:00');
    const lateNight = plan({ hours: hours([6, '00:00', '02:00']), now: new Date('2026-06-19T21:50:00Z') });
    expect(lateNight.free).toEqual([]);
    const justAfterMidnight = plan({
      hours: hours([6, '00:00', '02:00']),
      now: new Date('2026-06-19T21:50:00Z'),
      date: '2026-06-20',
    });
    // 23:50 + 20 minutes: the first slot is 00:15, not midnight.
    expect(justAfterMidnight.free[0]?.label).toBe('00:15');
    expect(plan({ hours: week, now: fridayNight, date: '2026-06-18' }).candidates).toEqual([]);
  });

  it('keeps closure days closed, and lets a later day take orders while today is paused until staff resume', () => {
    const thursday = new Date('2026-06-18T10:00:00Z');
    const closures = [{ id: 1, starts_on: '2026-06-19', ends_on: '2026-06-19', reason: null }];
    expect(plan({ hours: week, now: thursday, date: '2026-06-19', closures }).candidates).toEqual([]);
    const pause = { paused: true, until: null };
    const monday = new Date('2026-06-15T16:00:00Z'); // 18:00, open, paused
    expect(plan({ hours: week, now: monday, pause }).free).toEqual([]);
    expect(plan({ hours: week, now: monday, pause, date: '2026-06-19' }).free).toHaveLength(32);
    // A pause that lasts into that day holds it back until it ends.
    const long = { paused: true, until: '2026-06-19T16:00:00.000Z' };
    expect(plan({ hours: week, now: monday, pause: long, date: '2026-06-19' }).free[0]?.label).toBe('18:30');
  });

  it('lists today and the days of the window with whether they have room', () => {
    const closures = [{ id: 1, starts_on: '2026-06-19', ends_on: '2026-06-19', reason: null }];
    const days = planOrderingDays({
      hours: week,
      now: new Date('2026-06-15T20:30:00Z'), // Monday 22:30: closed for today
      timeZone: BERLIN,
      leadMinutes: 20,
      capacity: 3,
      taken: none,
      closures,
      preorderDays: 7,
    });
    expect(days.map((day) => [day.date, day.available])).toEqual([
      ['2026-06-15', false],
      ['2026-06-16', false],
      ['2026-06-17', false],
      ['2026-06-18', false],
      ['2026-06-19', false],
      ['2026-06-20', true],
      ['2026-06-21', false],
      ['2026-06-22', true],
    ]);
    expect(
      planOrderingDays({
        hours: week,
        now: new Date('2026-06-15T10:00:00Z'),
        timeZone: BERLIN,
        leadMinutes: 20,
        capacity: 3,
        taken: none,
      }),
    ).toEqual([{ date: '2026-06-15', available: true }]);
  });

  it("says why a day has no time: closed (with the closure's reason), full, too late today, or paused", () => {
    const closure = { id: 1, starts_on: '2026-06-19', ends_on: '2026-06-19', reason: 'Betriebsferien' };
    const closures = [closure];
    const saturdaySlots = [0, 1, 2, 3, 4, 5, 6, 7].map(
      (quarter) => Date.parse('2026-06-20T10:00:00Z') + quarter * 900_000,
    );
    const input = {
      hours: week,
      now: new Date('2026-06-15T20:30:00Z'), // Monday 22:30: too late for today
      timeZone: BERLIN,
      leadMinutes: 20,
      capacity: 3,
      taken: new Map(saturdaySlots.map((slot) => [slot, 3])),
      closures,
      preorderDays: 7,
    };
    expect(planOrderingDays(input)).toEqual([
      { date: '2026-06-15', available: false, no_times: 'past' },
      { date: '2026-06-16', available: false, no_times: 'closed' },
      { date: '2026-06-17', available: false, no_times: 'closed' },
      { date: '2026-06-18', available: false, no_times: 'closed' },
      { date: '2026-06-19', available: false, no_times: 'closed', closure_reason: 'Betriebsferien' },
      { date: '2026-06-20', available: false, no_times: 'full' },
      { date: '2026-06-21', available: false, no_times: 'closed' },
      { date: '2026-06-22', available: true },
    ]);
    const paused = planOrderingDays({
      ...input,
      now: new Date('2026-06-15T16:00:00Z'), // Monday 18:00, open
      pause: { paused: true, until: null },
      preorderDays: 0,
    });
    expect(paused).toEqual([{ date: '2026-06-15', available: false, no_times: 'paused' }]);
    // A closure without a reason still says closed, with no reason to show.
    const unexplained = planOrderingDays({ ...input, closures: [{ ...closure, reason: null }] });
    expect(unexplained[4]).toEqual({ date: '2026-06-19', available: false, no_times: 'closed', closure_reason: null });
  });

  it('takes a requested time exactly when the plan of a day inside the window offers it', () => {
    const QUARTER_MS = 15 * 60_000;
    const input: TimeSlotInput = {
      hours: week,
      now: new Date('2026-06-18T10:05:00Z'),
      timeZone: BERLIN,
      leadMinutes: 20,
      capacity: 3,
      taken: new Map([[Date.parse('2026-06-20T10:30:00Z'), 3]]),
      closures: [{ id: 1, starts_on: '2026-06-22', ends_on: '2026-06-22', reason: null }],
      preorderDays: 3,
    };
    const plans = ['2026-06-18', '2026-06-19', '2026-06-20', '2026-06-21'].map((date) =>
      planTimeSlots({ ...input, date }),
    );
    const offered = (at: Date) => {
      const checks = plans.map((dayPlan) => checkRequestedTime(dayPlan, at));
      return (
        checks.find((check) => check.ok) ??
        checks.find((check) => !check.ok && check.code === 'slot_full') ?? { ok: false, code: 'invalid_time_slot' }
      );
    };
    let taken = 0;
    for (let at = Date.parse('2026-06-18T00:00:00Z'); at < Date.parse('2026-06-24T00:00:00Z'); at += QUARTER_MS) {
      const requested = new Date(at);
      const check = checkRequestedSlot(input, requested);
      expect(check, requested.toISOString()).toEqual(offered(requested));
      if (check.ok) taken += 1;
    }
    // Friday 17:00–01:00 and Saturday lunch but its full slot; Thursday is closed, Sunday too; Monday is past the window.
    expect(taken).toBe(32 + 7);
    expect(checkRequestedSlot(input, new Date('2026-06-20T10:30:00Z'))).toEqual({ ok: false, code: 'slot_full' });
    expect(checkRequestedSlot({ ...input, preorderDays: 0 }, new Date('2026-06-19T15:00:00Z'))).toEqual({
      ok: false,
      code: 'invalid_time_slot',
    });
  });
});

describe('ASAP across midnight into the next day’s hours', () => {
  // Saturday 2026-06-20 in Berlin (UTC+2).
  const saturdayNight = new Date('2026-06-20T21:40:00Z'); // 23:40

  it('is the first slot with room after midnight when the evening runs on into the next day', () => {
    const split = hours([6, '18:00', '00:00'], [0, '00:00', '02:00']);
    const result = plan({ hours: split, now: saturdayNight });
    expect(result.free).toEqual([]);
    expect(result.asapReadyAt?.toISOString()).toBe('2026-06-20T22:00:00.000Z'); // 00:00
    const full = new Map([[Date.parse('2026-06-20T22:00:00Z'), 3]]);
    expect(plan({ hours: split, now: saturdayNight, taken: full }).asapReadyAt?.toISOString()).toBe(
      '2026-06-20T22:15:00.000Z',
    );
    // Around the clock, with a delivery's longer lead time.
    const always = [0, 1, 2, 3, 4, 5, 6].flatMap((day) => hours([day, '00:00', '12:00'], [day, '12:00', '00:00']));
    const delivery = plan({ hours: always, now: saturdayNight, leadMinutes: 55 });
    expect(delivery.asapAvailable).toBe(true);
    expect(delivery.asapReadyAt?.toISOString()).toBe('2026-06-20T22:45:00.000Z'); // 00:45
    expect(checkRequestedTime(delivery, 'asap')).toEqual({ ok: true, slotStart: delivery.asapReadyAt });
  });

  it('is not offered when the store closes before midnight, or the next day is a closure day', () => {
    const gap = hours([6, '18:00', '23:45'], [0, '00:00', '02:00']);
    expect(plan({ hours: gap, now: saturdayNight }).asapAvailable).toBe(false);
    const split = hours([6, '18:00', '00:00'], [0, '00:00', '02:00']);
    const closures = [{ id: 1, starts_on: '2026-06-21', ends_on: '2026-06-21', reason: null }];
    expect(plan({ hours: split, now: saturdayNight, closures }).asapAvailable).toBe(false);
    expect(plan({ hours: split, now: saturdayNight, pause: { paused: true, until: null } }).asapAvailable).toBe(false);
  });
});

describe('checkAsap', () => {
  const monday = hours([1, '11:30', '14:30'], [1, '17:00', '22:30']);
  const full = (...slots: string[]) => new Map(slots.map((slot) => [Date.parse(slot), 3]));
  const cases: [string, Partial<TimeSlotInput> & Pick<TimeSlotInput, 'hours' | 'now'>][] = [
    ['open with room', { hours: monday, now: new Date('2026-06-15T12:05:00Z') }],
    [
      'the first slots full',
      {
        hours: monday,
        now: new Date('2026-06-15T10:05:00Z'),
        taken: full('2026-06-15T10:30:00Z', '2026-06-15T10:45:00Z'),
      },
    ],
    [
      'every slot of the opening full, the next opening free',
      {
        hours: monday,
        now: new Date('2026-06-15T12:05:00Z'),
        taken: full('2026-06-15T12:30:00Z', '2026-06-15T12:15:00Z'),
      },
    ],
    ['between openings', { hours: monday, now: new Date('2026-06-15T13:00:00Z') }],
    ['after closing', { hours: monday, now: new Date('2026-06-15T21:00:00Z') }],
    [
      'paused until a time',
      {
        hours: monday,
        now: new Date('2026-06-15T10:05:00Z'),
        pause: { paused: true, until: '2026-06-15T11:00:00.000Z' },
      },
    ],
    ['a late slot past midnight', { hours: hours([5, '17:00', '01:00']), now: new Date('2026-06-19T22:30:00Z') }],
    [
      'open on past midnight into the next day’s hours',
      { hours: hours([6, '18:00', '00:00'], [0, '00:00', '02:00']), now: new Date('2026-06-20T21:40:00Z') },
    ],
    [
      'the night the clocks go back',
      { hours: hours([6, '18:00', '04:00'], [0, '00:00', '00:00']), now: new Date('2026-10-24T23:50:00Z') },
    ],
  ];

  it.each(cases)('answers as the whole plan does (%s)', (_name, input) => {
    const whole = { timeZone: BERLIN, leadMinutes: 20, capacity: 3, taken: none, ...input };
    expect(checkAsap(whole)).toEqual(checkRequestedTime(planTimeSlots(whole), 'asap'));
  });

  it('answers as the whole plan does with every slot full, and with each one slot free', () => {
    const base = {
      hours: monday,
      timeZone: BERLIN,
      leadMinutes: 20,
      capacity: 3,
      now: new Date('2026-06-15T15:05:00Z'),
    };
    const starts = planTimeSlots({ ...base, taken: none }).candidates.map((slot) => slot.start.getTime());
    const everyFull = new Map(starts.map((start) => [start, 3]));
    expect(checkAsap({ ...base, taken: everyFull })).toEqual({ ok: false, code: 'slot_full' });
    for (const start of starts) {
      const taken = new Map(everyFull);
      taken.delete(start);
      expect(checkAsap({ ...base, taken })).toEqual(checkRequestedTime(planTimeSlots({ ...base, taken }), 'asap'));
    }
  });
});
