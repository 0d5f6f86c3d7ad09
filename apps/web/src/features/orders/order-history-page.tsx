import '../../styles/order-pages.css';
import './orders.css';
import './register-texts.ts';
import { useTranslation } from 'react-i18next';
import { Link, Redirect } from 'wouter';
import { toCents, type Order } from '@pizzeria/domain';
import { usePageTitle } from '../../lib/page-title.ts';
import { useMoney } from '../../lib/use-money.ts';
import { LoadingScreen } from '../../lib/loading-screen.tsx';
import { useSession } from '../session/index.ts';
import { useCurrency, useStore } from '../store/index.ts';
import { useOrders } from './api/get-orders.ts';
import { PaymentLineText } from './components/payment-line-text.tsx';
import { formatStoreDateTime } from './format-time.ts';
import { useOrderAgain } from './use-order-again.ts';

/** `/orders`: a signed-in customer's order history; anyone else logs in first and comes back. */
export default function OrderHistoryRoute() {
  const session = useSession();
  if (session.loading) return <LoadingScreen variant="page" />;
  if (!session.user) return <Redirect to="/login/orders" replace />;
  return <OrderHistoryPage />;
}

export function OrderHistoryPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('history.page_title'));
  const orders = useOrders();
  const { orderAgain, busy, failed } = useOrderAgain();

  return (
    <div className="container page checkout-page">
      <header className="checkout-hero">
        <h1>{t('history.title')}</h1>
        <p className="checkout-intro">{t('history.intro')}</p>
      </header>
      <div role="status" className="order-history-notice">
        {failed !== null && <p className="form-error">{t('history.menu_error')}</p>}
      </div>
      {orders.isPending ? (
        <p className="checkout-hint">{t('history.loading')}</p>
      ) : orders.isError ? (
        <div className="checkout-time-error">
          <p className="form-error" role="alert">
            {t('history.load_error')}
          </p>
          <button type="button" className="button button-secondary" onClick={() => void orders.refetch()}>
            {t('history.retry')}
          </button>
        </div>
      ) : orders.data.length === 0 ? (
        <div className="card checkout-empty">
          <p>{t('history.empty')}</p>
          <Link href="/" className="button button-primary">
            {t('history.to_menu')}
          </Link>
        </div>
      ) : (
        <ul className="order-history">
          {orders.data.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              busy={busy === order.id}
              onOrderAgain={() => void orderAgain(order)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function OrderCard({ order, busy, onOrderAgain }: { order: Order; busy: boolean; onOrderAgain: () => void }) {
  const { t, i18n } = useTranslation('orders');
  const money = useMoney(useCurrency());
  const { data: store } = useStore();
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const titleId = `order-${order.id}-title`;
  return (
    <li className="card order-card" aria-labelledby={titleId}>
      <div className="order-card-head">
        <div>
          <h2 id={titleId} className="order-card-title">
            {t('history.order_title', { id: order.id })}
          </h2>
          <p className="checkout-hint">
            {formatStoreDateTime(order.created_at, store?.timezone ?? 'Europe/Berlin', i18n.language)} ·{' '}
            {t('history.items_count', { count })} · <PaymentLineText order={order} />
          </p>
        </div>
        <span className={`order-badge order-badge-${order.status}`}>{t(`history.status.${order.status}`)}</span>
      </div>
      <p className="order-card-items">
        {order.items.map((item) => `${item.quantity} × ${item.display_name}`).join(', ')}
      </p>
      <div className="order-card-foot">
        <p className="order-card-total">{money(toCents(order.total))}</p>
        <div className="order-card-actions">
          <Link
            href={`/order/${order.id}`}
            className="button button-secondary"
            aria-label={t('history.view_label', { id: order.id })}
          >
            {t('history.view')}
          </Link>
          <button
            type="button"
            className="button button-primary"
            aria-label={t('history.order_again_label', { id: order.id })}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onOrderAgain}
          >
            {t('history.order_again')}
          </button>
        </div>
      </div>
    </li>
  );
}
