import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { openCart } from '../cart-dialog-store.ts';
import { useCart } from '../cart-store.ts';
import { useCartTotals } from '../use-cart-totals.ts';

/**
 * On phones, a bar at the bottom of the menu leads to the cart once something is in it. Like the
 * header's button it shows the value of the goods; the total with fee and discount is in the cart.
 */
export function CartBar() {
  const { t } = useTranslation('cart');
  const money = useMoney(useCurrency());
  const { itemCount, subtotal } = useCartTotals();
  const ordered = useCart((state) => state.ordered);
  // Nothing to lead to once the cart is ordered: the header says so, and the next dish starts anew.
  if (itemCount === 0 || ordered) return null;
  return (
    <div className="cart-bar only-mobile">
      <button type="button" className="cart-bar-button" aria-haspopup="dialog" onClick={openCart}>
        <span className="cart-bar-count" aria-hidden="true">
          {itemCount}
        </span>
        <span className="cart-bar-label">{t('view_cart')}</span>
        <span className="sr-only">{t('items_count', { count: itemCount })}</span>
        <span className="cart-bar-total">{money(subtotal)}</span>
      </button>
    </div>
  );
}
