import { Dialog } from '@base-ui/react/dialog';
import { useTranslation } from 'react-i18next';
import type { AdminOrder, Order } from '@pizzeria/domain';
import { CloseIcon } from '../../../lib/icons.tsx';
import { useAdminOrder } from '../orders/api/get-admin-order.ts';
import { OrderDetails } from '../orders/order-details.tsx';
import type { StoreClock } from '../orders/use-store-clock.ts';
import { QueryState } from '../shell/query-state.tsx';
import type { OrderAction } from './api/order-actions.ts';
import { OrderActionsPanel } from './order-actions-panel.tsx';

/** The kitchen ticket's page, printing itself when opened this way (see `TicketPage`). */
export function ticketHref(orderId: number): string {
  return `${import.meta.env.BASE_URL}admin/orders/${orderId}/ticket?print=1`;
}

interface OrderDialogProps {
  /** The order as the board has it (live); its details (with history) load alongside. */
  order: Order | null;
  clock: StoreClock;
  onClose: () => void;
  onDone: (order: Order, action: OrderAction) => void;
}

/**
 * An order opened from the board: what was ordered beside (tablet) or above (phone) what to do with it,
 * the buttons that decide always in view at the bottom. The title names the order once.
 */
export function OrderDialog({ order, clock, onClose, onDone }: OrderDialogProps) {
  return (
    <Dialog.Root open={order !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog-popup board-dialog">
          {order ? <OrderDialogBody order={order} clock={clock} onDone={onDone} /> : null}
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OrderDialogBody({
  order,
  clock,
  onDone,
}: {
  order: Order;
  clock: StoreClock;
  onDone: OrderDialogProps['onDone'];
}) {
  const { t } = useTranslation('adminBoard');
  const details = useAdminOrder(order.id);
  // What was ordered shows at once from the board's own copy; the history joins it when the details come.
  const shown: AdminOrder = details.data ?? { ...order, history: [], refund_failure: null };
  return (
    <>
      <div className="dialog-header board-dialog-header">
        <Dialog.Title className="dialog-title">{t('dialog.title', { number: order.id })}</Dialog.Title>
        <div className="board-dialog-tools">
          <a className="button button-secondary" href={ticketHref(order.id)} target="_blank" rel="noopener">
            {t('dialog.print')}
          </a>
          <Dialog.Close className="icon-button" aria-label={t('dialog.close')}>
            <CloseIcon />
          </Dialog.Close>
        </div>
      </div>
      {/* Not keyed by status: a refusal ("Maria accepted it at 19:02") stays when the channel brings that change. */}
      <OrderActionsPanel
        order={order}
        clock={clock}
        onDone={onDone}
        contents={
          <>
            <OrderDetails order={shown} />
            {details.isError ? <QueryState query={details} /> : null}
          </>
        }
      />
    </>
  );
}
