import type { StoreStatusMessage } from '@pizzeria/domain';

/**
 * A status message as the server pushes it, for tests: Monday 23 November 2026 at 12:00 in Berlin
 * (UTC+1), open 11:30–14:30 and 17:00–22:00.
 */
export function statusMessage(overrides: Partial<StoreStatusMessage> = {}): StoreStatusMessage {
  return {
    today_hours: [
      { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: null },
      { day_of_week: 1, open_time: '17:00', close_time: '22:00', label: null },
    ],
    local_time: '2026-11-23T12:00:00+01:00',
    timezone: 'Europe/Berlin',
    is_open: true,
    pause: { paused: false, until: null },
    closure: null,
    reopens: { date: '2026-11-24', time: '11:30' },
    ...overrides,
  };
}
