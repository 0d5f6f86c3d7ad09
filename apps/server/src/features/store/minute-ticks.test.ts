import { afterEach, describe, expect, it, vi } from 'vitest';
import { everyMinuteBoundary } from './minute-ticks.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('everyMinuteBoundary', () => {
  it('ticks just after each minute boundary, not a minute after it started', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-06-09T12:00:30.000Z'));
    const ticks: string[] = [];
    const stop = everyMinuteBoundary(() => ticks.push(new Date().toISOString()));

    vi.advanceTimersByTime(29_999);
    expect(ticks).toEqual([]);
    vi.advanceTimersByTime(60_100);
    expect(ticks).toEqual(['2026-06-09T12:01:00.050Z', '2026-06-09T12:02:00.050Z']);

    stop();
    vi.advanceTimersByTime(180_000);
    expect(ticks).toHaveLength(2);
  });
});
