import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../lib/icons.tsx';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { openCart } from '../cart-dialog-store.ts';
import { useCart } from '../cart-store.ts';
import { useCartTotals } from '../use-cart-totals.ts';
import { CartDialogHost } from './cart-dialog-host.tsx';
import '../cart.css';

function BasketIcon() {
  return (
    <svg className="cart-button-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M3 9h18l-1.6 9.1a2 2 0 0 1-2 1.6H6.6a2 2 0 0 1-2-1.6L3 9Zm5 0 3-5m5 5-3-5M9 13v3m6-3v3"
      />
    </svg>
  );
}

/**
 * The header's cart button: item count and the value of the goods, opens the cart dialog. The delivery
 * fee and the discount depend on choices made in the cart, so the total is shown there, not here.
 * The dialog (a lazy chunk) is mounted by the first cart button on the page, so render as many
 * buttons as the layout needs.
 */
export function CartButton({ className }: { className?: string }) {
  const { t } = useTranslation('cart');
  const money = useMoney(useCurrency());
  const { itemCount, subtotal } = useCartTotals();
  // An ordered cart is never shown as a live one: it looked as if the order had failed.
  const ordered = useCart((state) => state.ordered) && itemCount > 0;
  const label = ordered
    ? t('button_label_ordered')
    : itemCount > 0
      ? t('button_label_items', { count: itemCount, value: money(subtotal) })
      : t('button_label');
  return (
    <>
      <button
        type="button"
        className={['cart-button', itemCount > 0 && !ordered ? 'has-items' : '', ordered ? 'is-ordered' : '', className]
          .filter(Boolean)
          .join(' ')}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={openCart}
      >
        <span className="cart-button-figure">
          <BasketIcon />
          {ordered ? (
            <span className="cart-button-badge is-ordered" aria-hidden="true">
              <CheckIcon width="12" height="12" strokeWidth="3" />
            </span>
          ) : itemCount > 0 ? (
            <span key={itemCount} className="cart-button-badge" aria-hidden="true">
              {itemCount}
            </span>
          ) : null}
        </span>
        <span className="cart-button-total" aria-hidden="true">
          {ordered ? t('ordered_short') : itemCount > 0 ? money(subtotal) : t('button_label')}
        </span>
      </button>
      <CartDialogHost />
    </>
  );
}
