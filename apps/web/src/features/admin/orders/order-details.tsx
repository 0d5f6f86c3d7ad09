import { LineHalves } from '../../../lib/line-halves.tsx';
import './order-details.css';
import './register-texts.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, toCents, type AdminOrder, type OrderHistoryEntry } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useNumberFormat } from '../../../lib/use-number-format.ts';
import { useCurrency } from '../../store/index.ts';
import { mapSearchHref, telHref } from './order-links.ts';
import { useStoreClock } from './use-store-clock.ts';
import { dueAt, promisedAt } from './promised-at.ts';
import { AddressLines } from './address-lines.tsx';
import { PaymentPill } from './payment-pill.tsx';

/**
 * Everything staff need to know about one order: what to cook, for whom, where to, how it is
 * paid and what happened to it so far. Only presentation: the board that shows it (a dialog or a side
 * panel) brings its own actions.
 */
export function OrderDetails({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('adminOrders');
  const { t: tAdmin } = useTranslation('admin');
  const clock = useStoreClock();
  const titleId = useId();
  const reason = order.status === 'rejected' ? order.rejection_reason : order.cancellation_reason;
  const promised = promisedAt(order);

  return (
    <article className="order-details" aria-labelledby={titleId}>
      <header className="order-details-head">
        <h2 id={titleId}>{t('details.title', { id: order.id })}</h2>
        <p className="order-details-tags">
          <span className="admin-status" data-status={order.status}>
            {order.cancelled_by === 'customer' ? tAdmin('cancelled_by_customer') : tAdmin(`status.${order.status}`)}
          </span>
          <span className="order-details-type" data-type={order.order_type}>
            {tAdmin(`order_type.${order.order_type}`)}
          </span>
        </p>
        <p className="admin-muted">
          <time dateTime={order.created_at}>{t('details.placed_at', { time: clock.dateTime(order.created_at) })}</time>
        </p>
        {reason && (order.status === 'rejected' || order.status === 'cancelled') && (
          <p className="order-details-reason">
            {order.status === 'rejected'
              ? t('details.rejection_reason', { reason })
              : t('details.cancellation_reason', { reason })}
          </p>
        )}
      </header>

      <dl className="order-details-facts order-details-times">
        <div>
          <dt>{t('details.requested_time')}</dt>
          <dd>
            {order.requested_time ? (
              <time dateTime={order.requested_time}>{clock.timeOrDate(order.requested_time)}</time>
            ) : (
              t('details.asap')
            )}
          </dd>
        </div>
        <div>
          <dt>{promised === null ? t('details.expected_time') : t('details.promised_time')}</dt>
          <dd>
            <time dateTime={dueAt(order)}>{clock.timeOrDate(dueAt(order))}</time>
          </dd>
        </div>
      </dl>

      <OrderLines order={order} />

      {order.note && (
        <div className="order-details-note">
          <p className="order-details-note-label">{t('details.note')}</p>
          <p>{order.note}</p>
        </div>
      )}

      <CustomerFacts order={order} />
      <OrderTotals order={order} />
      <OrderHistory history={order.history} />
    </article>
  );
}

function OrderLines({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('adminOrders');
  const money = useMoney(useCurrency());
  return (
    <ul className="order-details-lines" aria-label={t('details.lines')}>
      {order.items.map((item, index) => (
        <li key={`${item.product_id}-${item.variant_id ?? 0}-${index}`} className="order-details-line">
          <div>
            <p className="order-details-line-name">
              {t('details.quantity_name', { quantity: item.quantity, name: item.display_name })}
            </p>
            {item.halves && (
              <LineHalves
                halves={item.halves}
                className="order-details"
                label={t('details.halves')}
                halfName={(name) => t('details.half_name', { name })}
                extraText={({ name, quantity }) =>
                  quantity > 1 ? t('details.extra_quantity', { quantity, name }) : name
                }
              />
            )}
            {item.extras.length > 0 && (
              <ul className="order-details-extras">
                {item.extras.map((extra) => (
                  <li key={extra.id}>
                    {extra.quantity > 1
                      ? t('details.extra_quantity', { quantity: extra.quantity, name: extra.name })
                      : extra.name}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="order-details-line-amounts">
            <p className="order-details-line-total">{money(toCents(item.line_total))}</p>
            {item.deposit_total > 0 && (
              <p className="order-details-line-deposit">
                {t('details.line_deposit', { amount: money(toCents(item.deposit_total)) })}
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function CustomerFacts({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('adminOrders');
  const money = useMoney(useCurrency());
  const { address } = order;

  return (
    <dl className="order-details-facts">
      <div>
        <dt>{t('details.customer')}</dt>
        <dd>{order.customer_name}</dd>
      </div>
      <div>
        <dt>{t('details.phone')}</dt>
        <dd>
          <a href={telHref(order.phone)}>{formatPhone(order.phone)}</a>
        </dd>
      </div>
      {order.email && (
        <div>
          <dt>{t('details.email')}</dt>
          <dd>
            <a href={`mailto:${order.email}`}>{order.email}</a>
          </dd>
        </div>
      )}
      {order.order_type === 'delivery' && (
        <div>
          <dt>{t('details.address')}</dt>
          <dd>
            <AddressLines address={address} className="order-details-address" />
            <a href={mapSearchHref(address)} target="_blank" rel="noopener noreferrer">
              {t('details.map')}
            </a>
          </dd>
        </div>
      )}
      <div>
        <dt>{t('details.payment')}</dt>
        <dd className="order-details-payment" data-method={order.payment_method}>
          {order.payment_method === 'cash' ? (
            t('details.cash', { amount: money(toCents(order.total)) })
          ) : (
            <PaymentPill order={order} />
          )}
          {order.payment_status === 'refund_failed' && order.refund_failure ? (
            <span className="order-details-refund-failure">
              {t('details.refund_failure', { reason: order.refund_failure })}
            </span>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

function OrderTotals({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('adminOrders');
  const money = useMoney(useCurrency());
  const number = useNumberFormat();
  const euros = (amount: number) => money(toCents(amount));
  // Named as the customer saw it; an order stored without its code had the discount of its type.
  const discountCode =
    order.discount_code ?? (order.order_type === 'delivery' ? 'DELIVERY_DISCOUNT' : 'PICKUP_DISCOUNT');
  return (
    <dl className="order-details-totals" aria-label={t('details.totals')}>
      <div>
        <dt>{t('details.subtotal')}</dt>
        <dd>{euros(order.subtotal)}</dd>
      </div>
      {order.discount > 0 && (
        <div>
          <dt>
            {t(discountCode === 'DELIVERY_DISCOUNT' ? 'details.discount_delivery' : 'details.discount_pickup', {
              percent: number(order.discount_percentage),
            })}
          </dt>
          <dd>−{euros(order.discount)}</dd>
        </div>
      )}
      {order.voucher_code && (order.voucher_discount ?? 0) > 0 ? (
        <div>
          <dt>{t('details.voucher', { code: order.voucher_code })}</dt>
          <dd>−{euros(order.voucher_discount ?? 0)}</dd>
        </div>
      ) : null}
      {order.deposit > 0 && (
        <div>
          <dt>{t('details.deposit')}</dt>
          <dd>{euros(order.deposit)}</dd>
        </div>
      )}
      {order.order_type === 'delivery' && (
        <div>
          <dt>{t('details.delivery_fee')}</dt>
          <dd>{order.delivery_fee > 0 ? euros(order.delivery_fee) : t('details.free')}</dd>
        </div>
      )}
      <div className="order-details-total">
        <dt>{t('details.total')}</dt>
        <dd>{euros(order.total)}</dd>
      </div>
      {order.vat.map((share) => (
        <div key={share.percentage} className="order-details-vat">
          <dt>{t('details.vat', { rate: number(share.percentage) })}</dt>
          <dd>{euros(share.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderHistory({ history }: { history: OrderHistoryEntry[] }) {
  const { t } = useTranslation('adminOrders');
  const { t: tAdmin } = useTranslation('admin');
  const clock = useStoreClock();
  const headingId = useId();
  if (history.length === 0) return null;
  return (
    <section className="order-details-history" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('details.history')}</h3>
      <ol>
        {history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <time dateTime={entry.at}>{clock.timeOrDate(entry.at)}</time>
            <span className="admin-status" data-status={entry.status}>
              {tAdmin(`status.${entry.status}`)}
            </span>
            <span className="order-details-actor">
              {/* "Angenommen von Luca": the person who decided, by the name on their staff account. */}
              {entry.actor.kind === 'staff'
                ? t('details.by', { name: entry.actor.name ?? t('actor.staff') })
                : t(`actor.${entry.actor.kind}`)}
            </span>
            {entry.note && <p className="order-details-history-note">{entry.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
