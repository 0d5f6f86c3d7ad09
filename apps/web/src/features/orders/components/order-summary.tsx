import { useTranslation } from 'react-i18next';
import { toCents, type Order } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useNumberFormat } from '../../../lib/use-number-format.ts';
import { useCurrency } from '../../store/index.ts';

/** An order's lines and totals exactly as the server stored and charged them. */
export function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const money = useMoney(useCurrency());
  const number = useNumberFormat();
  const euros = (amount: number) => money(toCents(amount));
  return (
    <>
      <ul className="checkout-lines" aria-label={t('order.lines_label')}>
        {order.items.map((item, index) => (
          <li key={`${item.product_id}-${index}`} className="checkout-line">
            <div>
              <p className="checkout-line-name">
                {t('order.quantity_name', { quantity: item.quantity, name: item.display_name })}
              </p>
              {item.extras.length > 0 && (
                <ul className="checkout-line-extras">
                  {item.extras.map((extra) => (
                    <li key={extra.id}>
                      {extra.quantity > 1
                        ? t('order.extra_quantity', { quantity: extra.quantity, name: extra.name })
                        : extra.name}
                      {extra.price > 0 && ` +${euros(extra.price * extra.quantity)}`}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="checkout-line-amounts">
              <p className="checkout-line-total">{euros(item.line_total)}</p>
              {item.deposit_total > 0 && (
                <p className="checkout-line-deposit">
                  {t('order.line_deposit', { amount: euros(item.deposit_total) })}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      {order.note && (
        <div className="checkout-note">
          <p className="checkout-note-label">{t('order.note')}</p>
          <p>{order.note}</p>
        </div>
      )}
      <dl className="checkout-totals">
        <div>
          <dt>{t('order.subtotal')}</dt>
          <dd>{euros(order.subtotal)}</dd>
        </div>
        {order.discount > 0 && (
          <div className="checkout-totals-discount">
            <dt>
              {t(order.order_type === 'delivery' ? 'order.discount_delivery' : 'order.discount_pickup', {
                percent: number(order.discount_percentage),
              })}
            </dt>
            <dd>−{euros(order.discount)}</dd>
          </div>
        )}
        {order.deposit > 0 && (
          <div>
            <dt>{t('order.deposit')}</dt>
            <dd>{euros(order.deposit)}</dd>
          </div>
        )}
        {order.order_type === 'delivery' && (
          <div>
            <dt>{t('order.delivery_fee')}</dt>
            <dd>{order.delivery_fee > 0 ? euros(order.delivery_fee) : t('order.free')}</dd>
          </div>
        )}
        <div className="checkout-totals-total">
          <dt>{t('order.total')}</dt>
          <dd>{euros(order.total)}</dd>
        </div>
        {order.vat.map((share) => (
          <div key={share.percentage} className="checkout-totals-vat">
            <dt>{t('order.vat', { rate: number(share.percentage) })}</dt>
            <dd>{euros(share.amount)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
