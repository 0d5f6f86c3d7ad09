import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '@pizzeria/domain';
import { useCart } from '../cart-store.ts';
import './sold-out-notice.css';

/**
 * A cart line whose dish sold out today: named ("Pizza Salami (groß) ist heute ausverkauft"), with the
 * one tap that removes it. The cart shows it in the line, the checkout above its summary.
 */
export function SoldOutNotice({ item }: { item: CartItem }) {
  const { t } = useTranslation('cart');
  const remove = useCart((state) => state.remove);
  const name = item.displayName;
  const lineId = useId();
  return (
    <div className="sold-out-notice" role="status">
      <p id={lineId}>{t('sold_out_line', { name })}</p>
      {/* Named by what it says (as speech input hears it), described by the line it removes. */}
      <button
        type="button"
        className="button button-secondary sold-out-remove"
        aria-describedby={lineId}
        onClick={() => remove(item.uniqueKey)}
      >
        {t('sold_out_remove')}
      </button>
    </div>
  );
}
