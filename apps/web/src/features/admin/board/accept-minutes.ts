/** The quick choices for an ASAP order's minutes; any other number can be typed. */
export const QUICK_MINUTES = [15, 20, 30, 45, 60] as const;
/** What a cook rounds a promise to: whole five minutes. */
const ROUND_TO_MINUTES = 5;
const MAX_MINUTES = 240;
const MINUTE_MS = 60_000;

/**
 * The minutes until the time the checkout told the customer (`promised_at`: for an ASAP order the first
 * slot after the kitchen's preparation time plus the delivery area's delivery time), counted up to the
 * whole minute: accepting with fewer promises earlier than the customer was told.
 */
export function minutesUntilTold(toldAt: string, now: number): number {
  return Math.ceil((Date.parse(toldAt) - now) / MINUTE_MS);
}

/**
 * The minutes the accept dialog preselects for an ASAP order: the time the customer was told, rounded up
 * to five minutes as a cook says it (47 → 50; on a quick choice when one is that close: 28 → 30, 58 → 60),
 * never fewer than the shortest quick choice (a told time already near or past is no reason to promise
 * the impossible) nor more than the dialog takes.
 */
export function preselectedMinutes(toldAt: string, now: number): number {
  const remaining = minutesUntilTold(toldAt, now);
  const rounded = Math.ceil(remaining / ROUND_TO_MINUTES) * ROUND_TO_MINUTES;
  return Math.min(MAX_MINUTES, Math.max(QUICK_MINUTES[0], rounded));
}
