import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { timeSlotsQueryOptions } from '../../checkout/index.ts';
import type { OrderType } from '../../delivery/index.ts';
import { isClosedNow, useStoreStatus } from '../../store-status/index.ts';

interface FullTodayNoticeProps {
  orderType: OrderType;
  postcode: string | null;
}

/**
 * In the cart while the restaurant is open but every time today is taken (the customer learned
 * it only at checkout): that, and that another day can be pre-ordered there. Closed for the day is the
 * store status's notice.
 */
export function FullTodayNotice({ orderType, postcode }: FullTodayNoticeProps) {
  const { t } = useTranslation('cart');
  const closedNow = useStoreStatus((state) => isClosedNow(state.status));
  const { data } = useQuery({ ...timeSlotsQueryOptions(orderType, postcode), enabled: !closedNow });
  const [today, ...later] = data?.days ?? [];
  if (closedNow || !today || today.available) return null;
  return (
    <p className="notice" role="status">
      {t('full_today')} {later.some((day) => day.available) && t('full_today_preorder')}
    </p>
  );
}
