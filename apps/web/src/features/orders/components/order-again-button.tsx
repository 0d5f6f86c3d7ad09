import { useTranslation } from 'react-i18next';
import type { Order, OrderStatus } from '@pizzeria/domain';
import { useOrderAgain } from '../use-order-again.ts';

/** The states an order ends in: only such an order offers "order again" on its page. */
const FINAL_STATES: ReadonlySet<OrderStatus> = new Set(['completed', 'cancelled', 'rejected', 'expired']);

export function isFinished(order: Order): boolean {
  return FINAL_STATES.has(order.status);
}

/** "Nochmal bestellen" on a finished order's page: its lines into the cart, which says what changed. */
export function OrderAgainButton({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { orderAgain, busy, failed } = useOrderAgain();
  const pending = busy === order.id;
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        aria-label={t('order.order_again_label', { id: order.id })}
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => void orderAgain(order)}
      >
        {t('order.order_again')}
      </button>
      {failed === order.id && (
        <p className="form-error" role="alert">
          {t('order.order_again_error')}
        </p>
      )}
    </>
  );
}
