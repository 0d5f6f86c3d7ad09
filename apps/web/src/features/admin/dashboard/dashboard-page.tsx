import { useTranslation } from 'react-i18next';
import { MAX_ADMIN_ORDERS_PAGE, toCents, type Order } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { QueryState } from '../shell/query-state.tsx';
import { useLatestOrders, useWaitingOrders } from './api/get-admin-orders.ts';
import { useAdminTitle } from '../shell/use-admin-title.ts';

function useOrderTime() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  const today = new Date().toDateString();
  return (iso: string) => {
    const date = new Date(iso);
    const time = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
    if (date.toDateString() === today) return time;
    return `${date.toLocaleDateString(locale, { day: '2-digit', month: '2-digit' })} ${time}`;
  };
}

/**
 * `/order-online/admin/home` ("Admin Dashboard"): how many orders wait for an answer and the newest
 * orders, asked again every 15 seconds, until the orders board replaces this summary.
 */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('pages.home'));
  const waiting = useWaitingOrders();
  const latest = useLatestOrders();

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-page-head">
        <h1 id="admin-page-title">{t('pages.home')}</h1>
        <p className="admin-muted">{t('dashboard.live_hint')}</p>
      </div>
      <section className="card admin-panel" aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">{t('dashboard.waiting_heading')}</h2>
        {waiting.data ? <WaitingCount count={waiting.data.length} /> : <QueryState query={waiting} />}
      </section>
      <section className="card admin-panel" aria-labelledby="latest-heading">
        <h2 id="latest-heading">{t('dashboard.latest_heading')}</h2>
        {latest.data ? <LatestOrders orders={latest.data} /> : <QueryState query={latest} />}
      </section>
    </section>
  );
}

function WaitingCount({ count }: { count: number }) {
  const { t } = useTranslation('admin');
  const text =
    count === 0
      ? t('dashboard.waiting_none')
      : count >= MAX_ADMIN_ORDERS_PAGE
        ? t('dashboard.waiting_many', { count: MAX_ADMIN_ORDERS_PAGE })
        : t('dashboard.waiting_count', { count });
  return (
    <p className="admin-waiting" data-waiting={count > 0} role="status">
      <span className="admin-waiting-number" aria-hidden="true">
        {count >= MAX_ADMIN_ORDERS_PAGE ? `${MAX_ADMIN_ORDERS_PAGE}+` : count}
      </span>
      <span>{text}</span>
    </p>
  );
}

function LatestOrders({ orders }: { orders: Order[] }) {
  const { t } = useTranslation('admin');
  const money = useMoney(useCurrency());
  const time = useOrderTime();
  if (orders.length === 0) return <p className="admin-muted">{t('dashboard.latest_empty')}</p>;
  return (
    // Scrolls sideways on a phone: a named, focusable region, so keyboard users can scroll it too.
    <div className="admin-table-wrap" role="region" aria-label={t('dashboard.latest_heading')} tabIndex={0}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('dashboard.number')}</th>
            <th scope="col">{t('dashboard.time')}</th>
            <th scope="col">{t('dashboard.type')}</th>
            <th scope="col" className="admin-num">
              {t('dashboard.total')}
            </th>
            <th scope="col">{t('dashboard.status')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td>#{order.id}</td>
              <td>
                <time dateTime={order.created_at}>{time(order.created_at)}</time>
              </td>
              <td>{t(`order_type.${order.order_type}`)}</td>
              <td className="admin-num">{money(toCents(order.total))}</td>
              <td>
                <span className="admin-status" data-status={order.status}>
                  {t(`status.${order.status}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
