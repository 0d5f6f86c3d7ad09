import { LineHalves } from '../../../lib/line-halves.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderType } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useNumberFormat } from '../../../lib/use-number-format.ts';
import { useCurrency } from '../../store/index.ts';

/** One line of an order as the summary shows it; amounts in cents. */
export interface SummaryLine {
  key: string;
  quantity: number;
  name: string;
  extras: readonly { id: number; name: string; quantity: number; price: number }[];
  /** A half-and-half pizza's halves, each with its toppings (then `extras` is empty). */
  halves?: readonly SummaryHalf[] | null;
  total: number;
  deposit: number;
}

/** One half of a half-and-half pizza as the summary names it. */
export interface SummaryHalf {
  name: string;
  extras: readonly { id: number; name: string; quantity: number }[];
}

/** An order's totals; amounts in cents. */
export interface SummaryTotals {
  orderType: OrderType;
  subtotal: number;
  discount: number;
  discountPercent: number;
  /** What the voucher took off the goods, with its code; absent or 0 without one. */
  voucher?: number;
  voucherCode?: string | null;
  deposit: number;
  deliveryFee: number;
  total: number;
  vat: readonly { rate: number; amount: number }[];
}

/**
 * The lines, note and totals of an order: the checkout shows the cart so before it is placed, the order
 * page the order as it was charged, in the same words. `children` goes between the note and the totals.
 */
export function OrderSummaryView({
  lines,
  note,
  totals,
  children,
}: {
  lines: readonly SummaryLine[];
  note: string | null;
  totals: SummaryTotals;
  children?: ReactNode;
}) {
  const { t } = useTranslation('orders');
  const money = useMoney(useCurrency());
  const number = useNumberFormat();
  const delivery = totals.orderType === 'delivery';
  return (
    <>
      <ul className="checkout-lines" aria-label={t('order.lines_label')}>
        {lines.map((line) => (
          <li key={line.key} className="checkout-line">
            <div>
              <p className="checkout-line-name">
                {t('order.quantity_name', { quantity: line.quantity, name: line.name })}
              </p>
              {line.halves && (
                <LineHalves
                  halves={line.halves}
                  className="checkout-line"
                  label={t('order.halves_label')}
                  halfName={(name) => t('order.half_name', { name })}
                  extraText={({ name, quantity }) =>
                    quantity > 1 ? t('order.extra_quantity', { quantity, name }) : name
                  }
                />
              )}
              {line.extras.length > 0 && (
                <ul className="checkout-line-extras">
                  {line.extras.map((extra) => (
                    <li key={extra.id}>
                      {extra.quantity > 1
                        ? t('order.extra_quantity', { quantity: extra.quantity, name: extra.name })
                        : extra.name}
                      {extra.price > 0 && ` +${money(extra.price * extra.quantity)}`}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="checkout-line-amounts">
              <p className="checkout-line-total">{money(line.total)}</p>
              {line.deposit > 0 && (
                <p className="checkout-line-deposit">{t('order.line_deposit', { amount: money(line.deposit) })}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
      {note && (
        <div className="checkout-note">
          <p className="checkout-note-label">{t('order.note')}</p>
          <p>{note}</p>
        </div>
      )}
      {children}
      <dl className="checkout-totals">
        <div>
          <dt>{t('order.subtotal')}</dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 && (
          <div className="checkout-totals-discount">
            <dt>
              {t(delivery ? 'order.discount_delivery' : 'order.discount_pickup', {
                percent: number(totals.discountPercent),
              })}
            </dt>
            <dd>−{money(totals.discount)}</dd>
          </div>
        )}
        {totals.voucher && totals.voucher > 0 ? (
          <div className="checkout-totals-discount">
            <dt>{t('order.voucher', { code: totals.voucherCode ?? '' })}</dt>
            <dd>−{money(totals.voucher)}</dd>
          </div>
        ) : null}
        {totals.deposit > 0 && (
          <div>
            <dt>{t('order.deposit')}</dt>
            <dd>{money(totals.deposit)}</dd>
          </div>
        )}
        {delivery && (
          <div>
            <dt>{t('order.delivery_fee')}</dt>
            <dd>{totals.deliveryFee > 0 ? money(totals.deliveryFee) : t('order.free')}</dd>
          </div>
        )}
        <div className="checkout-totals-total">
          <dt>{t('order.total')}</dt>
          <dd>{money(totals.total)}</dd>
        </div>
        {totals.vat.map((share) => (
          <div key={share.rate} className="checkout-totals-vat">
            <dt>{t('order.vat', { rate: number(share.rate) })}</dt>
            <dd>{money(share.amount)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
