/** The store's clock time (`18:45`) of an ISO instant, in the UI language's style. */
export function formatStoreTime(iso: string, timeZone: string, language: string): string {
  return format(iso, language, { hour: '2-digit', minute: '2-digit', timeZone });
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
