import { useTranslation } from 'react-i18next';
import { formatMoney, localeFor, type Cents, type Currency } from '@pizzeria/domain';

/**
 * Formats cents in the store's currency (EUR for the German store) and the UI language's style:
 * `8,50 €` in German, `€8.50` in English (docs/product/money.md).
 */
export function useMoney(currency: Currency = 'EUR'): (cents: Cents) => string {
  const { i18n } = useTranslation();
  const locale = localeFor(i18n.language === 'en' ? 'en' : 'de');
  return (cents) => formatMoney(cents, locale, currency);
}
