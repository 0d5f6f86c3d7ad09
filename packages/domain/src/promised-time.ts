const MINUTE_MS = 60_000;

export interface Acceptance {
  /** The time the customer asked for; null for "as soon as possible". */
  requestedTime: Date | null;
  /** When staff accepted. */
  decidedAt: Date;
  /** Minutes until the order is ready (pickup) or at the door (delivery), as staff give them. */
  etaMinutes?: number;
  /** Minutes staff add to a pre-order's requested time when the kitchen runs late. */
  delayMinutes?: number;
}

/**
 * The time an accepted order is promised for, the one rule every screen and mail shows. As
 * soon as possible: the decision plus the minutes staff give. A pre-order: its requested time, plus any
 * delay staff add; minutes until ready may make it later, never earlier. So a promise is never before
 * the requested time, and never before the store opens (a pre-order's time lies in the opening hours,
 * an ASAP order is only taken while open). Null for an ASAP order without minutes: there is nothing to
 * promise yet.
 */
export function promisedTime(acceptance: Acceptance): Date | null {
  const { requestedTime, decidedAt, etaMinutes, delayMinutes } = acceptance;
  const ready = etaMinutes === undefined ? null : new Date(decidedAt.getTime() + etaMinutes * MINUTE_MS);
  if (requestedTime === null) return ready;
  const confirmed = new Date(requestedTime.getTime() + (delayMinutes ?? 0) * MINUTE_MS);
  return ready !== null && ready > confirmed ? ready : confirmed;
}
