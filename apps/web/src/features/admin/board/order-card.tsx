import { useTranslation } from 'react-i18next';
import { toCents, type Order } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import type { StoreClock } from '../orders/use-store-clock.ts';
import { promisedAt } from '../orders/promised-at.ts';
import { PaymentPill } from '../orders/payment-pill.tsx';
import { lateness, type Lateness } from './lateness.ts';

interface OrderCardProps {
  order: Order;
  clock: StoreClock;
  /** The server's time now, ms (for how long a new order has waited and how late an order is). */
  serverNow: number;
  /** Waiting and not yet opened on this device: it rings. */
  ringing: boolean;
  onOpen: (orderId: number) => void;
}

/**
 * One order on the board: a button that opens its details, with what the cook needs read from a metre
 * away (number, type, time, how near or past it is, items, state) and the rest smaller below.
 */
export function OrderCard({ order, clock, serverNow, ringing, onOpen }: OrderCardProps) {
  const { t } = useTranslation('adminBoard');
  const { t: tAdmin } = useTranslation('admin');
  const money = useMoney(useCurrency());
  const items = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const waitedMinutes = Math.floor((serverNow - Date.parse(order.created_at)) / 60_000);
  const promised = promisedAt(order);
  const due = lateness(order, serverNow);

  return (
    <button
      type="button"
      className="board-card"
      data-status={order.status}
      data-ringing={ringing}
      data-lateness={due?.kind ?? 'none'}
      data-order-id={order.id}
      onClick={() => onOpen(order.id)}
    >
      <span className="board-card-top">
        <span className="board-card-number">#{order.id}</span>
        <span className="board-card-type" data-type={order.order_type}>
          {tAdmin(`order_type.${order.order_type}`)}
        </span>
      </span>
      {ringing ? <span className="board-card-new">{t('card.new')}</span> : null}
      <span className="board-card-when">
        <span>
          {order.requested_time === null
            ? t('card.asap')
            : t('card.for_time', { time: clock.timeOrDate(order.requested_time) })}
        </span>
        {due && due.kind !== 'on_time' ? <DueFlag due={due} /> : null}
      </span>
      <span className="board-card-state">
        <span>{t('card.items', { count: items })}</span>
        {order.status === 'waiting' ? (
          <span className="board-card-waited">
            {waitedMinutes < 1 ? t('card.waiting_under_minute') : t('card.waiting_for', { minutes: waitedMinutes })}
          </span>
        ) : (order.status === 'accepted' || order.status === 'ready') && promised !== null ? (
          <span className="board-card-promised">{t('card.promised', { time: clock.timeOrDate(promised) })}</span>
        ) : (
          <span className="admin-status" data-status={order.status}>
            {order.cancelled_by === 'customer' ? tAdmin('cancelled_by_customer') : tAdmin(`status.${order.status}`)}
          </span>
        )}
      </span>
      <span className="board-card-bottom">
        <span className="board-card-name">{order.customer_name}</span>
        <span className="board-card-payment">
          {money(toCents(order.total))} <PaymentPill order={order} />
        </span>
      </span>
    </button>
  );
}

/** Near or past its time, in words as well as colour: "in 5 Min.", "3 Min. überfällig". */
function DueFlag({ due }: { due: Exclude<Lateness, { kind: 'on_time' }> }) {
  const { t } = useTranslation('adminBoard');
  const text =
    due.kind === 'due_soon'
      ? t('card.due_soon', { minutes: due.minutes })
      : due.minutes === 0
        ? t('card.due_now')
        : t('card.late', { minutes: due.minutes });
  return (
    <span className="board-card-due" data-lateness={due.kind}>
      {text}
    </span>
  );
}
