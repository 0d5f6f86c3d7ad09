import { describe, expect, it } from 'vitest';
import { zonedIso } from './store-availability.ts';
import { promisedTime } from './promised-time.ts';

const BERLIN = 'Europe/Berlin';
const berlin = (instant: Date | null) => (instant ? zonedIso(instant, BERLIN).slice(0, 16) : null);

describe('promisedTime', () => {
  it('confirms a pre-order placed while the store was closed at its requested time, not at decision + minutes', () => {
    // 08:30, the shop opens at 11:30; staff accept with 30 minutes at 08:30 (the walk-through's case).
    const acceptance = {
      requestedTime: new Date('2026-06-16T09:30:00Z'),
      decidedAt: new Date('2026-06-16T06:30:00Z'),
      etaMinutes: 30,
    };
    expect(berlin(promisedTime(acceptance))).toBe('2026-06-16T11:30');
    expect(berlin(promisedTime({ ...acceptance, delayMinutes: 15 }))).toBe('2026-06-16T11:45');
  });

  it('never promises a pre-order before its requested time, but later when the kitchen needs longer', () => {
    const requestedTime = new Date('2026-06-16T16:00:00Z');
    const decidedAt = new Date('2026-06-16T15:45:00Z');
    expect(berlin(promisedTime({ requestedTime, decidedAt }))).toBe('2026-06-16T18:00');
    expect(berlin(promisedTime({ requestedTime, decidedAt, etaMinutes: 10 }))).toBe('2026-06-16T18:00');
    expect(berlin(promisedTime({ requestedTime, decidedAt, etaMinutes: 40 }))).toBe('2026-06-16T18:25');
  });

  it('promises an ASAP order the decision plus the minutes, and nothing without minutes', () => {
    const decidedAt = new Date('2026-06-16T16:07:00Z');
    expect(berlin(promisedTime({ requestedTime: null, decidedAt, etaMinutes: 20 }))).toBe('2026-06-16T18:27');
    expect(promisedTime({ requestedTime: null, decidedAt })).toBeNull();
  });

  it('crosses midnight: a Friday order accepted at 23:50 for 00:15 is promised for 00:15 on Saturday', () => {
    const requestedTime = new Date('2026-06-19T22:15:00Z');
    const decidedAt = new Date('2026-06-19T21:50:00Z');
    expect(berlin(promisedTime({ requestedTime, decidedAt, etaMinutes: 20 }))).toBe('2026-06-20T00:15');
    expect(berlin(promisedTime({ requestedTime: null, decidedAt, etaMinutes: 45 }))).toBe('2026-06-20T00:35');
  });

  it('counts real minutes across a DST switch', () => {
    // 2026-03-29: clocks go from 02:00 to 03:00 in Berlin. 01:50 + 30 minutes is 03:20.
    const springForward = new Date('2026-03-29T00:50:00Z');
    expect(berlin(promisedTime({ requestedTime: null, decidedAt: springForward, etaMinutes: 30 }))).toBe(
      '2026-03-29T03:20',
    );
    // 2026-10-25: clocks go from 03:00 back to 02:00. 02:50 (summer time) + 30 minutes is 02:20 (winter time).
    const fallBack = new Date('2026-10-25T00:50:00Z');
    const promised = promisedTime({ requestedTime: null, decidedAt: fallBack, etaMinutes: 30 });
    expect(promised?.toISOString()).toBe('2026-10-25T01:20:00.000Z');
    expect(berlin(promised)).toBe('2026-10-25T02:20');
    // A pre-order for the repeated hour's second 02:30 is promised for exactly that instant.
    const secondPass = new Date('2026-10-25T01:30:00Z');
    expect(promisedTime({ requestedTime: secondPass, decidedAt: fallBack, etaMinutes: 5 })).toEqual(secondPass);
  });
});
