import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ReorderChange } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { dismissReorderNotice, useCart } from '../cart-store.ts';
import './reorder-notice.css';

/** One change "order again" made, in words ("Pizza Salami kostet jetzt 9,90 € statt 8,90 €."). */
export function reorderChangeText(
  t: TFunction<'cart'>,
  money: (cents: number) => string,
  change: ReorderChange,
): string {
  switch (change.kind) {
    case 'price_changed':
      return t('reorder.price_changed', {
        name: change.name,
        old: money(change.oldPrice),
        new: money(change.newPrice),
      });
    case 'dish_gone':
      return t(change.reason === 'sold_out' ? 'reorder.dish_gone_sold_out' : 'reorder.dish_gone_not_offered', {
        name: change.name,
      });
    case 'size_gone':
      return t('reorder.size_gone', { name: change.name, size: change.size });
    case 'topping_removed':
      return t(
        change.reason === 'sold_out' ? 'reorder.topping_removed_sold_out' : 'reorder.topping_removed_not_offered',
        {
          name: change.name,
          topping: change.topping,
        },
      );
    case 'half_gone':
      return t(change.reason === 'sold_out' ? 'reorder.half_gone_sold_out' : 'reorder.half_gone_not_offered', {
        name: change.name,
        half: change.half,
      });
  }
}

/**
 * Above the cart's lines after "order again": which order came back, and everything that differs from
 * it (docs/product/orders.md), until the customer dismisses it.
 */
export function ReorderNotice() {
  const { t } = useTranslation('cart');
  const money = useMoney(useCurrency());
  const reorder = useCart((state) => state.reorder);
  const empty = useCart((state) => state.items.length === 0);
  if (!reorder) return null;
  const { orderId, changes } = reorder;
  return (
    <section className="reorder-notice" role="status" aria-labelledby="reorder-notice-title">
      <p id="reorder-notice-title" className="reorder-notice-title">
        {t('reorder.title', { id: orderId })}
      </p>
      {changes.length === 0 ? (
        <p>{t('reorder.unchanged')}</p>
      ) : (
        <>
          <p>{t(empty ? 'reorder.nothing_left' : 'reorder.changed_intro')}</p>
          <ul className="reorder-notice-changes">
            {changes.map((change, index) => (
              <li key={index}>{reorderChangeText(t, money, change)}</li>
            ))}
          </ul>
        </>
      )}
      <button
        type="button"
        className="button button-secondary reorder-notice-dismiss"
        aria-describedby="reorder-notice-title"
        onClick={dismissReorderNotice}
      >
        {t('reorder.dismiss')}
      </button>
    </section>
  );
}
