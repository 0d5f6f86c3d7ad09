import { useTranslation } from 'react-i18next';
import type { Order } from '@pizzeria/domain';
import { paymentLine } from '../payment-line.ts';

/** "Barzahlung", "Bezahlt mit PayPal", "Wird erstattet", … */
export function PaymentLineText({ order }: { order: Pick<Order, 'payment_method' | 'payment_status'> }) {
  const { t } = useTranslation('orders');
  const line = paymentLine(order);
  return <>{line.kind === 'cash' ? t('order.cash') : t(`order.paypal.${line.state}`)}</>;
}
