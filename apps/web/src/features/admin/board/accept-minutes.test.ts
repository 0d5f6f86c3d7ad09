import { describe, expect, it } from 'vitest';
import { minutesUntilTold, preselectedMinutes } from './accept-minutes.ts';

const NOW = Date.parse('2026-11-23T14:15:00.000Z');
const told = (minutesFromNow: number) => new Date(NOW + minutesFromNow * 60_000).toISOString();

describe('the accept dialog’s minutes', () => {
  it('preselects the time the customer was told: a delivery area of 60 minutes gives 60, not 30', () => {
    expect(preselectedMinutes(told(60), NOW)).toBe(60);
    expect(preselectedMinutes(told(30), NOW)).toBe(30);
  });

  it('rounds up to five minutes, so the preselection never promises earlier than told', () => {
    expect(preselectedMinutes(told(58), NOW)).toBe(60);
    expect(preselectedMinutes(told(47), NOW)).toBe(50);
    expect(preselectedMinutes(told(41.5), NOW)).toBe(45);
    expect(preselectedMinutes(told(75), NOW)).toBe(75);
    for (let minutes = 15; minutes <= 240; minutes += 0.5) {
      expect(preselectedMinutes(told(minutes), NOW)).toBeGreaterThanOrEqual(minutesUntilTold(told(minutes), NOW));
    }
  });

  it('keeps to the dialog’s range when the told time is near, past or far', () => {
    expect(preselectedMinutes(told(4), NOW)).toBe(15);
    expect(preselectedMinutes(told(-20), NOW)).toBe(15);
    expect(preselectedMinutes(told(300), NOW)).toBe(240);
  });

  it('counts the minutes until the told time up to the whole minute', () => {
    expect(minutesUntilTold(told(46.2), NOW)).toBe(47);
    expect(minutesUntilTold(told(45), NOW)).toBe(45);
  });
});
