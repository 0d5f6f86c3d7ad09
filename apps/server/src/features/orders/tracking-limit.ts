import type { LocalizedText } from '@pizzeria/domain';
import { clientSubject } from '../../plugins/client-address.ts';
import type { Counter, Limit, RateLimits } from '../../plugins/rate-limits.ts';

/** The default of `TRACKING_FAILURES_PER_HOUR_PER_ADDRESS`. */
export const DEFAULT_TRACKING_FAILURES: Limit = { max: 30, windowSeconds: 3600 };

/** What the look-up found (null: nothing for these credentials), or that the address must wait. */
export type TrackingVerdict<T> = { kind: 'done'; found: T | null } | { kind: 'refused'; retryAfterSeconds: number };

/**
 * Guards the look-ups of an order by its tracking token, over HTTP and WebSocket alike:
 * each look-up from a client address is counted before it runs, and given back when it found the
 * order, so guessing tokens or order numbers is held to the limit while a guest who reloads their own
 * order page never is. Shared by every instance through the database.
 */
export function trackingLimit(rateLimits: RateLimits, limit: Limit) {
  const counterOf = (address: string): Counter => ({
    kind: 'tracking:address',
    subject: clientSubject(address),
    limit,
  });
  return async function guarded<T>(address: string, lookUp: () => Promise<T | null>): Promise<TrackingVerdict<T>> {
    const counters = [counterOf(address)];
    const taken = await rateLimits.take(counters);
    if (!taken.ok) return { kind: 'refused', retryAfterSeconds: taken.retryAfterSeconds };
    let found: T | null;
    try {
      found = await lookUp();
    } catch (error) {
      // A failure of ours is no guess.
      await rateLimits.giveBack(counters).catch(() => undefined);
      throw error;
    }
    if (found !== null) await rateLimits.giveBack(counters);
    return { kind: 'done', found };
  };
}

export const tooManyLookups = (wait: LocalizedText): LocalizedText => ({
  de: `Von Ihrem Anschluss wurden gerade zu viele Bestellungen mit falschem Link aufgerufen. Bitte versuchen Sie es ${wait.de} erneut.`,
  en: `Too many orders have just been opened with a wrong link from your connection. Please try again ${wait.en}.`,
});
