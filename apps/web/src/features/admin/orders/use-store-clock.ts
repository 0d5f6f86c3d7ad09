import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';

/** Until the store has loaded (or if it cannot), the German store's zone. */
const DEFAULT_TIME_ZONE = 'Europe/Berlin';

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    // An unknown time zone: the browser's own is better than nothing.
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: undefined });
  }
}

export interface StoreClock {
  /** `18:45` in the store's time zone. */
  time: (iso: string) => string;
  /** `18:45` today, `24.11., 18:45` on another day (the store's calendar). */
  timeOrDate: (iso: string) => string;
  /** Full date and time, `23.11.2026, 18:45`. */
  dateTime: (iso: string) => string;
}

/**
 * Formats instants on the store's clock in the staff's language: the kitchen works by the restaurant's
 * time, whatever the device's zone is set to.
 */
export function useStoreClock(): StoreClock {
  const { i18n } = useTranslation();
  const { data: store } = useStore();
  const timeZone = store?.timezone ?? DEFAULT_TIME_ZONE;
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  const clock = formatter(locale, { hour: '2-digit', minute: '2-digit', timeZone });
  const dayMonth = formatter(locale, { day: '2-digit', month: '2-digit', timeZone });
  const full = formatter(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const day = formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  const today = day.format(new Date());
  const valid = (iso: string) => !Number.isNaN(new Date(iso).getTime());

  const time = (iso: string) => (valid(iso) ? clock.format(new Date(iso)) : iso);
  return {
    time,
    timeOrDate: (iso) => {
      if (!valid(iso)) return iso;
      const date = new Date(iso);
      return day.format(date) === today ? clock.format(date) : `${dayMonth.format(date)}, ${clock.format(date)}`;
    },
    dateTime: (iso) => (valid(iso) ? full.format(new Date(iso)) : iso),
  };
}
