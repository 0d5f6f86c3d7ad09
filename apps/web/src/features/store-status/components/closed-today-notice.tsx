import { useTranslation } from 'react-i18next';
import { useReopening } from '../use-reopening.ts';

/** In the cart: no more orders today, and when the restaurant opens again. */
export function ClosedTodayNotice() {
  const { t } = useTranslation('storeStatus');
  const reopens = useReopening();
  if (!reopens) return null;
  return (
    <p className="notice" role="status">
      {t('no_orders_today')} {reopens}
    </p>
  );
}
