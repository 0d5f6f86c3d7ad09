import { useTranslation } from 'react-i18next';
import type { AdminVoucher } from '@pizzeria/domain';

/**
 * A voucher's value ("10 %", "5,00 €") and its conditions in short words for the list: minimum, dates,
 * order type, first order only, uses per customer. The day is the store's local day, as staff gave it.
 */
export function useVoucherTerms() {
  const { t, i18n } = useTranslation('adminVouchers');
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const dates = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const day = (date: string) => dates.format(new Date(`${date}T00:00:00Z`));
  return {
    value: (voucher: AdminVoucher) =>
      voucher.kind === 'percentage'
        ? `${percent.format(voucher.percentage ?? 0)} %`
        : money.format(voucher.amount ?? 0),
    conditions: (voucher: AdminVoucher): string[] => {
      const words: string[] = [];
      if (voucher.minimum_order_amount > 0)
        words.push(t('condition.minimum', { amount: money.format(voucher.minimum_order_amount) }));
      if (voucher.valid_from && voucher.valid_to)
        words.push(t('condition.between', { from: day(voucher.valid_from), to: day(voucher.valid_to) }));
      else if (voucher.valid_from) words.push(t('condition.from', { date: day(voucher.valid_from) }));
      else if (voucher.valid_to) words.push(t('condition.to', { date: day(voucher.valid_to) }));
      if (voucher.order_types !== 'both') words.push(t(`condition.${voucher.order_types}`));
      if (voucher.first_order_only) words.push(t('condition.first_order'));
      if (voucher.max_uses_per_customer !== null)
        words.push(t('condition.per_customer', { count: voucher.max_uses_per_customer }));
      return words;
    },
    uses: (voucher: AdminVoucher) =>
      voucher.max_uses === null ? String(voucher.uses) : t('uses_of', { used: voucher.uses, max: voucher.max_uses }),
  };
}
