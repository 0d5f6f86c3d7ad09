import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, toCents, type OrderSearchRow } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { CardTable, cardColumns } from '../forms/card-table.tsx';
import { PaymentPill } from './payment-pill.tsx';
import { useStoreClock } from './use-store-clock.ts';

const column = cardColumns<OrderSearchRow>();
type ColumnId = 'number' | 'placed' | 'customer' | 'type' | 'order_status' | 'payment' | 'total';

/**
 * The orders found; the number heads its row and opens the order.
 */
export function OrdersTable({
  orders,
  busy,
  onOpen,
}: {
  orders: OrderSearchRow[];
  busy: boolean;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('adminOrders', { keyPrefix: 'search' });
  const { t: tAdmin } = useTranslation('admin');
  const clock = useStoreClock();
  const money = useMoney(useCurrency());
  const columns = useMemo(
    () => [
      column.display({
        id: 'number',
        cell: ({ row }) => (
          <button
            type="button"
            className="orders-open"
            aria-label={t('open', { id: row.original.id })}
            onClick={() => onOpen(row.original.id)}
          >
            #{row.original.id}
          </button>
        ),
      }),
      column.display({
        id: 'placed',
        cell: ({ row }) => <time dateTime={row.original.created_at}>{clock.dateTime(row.original.created_at)}</time>,
      }),
      column.display({ id: 'customer', cell: ({ row }) => <Customer order={row.original} /> }),
      column.display({ id: 'type', cell: ({ row }) => tAdmin(`order_type.${row.original.order_type}`) }),
      column.display({
        id: 'order_status',
        cell: ({ row }) => (
          <span className="admin-status" data-status={row.original.status}>
            {row.original.cancelled_by === 'customer'
              ? tAdmin('cancelled_by_customer')
              : tAdmin(`status.${row.original.status}`)}
          </span>
        ),
      }),
      column.display({ id: 'payment', cell: ({ row }) => <Payment order={row.original} /> }),
      column.display({ id: 'total', cell: ({ row }) => money(toCents(row.original.total)) }),
    ],
    [t, tAdmin, clock, money, onOpen],
  );
  return (
    <CardTable
      name="orders"
      caption={t('caption')}
      busy={busy}
      columns={columns}
      rows={orders}
      rowId={(order) => String(order.id)}
      heading={(id) => t(id as ColumnId)}
      rowHeader={{ id: 'number', className: 'orders-number' }}
      numeric="total"
    />
  );
}

function Customer({ order }: { order: OrderSearchRow }) {
  return (
    <span className="orders-customer">
      <span className="orders-customer-name">{order.customer_name}</span>
      <span className="admin-muted">{formatPhone(order.phone)}</span>
    </span>
  );
}

/** The method, and for PayPal where its payment stands (the pill says "PayPal" itself once paid). */
function Payment({ order }: { order: OrderSearchRow }) {
  const { t } = useTranslation('adminOrders');
  const named = order.payment_method === 'cash' || order.payment_status === 'paid' || order.payment_status === null;
  return (
    <span className="orders-payment">
      {!named && <span>{t('payment.paypal')}</span>}
      <PaymentPill order={order} />
    </span>
  );
}
