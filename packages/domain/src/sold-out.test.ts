import { describe, expect, it } from 'vitest';
import type { StoreHour } from './api/catalogue.ts';
import { soldOutUntil } from './sold-out.ts';

const BERLIN = 'Europe/Berlin';

function slot(day_of_week: number, open_time: string, close_time: string, label: string | null = null): StoreHour {
  return { day_of_week, open_time, close_time, label };
}

/** June 2026 (summer time, UTC+2): Friday the 5th, Saturday the 6th, Sunday the 7th, Monday the 8th, … */
const week: StoreHour[] = [
  slot(0, '12:00', '22:00'),
  // Monday: closed
  slot(2, '11:30', '14:30', 'lunch'),
  slot(2, '17:00', '22:00', 'evening'),
  slot(3, '11:30', '14:30'),
  slot(3, '17:00', '22:00'),
  slot(4, '11:30', '22:00'),
  slot(5, '17:00', '01:00'),
  slot(6, '11:03', '14:00'),
  slot(6, '17:00', '23:00'),
];

/** A Berlin wall-clock time in June 2026 as an instant. */
function june(day: number, time: string): Date {
  return new Date(`2026-06-${String(day).padStart(2, '0')}T${time}:00+02:00`);
}

describe('soldOutUntil', () => {
  it('ends at the next day’s first slot, not at the evening slot of the same day', () => {
    // Tuesday 12:00, during lunch: the evening stays sold out; Wednesday's lunch sells again.
    expect(soldOutUntil(week, june(9, '12:00'), BERLIN)).toEqual(june(10, '11:30'));
    // Tuesday 15:30, between lunch and evening: still Tuesday's business.
    expect(soldOutUntil(week, june(9, '15:30'), BERLIN)).toEqual(june(10, '11:30'));
  });

  it('counts the hours past midnight to the day the slot began', () => {
    // Saturday 00:30 inside Friday's 17:00–01:00: Saturday's first slot (at an odd minute) ends it.
    expect(soldOutUntil(week, june(6, '00:30'), BERLIN)).toEqual(june(6, '11:03'));
    expect(soldOutUntil(week, june(5, '23:59'), BERLIN)).toEqual(june(6, '11:03'));
  });

  it('when closed, takes today’s date as the business day', () => {
    // Saturday 01:30, after Friday's slot closed: Saturday's own slots are today's, so Sunday's.
    expect(soldOutUntil(week, june(6, '01:30'), BERLIN)).toEqual(june(7, '12:00'));
    // Saturday 08:00 before opening: same.
    expect(soldOutUntil(week, june(6, '08:00'), BERLIN)).toEqual(june(7, '12:00'));
  });

  it('skips closed days', () => {
    // Sunday evening: Monday is closed, Tuesday's lunch ends it.
    expect(soldOutUntil(week, june(7, '21:00'), BERLIN)).toEqual(june(9, '11:30'));
    // Monday (closed all day): Tuesday.
    expect(soldOutUntil(week, june(8, '12:00'), BERLIN)).toEqual(june(9, '11:30'));
  });

  it('finds a store open once a week', () => {
    const weekly = [slot(3, '18:00', '22:00')];
    expect(soldOutUntil(weekly, june(10, '19:00'), BERLIN)).toEqual(june(17, '18:00'));
  });

  it('ignores hidden slots', () => {
    const hours = [slot(0, '12:00', '22:00'), slot(1, '08:00', '10:00', 'morning time'), slot(1, '12:00', '22:00')];
    // Sunday 13:00: Monday's 12:00, not Monday's hidden morning slot.
    expect(soldOutUntil(hours, june(7, '13:00'), BERLIN)).toEqual(june(8, '12:00'));
  });

  it('is right across the switch to summer time', () => {
    // Saturday 28 March 2026, 20:00 CET (UTC+1); clocks go forward on Sunday the 29th at 02:00.
    const daily = [0, 1, 2, 3, 4, 5, 6].map((day) => slot(day, '11:00', '22:00'));
    expect(soldOutUntil(daily, new Date('2026-03-28T20:00:00+01:00'), BERLIN)).toEqual(
      new Date('2026-03-29T11:00:00+02:00'),
    );
  });

  it('is right across the switch back to winter time, past midnight', () => {
    // Saturday 24 October 2026 17:00–03:00; clocks go back on Sunday the 25th at 03:00 to 02:00.
    const hours = [slot(6, '17:00', '03:00'), slot(0, '12:00', '22:00')];
    expect(soldOutUntil(hours, new Date('2026-10-25T02:30:00+02:00'), BERLIN)).toEqual(
      new Date('2026-10-25T12:00:00+01:00'),
    );
  });

  it('without any hours, ends at the next local midnight', () => {
    expect(soldOutUntil([], june(9, '15:17'), BERLIN)).toEqual(june(10, '00:00'));
    // On the night clocks go forward, midnight still exists in Berlin: 23:00 UTC on the 28th.
    expect(soldOutUntil([], new Date('2026-03-28T20:00:00+01:00'), BERLIN)).toEqual(
      new Date('2026-03-29T00:00:00+01:00'),
    );
  });

  it('open around the clock, ends at the next local midnight', () => {
    const always = [0, 1, 2, 3, 4, 5, 6].map((day) => slot(day, '00:00', '00:00'));
    expect(soldOutUntil(always, june(9, '15:17'), BERLIN)).toEqual(june(10, '00:00'));
  });

  it('works in another time zone', () => {
    const daily = [0, 1, 2, 3, 4, 5, 6].map((day) => slot(day, '11:00', '22:00'));
    // Tuesday 9 June 2026, 21:00 in New York (UTC−4): Wednesday 11:00 there.
    expect(soldOutUntil(daily, new Date('2026-06-09T21:00:00-04:00'), 'America/New_York')).toEqual(
      new Date('2026-06-10T11:00:00-04:00'),
    );
  });
});
