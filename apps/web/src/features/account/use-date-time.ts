import { useTranslation } from 'react-i18next';

/** A moment as the page's language writes it, e.g. "28.11.2026, 14:05" or "Nov 28, 2026, 2:05 PM". */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}
