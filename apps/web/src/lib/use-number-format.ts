import { useTranslation } from 'react-i18next';
import { formatNumber, localeFor } from '@pizzeria/domain';

/**
 * Formats a plain number (a discount's or a VAT rate's percentage) in the UI language's style: `12,5` in
 * German, `12.5` in English, through the domain's one number format.
 */
export function useNumberFormat(): (value: number) => string {
  const { i18n } = useTranslation();
  const locale = localeFor(i18n.language === 'en' ? 'en' : 'de');
  return (value) => formatNumber(value, locale);
}
