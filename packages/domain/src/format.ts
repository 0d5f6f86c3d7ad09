import type { Cents } from './money.ts';

export type Locale = 'de-DE' | 'en-GB' | 'de-CH';
export type Currency = 'EUR' | 'CHF' | 'USD';

const formatters = new Map<string, Intl.NumberFormat>();

/** `850` → `8,50 €` (de-DE) or `€8.50` (en-GB): the language changes formatting only (DESIGN §3). */
export function formatMoney(cents: Cents, locale: Locale, currency: Currency): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

export function localeFor(language: 'de' | 'en'): Locale {
  return language === 'en' ? 'en-GB' : 'de-DE';
}
