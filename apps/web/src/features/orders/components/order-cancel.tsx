import { AlertDialog } from '@base-ui/react/alert-dialog';
import { useTranslation } from 'react-i18next';
import { formatPhone, telHref, type Order } from '@pizzeria/domain';
import { useCancelOrder } from '../api/cancel-order.ts';
import { failureMessage } from './failure-message.ts';

interface OrderCancelProps {
  order: Order;
  /** A guest's tracking token; null for the signed-in customer. */
  token: string | null;
  /** The restaurant's phone number (the store's settings), empty when it has none. */
  phone: string;
}

/**
 * Below the order's status: while the restaurant has not answered, "Bestellung stornieren" (asking
 * first); once it took the order, its phone number instead, for changes and questions. A refusal (the
 * kitchen accepted at the same moment) is said in the server's words, which give the number too.
 */
export function OrderCancel({ order, token, phone }: OrderCancelProps) {
  const { t } = useTranslation('orders');
  const cancel = useCancelOrder();
  const refusal = cancel.isError ? (
    <p className="form-error" role="alert">
      {failureMessage(cancel.error, t('cancel.error'))}
    </p>
  ) : null;

  if (order.status === 'waiting')
    return (
      <section className="card checkout-section order-cancel" aria-label={t('cancel.label')}>
        <p className="checkout-hint">{t('cancel.intro')}</p>
        {refusal}
        <AlertDialog.Root>
          <AlertDialog.Trigger className="button button-secondary order-cancel-button" disabled={cancel.isPending}>
            {cancel.isPending ? t('cancel.cancelling') : t('cancel.button')}
          </AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Backdrop className="dialog-backdrop" />
            <AlertDialog.Popup className="dialog-popup">
              <AlertDialog.Title className="dialog-title">{t('cancel.confirm_title')}</AlertDialog.Title>
              <AlertDialog.Description className="dialog-description">
                {order.payment_method === 'paypal' && order.payment_status === 'paid'
                  ? t('cancel.confirm_text_paid')
                  : t('cancel.confirm_text')}
              </AlertDialog.Description>
              <div className="dialog-actions">
                <AlertDialog.Close className="button button-secondary">{t('cancel.keep')}</AlertDialog.Close>
                <AlertDialog.Close
                  className="button button-primary"
                  onClick={() => cancel.mutate({ id: order.id, token })}
                >
                  {t('cancel.confirm')}
                </AlertDialog.Close>
              </div>
            </AlertDialog.Popup>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      </section>
    );

  if ((order.status === 'accepted' || order.status === 'ready') && phone)
    return (
      <section className="card checkout-section order-cancel" aria-labelledby="order-call-title">
        <h2 id="order-call-title">{t('cancel.call_title')}</h2>
        {refusal}
        <p className="checkout-hint">
          {t('cancel.call_hint')}{' '}
          <a href={telHref(phone)} className="order-call-link">
            {formatPhone(phone)}
          </a>
        </p>
      </section>
    );

  return refusal;
}
