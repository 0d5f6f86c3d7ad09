import { useTranslation } from 'react-i18next';

/** An instant as the page's language writes it: "28.11.2026, 14:05" / "28 Nov 2026, 14:05". */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  return (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
