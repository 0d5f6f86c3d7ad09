import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../lib/icons.tsx';
import { openCart, useCartDialog } from '../../cart/index.ts';
import { clearAnnouncement, useAnnouncement } from '../announcer.ts';

const VISIBLE_MS = 4000;

/**
 * Confirms what was added: a polite live region for screen readers that is also shown as a short
 * toast, with a way to the cart.
 */
export function AddToast() {
  const { t } = useTranslation('menu');
  const { message, id } = useAnnouncement();
  const cartOpen = useCartDialog((state) => state.open);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(clearAnnouncement, VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [message, id]);
  // Its way to the cart is taken: it must not come back over what follows the cart (the login modal).
  useEffect(() => {
    if (cartOpen) clearAnnouncement();
  }, [cartOpen]);
  return (
    <div className={`add-toast${message && !cartOpen ? ' is-visible' : ''}`}>
      <div className="add-toast-message" role="status" aria-live="polite" aria-atomic="true">
        {message && (
          <>
            <CheckIcon className="add-toast-icon" />
            {/* The key makes a repeated message a new text node, so it is announced again. */}
            <span key={id}>{message}</span>
          </>
        )}
      </div>
      {message && (
        <button type="button" className="add-toast-action" onClick={openCart}>
          {t('show_cart')}
        </button>
      )}
    </div>
  );
}
