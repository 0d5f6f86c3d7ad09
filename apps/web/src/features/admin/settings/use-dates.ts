import { useTranslation } from 'react-i18next';

/** Dates and times in the page's language ("24.12.2026", "14:30"). */
export function useDates() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  return {
    /** A local date `YYYY-MM-DD`, read as that calendar day wherever the browser is. */
    day: (date: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`)),
    time: (iso: string) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(iso)),
  };
}
