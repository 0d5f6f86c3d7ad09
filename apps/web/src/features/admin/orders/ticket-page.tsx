import { LineHalves } from '../../../lib/line-halves.tsx';
import './ticket.css';
import './register-texts.ts';
import { useEffect, useLayoutEffect, useRef, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { formatPhone, toCents, type AdminOrder } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { QueryState } from '../shell/query-state.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { useAdminOrder } from './api/get-admin-order.ts';
import { useStoreClock } from './use-store-clock.ts';
import { promisedAt } from './promised-at.ts';
import { AddressLines } from './address-lines.tsx';

/**
 * `/order-online/admin/orders/{id}/ticket`: the kitchen ticket for an 80 mm thermal printer, outside the
 * back office's frame. With `?print=1` (the board's "Print", or accepting when the store prints then) it
 * opens the print dialog once the order is there; Chromium started with `--kiosk-printing` prints it
 * straight to the default printer (README).
 */
/** The paper: 80 mm wide, 3 mm margins (ticket.css), so the ticket itself is 74 mm. */
const PAPER_WIDTH_MM = 80;
const MARGIN_MM = 3;
const MM_PER_CSS_PX = 25.4 / 96;

/**
 * Sizes the printed page to the ticket: 80 mm wide and exactly as long as the ticket, so a roll printer
 * neither cuts a long order nor feeds blank paper. CSS alone cannot say "as long as the content"
 * (`size: 80mm auto` is invalid), so the length is measured and written into the named page's rule.
 */
function usePaperFittedTo(ticket: RefObject<HTMLElement | null>, loaded: boolean): void {
  useLayoutEffect(() => {
    const element = ticket.current;
    if (!loaded || !element) return;
    const style = document.createElement('style');
    document.head.append(style);
    const fit = () => {
      const lengthMm = Math.ceil(element.getBoundingClientRect().height * MM_PER_CSS_PX) + 2 * MARGIN_MM;
      style.textContent = `@page kitchen-ticket { size: ${PAPER_WIDTH_MM}mm ${lengthMm}mm; }`;
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      style.remove();
    };
  }, [ticket, loaded]);
}

export function TicketPage({ orderId }: { orderId: number }) {
  const { t } = useTranslation('adminOrders');
  useAdminTitle(t('ticket.page_title', { id: orderId }));
  const order = useAdminOrder(orderId);
  const [search] = useSearchParams();
  const printRequested = search.get('print') === '1';
  const printed = useRef(false);
  const ticket = useRef<HTMLElement>(null);
  usePaperFittedTo(ticket, order.data !== undefined);

  useEffect(() => {
    // Once per page: a refetch (focus, reconnect) must not print the ticket again.
    if (!printRequested || !order.data || printed.current) return;
    printed.current = true;
    window.print();
  }, [printRequested, order.data]);

  return (
    <main className="ticket-page">
      <div className="ticket-tools">
        <button type="button" className="button button-primary" onClick={() => window.print()} disabled={!order.data}>
          {t('ticket.print')}
        </button>
        <Link href="/home" className="button button-secondary">
          {t('ticket.back')}
        </Link>
      </div>
      {order.data ? <KitchenTicket order={order.data} ref={ticket} /> : <QueryState query={order} />}
    </main>
  );
}

/** What the ticket says of a PayPal order: paid (nothing to collect), or why it is not. */
type PayPalLine =
  | 'ticket.paid'
  | 'ticket.paypal_pending'
  | 'ticket.paypal_refund'
  | 'ticket.paypal_refunded'
  | 'ticket.paypal_reversed';

function paypalLine(order: AdminOrder): PayPalLine {
  switch (order.payment_status) {
    case 'paid':
      return 'ticket.paid';
    case 'refund_pending':
    case 'refund_failed':
      return 'ticket.paypal_refund';
    case 'refunded':
      return 'ticket.paypal_refunded';
    case 'reversed':
      return 'ticket.paypal_reversed';
    case 'unpaid':
    case 'pending':
    case 'declined':
      return 'ticket.paypal_pending';
    case null:
      return order.status === 'pending_payment' || order.status === 'expired' ? 'ticket.paypal_pending' : 'ticket.paid';
  }
}

function KitchenTicket({ order, ref }: { order: AdminOrder; ref: Ref<HTMLElement> }) {
  const { t } = useTranslation('adminOrders');
  const money = useMoney(useCurrency());
  const clock = useStoreClock();
  const euros = (amount: number) => money(toCents(amount));
  const delivery = order.order_type === 'delivery';
  const { address } = order;
  // Only an accepted order is promised; before that the kitchen sees what the customer asked for.
  const promised = promisedAt(order);

  return (
    <article className="ticket" aria-label={t('ticket.label')} ref={ref}>
      <header className="ticket-head">
        <p className="ticket-number">{t('ticket.number', { id: order.id })}</p>
        <p className="ticket-when">
          {order.requested_time ? clock.timeOrDate(order.requested_time) : t('ticket.asap')}
        </p>
        <p className="ticket-type">{delivery ? t('ticket.delivery') : t('ticket.pickup')}</p>
        <p>
          {promised !== null
            ? t('ticket.promised', { time: clock.timeOrDate(promised) })
            : order.requested_time
              ? t('ticket.requested', { time: clock.timeOrDate(order.requested_time) })
              : t('ticket.not_promised')}
        </p>
      </header>

      <ul className="ticket-lines">
        {order.items.map((item, index) => (
          <li key={`${item.product_id}-${item.variant_id ?? 0}-${index}`}>
            <p className="ticket-line">{t('ticket.line', { quantity: item.quantity, name: item.display_name })}</p>
            {item.halves && (
              <LineHalves
                halves={item.halves}
                className="ticket"
                label={t('ticket.halves')}
                halfName={(name) => t('ticket.half', { name })}
                extraText={({ name, quantity }) =>
                  quantity > 1 ? t('ticket.extra_quantity', { quantity, name }) : t('ticket.extra', { name })
                }
              />
            )}
            {item.extras.length > 0 && (
              <ul className="ticket-extras">
                {item.extras.map((extra) => (
                  <li key={extra.id}>
                    {extra.quantity > 1
                      ? t('ticket.extra_quantity', { quantity: extra.quantity, name: extra.name })
                      : t('ticket.extra', { name: extra.name })}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>

      {order.note && (
        <div className="ticket-note">
          <p className="ticket-label">{t('ticket.note')}</p>
          <p>{order.note}</p>
        </div>
      )}

      <section className="ticket-customer">
        <p className="ticket-strong">{order.customer_name}</p>
        <p>{formatPhone(order.phone)}</p>
        {delivery && <AddressLines address={address} />}
      </section>

      <section className="ticket-payment">
        <p className="ticket-pay" data-method={order.payment_method}>
          {order.payment_method === 'cash' ? t('ticket.collect', { amount: euros(order.total) }) : t(paypalLine(order))}
        </p>
        <p className="ticket-total">
          <span>{t('ticket.total')}</span> <span>{euros(order.total)}</span>
        </p>
        {order.voucher_code && (order.voucher_discount ?? 0) > 0 ? (
          <p className="ticket-small">
            {t('ticket.voucher', { code: order.voucher_code, amount: euros(order.voucher_discount ?? 0) })}
          </p>
        ) : null}
        {order.deposit > 0 && <p className="ticket-small">{t('ticket.deposit', { amount: euros(order.deposit) })}</p>}
        <p className="ticket-small">{t('ticket.placed_at', { time: clock.dateTime(order.created_at) })}</p>
      </section>
    </article>
  );
}
