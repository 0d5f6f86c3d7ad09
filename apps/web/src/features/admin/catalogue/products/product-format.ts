import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '@pizzeria/domain';

/** Prices, moments and names in the page's language: "7,50 €", "Di., 24.11., 11:00". */
export function useProductFormat() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  const locale = english ? 'en-GB' : 'de-DE';
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const moment = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return {
    price: (euros: number) => money.format(euros),
    percentage: (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value),
    moment: (iso: string) => moment.format(new Date(iso)),
    /** The English name where there is one on an English page, as the shop does. */
    name: (text: LocalizedText) => (english && text.en ? text.en : text.de),
  };
}

/** Sold out right now: `sold_out_until` is still ahead (a past moment means it sells again). */
export function isSoldOut(soldOutUntil: string | null, now = Date.now()): soldOutUntil is string {
  return soldOutUntil !== null && Date.parse(soldOutUntil) > now;
}
