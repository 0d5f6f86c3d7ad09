import '../../styles/order-pages.css';
import './orders.css';
import './register-texts.ts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { formatPhone, mapLink, type Order } from '@pizzeria/domain';
import { ApiRequestError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../session/index.ts';
import { useStore } from '../store/index.ts';
import { useStoreStatus } from '../store-status/index.ts';
import {
  PayCashButton,
  PaymentAlert,
  PayPalPayment,
  describePaymentFailure,
  payCash,
  usePaymentMethods,
  type PaymentProblem,
} from '../payments/index.ts';
import { orderQueryOptions } from './api/get-order.ts';
import { GuestDataSection } from './components/guest-data-section.tsx';
import { isFinished, OrderAgainButton } from './components/order-again-button.tsx';
import { OrderCancel } from './components/order-cancel.tsx';
import { OrderSummary } from './components/order-summary.tsx';
import { PaymentLineText } from './components/payment-line-text.tsx';
import { refundState } from './payment-line.ts';
import { formatStoreDateTime, formatStoreTime, formatStoreTimeOrDate, storeDayUnlessToday } from './format-time.ts';
import { useLiveOrder } from './use-live-order.ts';

const DEFAULT_TIME_ZONE = 'Europe/Berlin';

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** `/order/:id`: the order's status, live until it is finished. */
export default function OrderPage() {
  const { t } = useTranslation('orders');
  const params = useParams<{ id: string }>();
  const [search] = useSearchParams();
  const id = parseId(params.id);
  const token = search.get('token');
  usePageTitle(t('order.page_title', { id: params.id ?? '' }));
  if (id === null) return <OrderProblem message={t('order.not_found')} />;
  return <OrderView id={id} token={token} />;
}

function OrderView({ id, token }: { id: number; token: string | null }) {
  const { t, i18n } = useTranslation('orders');
  const { user, token: accessToken } = useSession();
  const order = useLiveOrder(id, token, accessToken);
  const { data: store } = useStore();
  const timeZone = store?.timezone ?? DEFAULT_TIME_ZONE;

  if (order.isPending) {
    return (
      <div className="container page checkout-page">
        <div className="card order-status order-status-waiting" role="status">
          <span className="order-spinner" aria-hidden="true" />
          <p className="order-status-title">{t('order.processing')}</p>
        </div>
      </div>
    );
  }
  if (order.isError) {
    const error = order.error instanceof ApiRequestError ? order.error : null;
    const gone = error !== null && [401, 403, 404].includes(error.status);
    // Too many wrong links from this connection: the server's message says how long to wait.
    const held = error?.status === 429;
    return (
      <OrderProblem
        message={gone ? t('order.not_found') : held ? error.message : t('order.load_error')}
        onRetry={gone ? undefined : () => void order.refetch()}
      />
    );
  }
  const data = order.data;
  return (
    <div className="container page checkout-page">
      <header className="checkout-hero">
        <h1>{t('order.title', { id: data.id })}</h1>
        <p className="checkout-intro">
          {t('order.placed_at', { date: formatStoreDateTime(data.created_at, timeZone, i18n.language) })}
        </p>
      </header>
      <div className="checkout-layout">
        <div className="checkout-main">
          {awaitsPayment(data) ? (
            <OrderPayment order={data} token={token} />
          ) : (
            <OrderStatusPanel order={data} timeZone={timeZone} />
          )}
          <OrderCancel order={data} token={token} phone={store?.phone ?? ''} />
          <section className="card checkout-section" aria-labelledby="order-details-title">
            <h2 id="order-details-title">{t('order.details')}</h2>
            <dl className="order-facts">
              <div>
                <dt>{data.order_type === 'delivery' ? t('order.delivery_to') : t('order.pickup')}</dt>
                <dd>
                  {data.customer_name}
                  {data.order_type === 'delivery' && (
                    <>
                      <br />
                      {data.address.line1}
                      {data.address.line2 ? `, ${data.address.line2}` : ''}
                      <br />
                      {data.address.zip} {data.address.city}
                    </>
                  )}
                  <br />
                  {formatPhone(data.phone)}
                </dd>
              </div>
              {data.order_type === 'pickup' && store?.address ? (
                <div>
                  <dt>{t('order.collect_from')}</dt>
                  <dd>
                    {store.name}
                    <br />
                    {store.address}
                    <br />
                    <a href={mapLink(store.address)} target="_blank" rel="noopener noreferrer">
                      {t('order.directions')}
                    </a>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{t('order.time')}</dt>
                <dd>
                  {data.requested_time
                    ? formatStoreTimeOrDate(data.requested_time, timeZone, i18n.language)
                    : t('order.asap')}
                </dd>
              </div>
              <div>
                <dt>{t('order.payment')}</dt>
                <dd>
                  <PaymentLineText order={data} />
                </dd>
              </div>
            </dl>
          </section>
          {token && !user && <GuestDataSection id={data.id} token={token} />}
        </div>
        <aside className="checkout-aside">
          <section className="card checkout-section checkout-summary" aria-label={t('order.lines_label')}>
            <OrderSummary order={data} />
          </section>
          <div className="order-links">
            {isFinished(data) && <OrderAgainButton order={data} />}
            {user && (
              <Link href="/orders" className="button button-secondary">
                {t('order.to_history')}
              </Link>
            )}
            <Link href="/" className="button button-secondary">
              {t('order.to_menu')}
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

/** The live store statuses outside the opening hours (a pause is not: staff are there). */
const CLOSED_HOURS: ReadonlySet<string> = new Set(['opens_at', 'closed_today', 'closure']);

/** The restaurant's decision and what followed it, announced politely as it changes. */
export function OrderStatusPanel({ order, timeZone }: { order: Order; timeZone: string }) {
  const { t, i18n } = useTranslation('orders');
  const label = t('order.status_label');
  // Outside the opening hours (a pre-order at night) nobody may see it yet: say when they will.
  const closedForNow = useStoreStatus((state) => CLOSED_HOURS.has(state.status.kind));
  switch (order.status) {
    case 'accepted': {
      const eta = order.eta_at ?? order.promised_at;
      const time = formatStoreTime(eta, timeZone, i18n.language);
      // A pre-order for another day says which day.
      const day = storeDayUnlessToday(eta, timeZone, i18n.language);
      const delivery = order.order_type === 'delivery';
      return (
        <DecisionBox tone="accepted" label={label}>
          <p className="order-status-title">{t('order.accepted')}</p>
          <p>
            {day
              ? t(delivery ? 'order.accepted_delivery_day' : 'order.accepted_pickup_day', { day, time })
              : t(delivery ? 'order.accepted_delivery' : 'order.accepted_pickup', { time })}
          </p>
        </DecisionBox>
      );
    }
    case 'ready': {
      const pickup = order.order_type === 'pickup';
      const time = order.eta_at ? formatStoreTime(order.eta_at, timeZone, i18n.language) : null;
      return (
        <DecisionBox tone="accepted" label={label}>
          <p className="order-status-title">{pickup ? t('order.ready_pickup') : t('order.ready_delivery')}</p>
          <p>
            {pickup
              ? t('order.ready_pickup_hint')
              : time
                ? t('order.ready_delivery_eta', { time })
                : t('order.ready_delivery_hint')}
          </p>
        </DecisionBox>
      );
    }
    case 'completed':
      return (
        <DecisionBox tone="accepted" label={label}>
          <p className="order-status-title">{t('order.completed')}</p>
          <p>{t('order.completed_hint')}</p>
        </DecisionBox>
      );
    case 'cancelled':
      if (order.cancelled_by === 'customer')
        return (
          <DecisionBox tone="rejected" label={label}>
            <p className="order-status-title">{t('order.cancelled_by_you')}</p>
            <p>{t('order.cancelled_by_you_hint')}</p>
            {order.payment_method === 'paypal' ? (
              <RefundHint order={order} />
            ) : (
              <p className="checkout-hint">{t('order.cancelled_by_you_cash')}</p>
            )}
          </DecisionBox>
        );
      return (
        <DecisionBox tone="rejected" label={label}>
          <p className="order-status-title">{t('order.cancelled')}</p>
          {order.cancellation_reason && <p>{t('order.cancelled_reason', { reason: order.cancellation_reason })}</p>}
          <RefundHint order={order} />
          <p className="checkout-hint">{t('order.cancelled_hint')}</p>
        </DecisionBox>
      );
    case 'rejected':
      return (
        <DecisionBox tone="rejected" label={label}>
          <p className="order-status-title">{t('order.rejected')}</p>
          {order.rejection_reason && <p>{t('order.rejected_reason', { reason: order.rejection_reason })}</p>}
          {order.payment_method === 'paypal' ? (
            <RefundHint order={order} />
          ) : (
            <p className="checkout-hint">{t('order.rejected_hint')}</p>
          )}
        </DecisionBox>
      );
    case 'waiting':
      return (
        <section className="card order-status order-status-waiting" role="status" aria-label={label}>
          <span className="order-spinner" aria-hidden="true" />
          <div>
            <p className="order-status-title">{t('order.waiting')}</p>
            <p className="checkout-hint">{t(closedForNow ? 'order.waiting_hint_closed' : 'order.waiting_hint')}</p>
          </div>
        </section>
      );
    case 'pending_payment':
      return <PaymentPending label={label} />;
    case 'expired': {
      const refund = refundState(order);
      return (
        <DecisionBox tone="rejected" label={label}>
          <p className="order-status-title">{t('order.expired')}</p>
          <p>
            {refund === 'refunding'
              ? t('order.expired_refund_hint')
              : refund === 'refunded'
                ? t('order.expired_refunded_hint')
                : t('order.expired_hint')}
          </p>
        </DecisionBox>
      );
    }
  }
}

/** A PayPal order the customer has still to pay: placed, declined or cancelled in PayPal's window. */
function awaitsPayment(order: Order): boolean {
  return (
    order.status === 'pending_payment' && (order.payment_status === 'unpaid' || order.payment_status === 'declined')
  );
}

/** PayPal holds the capture to check the funds: the order page follows it live. */
function PaymentPending({ label }: { label: string }) {
  const { t } = useTranslation('orders');
  const { t: tp } = useTranslation('payments');
  return (
    <section className="card order-status order-status-waiting" role="status" aria-label={label}>
      <span className="order-spinner" aria-hidden="true" />
      <div>
        <p className="order-status-title">{tp('messages.pending')}</p>
        <p className="checkout-hint">{t('order.payment_pending_hint')}</p>
      </div>
    </section>
  );
}

/** What a paid PayPal order that did not go ahead means for the money (the customer never sees a failed refund). */
function RefundHint({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const refund = refundState(order);
  if (refund === null) return null;
  return <p>{refund === 'refunded' ? t('order.refunded_hint') : t('order.refund_hint')}</p>;
}

/** An unpaid PayPal order: PayPal's buttons for it, or cash instead. */
function OrderPayment({ order, token }: { order: Order; token: string | null }) {
  const { t } = useTranslation('orders');
  const { t: tp } = useTranslation('payments');
  const queryClient = useQueryClient();
  const paypal = usePaymentMethods().data?.paypal ?? null;
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const [payingCash, setPayingCash] = useState(false);
  const payable = { id: order.id, token };
  const show = (next: Order) => queryClient.setQueryData(orderQueryOptions(order.id, token).queryKey, next);
  const payCashInstead = () => {
    setPayingCash(true);
    setProblem(null);
    payCash(payable).then(show, (error: unknown) => {
      setPayingCash(false);
      setProblem(describePaymentFailure(error));
    });
  };
  return (
    <section className="card checkout-section order-payment" aria-labelledby="order-payment-title">
      <h2 id="order-payment-title">{tp('messages.payment_not_approved')}</h2>
      <p className="checkout-hint">{t('order.pay_first_hint')}</p>
      <PaymentAlert problem={problem} />
      {paypal && (
        <PayPalPayment
          paypal={paypal}
          prepareOrder={() => Promise.resolve(payable)}
          onPaid={show}
          onProblem={setProblem}
          disabled={payingCash}
        />
      )}
      <PayCashButton onPayCash={payCashInstead} busy={payingCash} />
    </section>
  );
}

/** One of the restaurant's answers: a tick or a warning sign beside what it means for the customer. */
function DecisionBox({ tone, label, children }: { tone: 'accepted' | 'rejected'; label: string; children: ReactNode }) {
  return (
    <section className={`card order-status order-status-${tone}`} role="status" aria-label={label}>
      <span className="order-status-icon" aria-hidden="true">
        {tone === 'accepted' ? '✓' : '!'}
      </span>
      <div>{children}</div>
    </section>
  );
}

function OrderProblem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <div className="container page checkout-page">
      <div className="card checkout-empty">
        <p className="form-error" role="alert">
          {message}
        </p>
        <div className="order-links">
          {onRetry && (
            <button type="button" className="button button-primary" onClick={onRetry}>
              {t('order.retry')}
            </button>
          )}
          <Link href="/" className="button button-secondary">
            {t('order.to_menu')}
          </Link>
        </div>
      </div>
    </div>
  );
}
