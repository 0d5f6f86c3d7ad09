import type { Cents } from './money.ts';

export type Locale = 'de-DE' | 'en-GB' | 'de-CH';
export type Currency = 'EUR' | 'CHF' | 'USD';

const formatters = new Map<string, Intl.NumberFormat>();
/** Amounts already formatted: ICU's currency formatting costs a phone a noticeable fraction of a tap. */
const formatted = new Map<string, string>();
const FORMATTED_LIMIT = 2_000;

/** `850` → `8,50 €` (de-DE) or `€8.50` (en-GB): the language changes formatting only (docs/product/money.md). */
export function formatMoney(cents: Cents, locale: Locale, currency: Currency): string {
  const key = `${locale}|${currency}`;
  const amountKey = `${key}|${cents}`;
  const known = formatted.get(amountKey);
  if (known !== undefined) return known;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  const text = formatter.format(cents / 100);
  if (formatted.size >= FORMATTED_LIMIT) formatted.clear();
  formatted.set(amountKey, text);
  return text;
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A plain number as the language writes it, with at most two decimals: `12,5` (de-DE), `12.5` (en-GB).
 * For percentages (a discount, a VAT rate), whose texts put the ` %` after it.
 */
export function formatNumber(value: number, locale: Locale): string {
  let formatter = numberFormats.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    numberFormats.set(locale, formatter);
  }
  return formatter.format(value);
}

export function localeFor(language: 'de' | 'en'): Locale {
  return language === 'en' ? 'en-GB' : 'de-DE';
}

/** A link that opens an address in the phone's maps app (Google Maps' universal URL), or in a browser. */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
