import { describe, expect, it } from 'vitest';
import type { StoreHour } from './api/catalogue.ts';
import {
  checkRequestedSlot,
  checkRequestedTime,
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

describe('planTimeSlots with closures and a pause (issue 4)', () => {
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
