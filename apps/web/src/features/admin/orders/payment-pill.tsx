import './register-texts.ts';
import { useTranslation } from 'react-i18next';
import type { Order } from '@pizzeria/domain';

/**
 * How an order is paid, as one pill: cash, or where its PayPal payment stands, so staff see
 * at a glance a refund that is under way, done or failed. A failed refund and money PayPal took back are
 * in the danger colour: someone has to act.
 */
export function PaymentPill({ order }: { order: Pick<Order, 'payment_method' | 'payment_status'> }) {
  const { t } = useTranslation('adminOrders');
  const state = order.payment_method === 'cash' ? 'cash' : (order.payment_status ?? 'paypal');
  return (
    <span className="payment-pill" data-payment={state}>
      {t(`payment.${state}`)}
    </span>
  );
}
