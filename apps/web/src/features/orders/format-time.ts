/** The store's clock time (`18:45`) of an ISO instant, in the UI language's style. */
export function formatStoreTime(iso: string, timeZone: string, language: string): string {
  return format(iso, language, { hour: '2-digit', minute: '2-digit', timeZone });
}

/**
 * The store's calendar day of an ISO instant, `Fr., 27.11.`, when it is not today there (a pre-order);
 * null for today.
 */
export function storeDayUnlessToday(
  iso: string,
  timeZone: string,
  language: string,
  now: Date = new Date(),
): string | null {
  // The numeric date is the same in either language: compare it, then word the day.
  const day = (instant: string) =>
    format(instant, 'de', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  if (day(iso) === day(now.toISOString())) return null;
  return format(iso, language, { weekday: 'short', day: '2-digit', month: '2-digit', timeZone });
}

/** `18:45` today, `Fr., 27.11., 18:45` on another day, in the store's time zone. */
export function formatStoreTimeOrDate(iso: string, timeZone: string, language: string, now: Date = new Date()): string {
  const day = storeDayUnlessToday(iso, timeZone, language, now);
  const time = formatStoreTime(iso, timeZone, language);
  return day ? `${day}, ${time}` : time;
}

/** Date and time of an ISO instant in the store's time zone. */
export function formatStoreDateTime(iso: string, timeZone: string, language: string): string {
  return format(iso, language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

function format(iso: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language === 'en' ? 'en-GB' : 'de-DE';
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    // An unknown time zone: the browser's own is better than nothing.
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: undefined }).format(date);
  }
}
