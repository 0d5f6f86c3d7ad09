import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CartItem } from '@pizzeria/domain';
import { requestLineEdit } from '../cart-dialog-store.ts';
import { soldOutToppingNames, useCart } from '../cart-store.ts';
import './sold-out-notice.css';

/**
 * A cart line whose dish sold out today: named ("Pizza Salami (groß) ist heute ausverkauft"), with the
 * one tap that removes it. A line with a topping sold out today names the topping ("Extra Salami ist
 * heute ausverkauft – bitte Position bearbeiten") and leads to editing the line. The cart shows it in
 * the line, the checkout above its summary.
 */
export function SoldOutNotice({ item }: { item: CartItem }) {
  const { t } = useTranslation('cart');
  const remove = useCart((state) => state.remove);
  const dishSoldOut = useCart((state) => state.soldOut.includes(item.id));
  const soldOutToppings = useCart((state) => state.soldOutToppings);
  const [pathname, navigate] = useLocation();
  const name = item.displayName;
  const lineId = useId();
  const toppings = dishSoldOut ? [] : soldOutToppingNames(item, soldOutToppings);
  const edit = () => {
    requestLineEdit(item.uniqueKey);
    // The product dialog lives on the menu page.
    if (pathname !== '/') navigate('/');
  };
  return (
    <div className="sold-out-notice" role="status">
      <p id={lineId}>
        {toppings.length > 0
          ? t('sold_out_topping_line', { count: toppings.length, names: toppings.join(', '), name })
          : t('sold_out_line', { name })}
      </p>
      {/* Named by what it says (as speech input hears it), described by the line it concerns. */}
      {toppings.length > 0 ? (
        <button
          type="button"
          className="button button-secondary sold-out-remove"
          aria-describedby={lineId}
          onClick={edit}
        >
          {t('sold_out_edit')}
        </button>
      ) : (
        <button
          type="button"
          className="button button-secondary sold-out-remove"
          aria-describedby={lineId}
          onClick={() => remove(item.uniqueKey)}
        >
          {t('sold_out_remove')}
        </button>
      )}
    </div>
  );
}
