import './register-texts.ts';
import './orders-page.css';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@base-ui/react/dialog';
import { useSearchParams } from 'wouter';
import { CloseIcon } from '../../../lib/icons.tsx';
import { AdminPage } from '../forms/list-editor-page.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { useAdminOrder } from './api/get-admin-order.ts';
import { useOrderSearch } from './api/search-orders.ts';
import { OrderDetails } from './order-details.tsx';
import { FILTER_KEYS, filtersFrom, OrderFilters, type FilterKey } from './order-filters.tsx';
import { OrdersTable } from './orders-table.tsx';

/** The opened order's number (`?order=123`), if the address names one. */
function openedOrder(params: URLSearchParams): number | null {
  const value = params.get('order');
  return value && /^\d{1,10}$/.test(value) ? Number(value) : null;
}

/**
 * `/orders` ("Bestellungen"): every order of the store, newest first, found by number, name, phone or
 * e-mail and filtered by day, status and payment; opening one shows it with its history. The search lives
 * in the address, so a link to it can be shared and the back button undoes a filter.
 */
export function OrdersPage() {
  const { t } = useTranslation('admin');
  const { t: tSearch } = useTranslation('adminOrders', { keyPrefix: 'search' });
  useAdminTitle(t('pages.orders'));
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const opened = openedOrder(params);

  /** The address with `change` applied; empty values leave it. Typing replaces, a choice adds a step. */
  const update = useCallback(
    (change: Partial<Record<FilterKey | 'order', string>>, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: options.replace ?? false },
      ),
    [setParams],
  );

  const search = useOrderSearch(filters);
  const rows = useMemo(() => search.data?.pages.flatMap((page) => page.orders) ?? [], [search.data]);
  const filtered = FILTER_KEYS.some((key) => filters[key] !== undefined);

  return (
    <AdminPage title={t('pages.orders')} intro={tSearch('intro')}>
      <OrderFilters
        filters={filters}
        onChange={update}
        onReset={filtered ? () => setParams(opened === null ? {} : { order: String(opened) }) : undefined}
      />
      {!search.data ? (
        <QueryState query={search} />
      ) : rows.length === 0 ? (
        <p className="card orders-empty">{filtered ? tSearch('none') : tSearch('empty')}</p>
      ) : (
        <>
          <p className="admin-muted" role="status">
            {search.hasNextPage
              ? tSearch('shown_more', { shown: tSearch('shown', { count: rows.length }) })
              : tSearch('shown', { count: rows.length })}
          </p>
          <OrdersTable orders={rows} busy={search.isPlaceholderData} onOpen={(id) => update({ order: String(id) })} />
          {search.hasNextPage && (
            <button
              type="button"
              className="button button-secondary orders-more"
              disabled={search.isFetchingNextPage}
              onClick={() => void search.fetchNextPage()}
            >
              {tSearch('more')}
            </button>
          )}
        </>
      )}
      <OrderDialog orderId={opened} onClose={() => update({ order: '' })} />
    </AdminPage>
  );
}

/** The order opened from the list (or a shared link): everything about it, with its history. */
function OrderDialog({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  return (
    <Dialog.Root open={orderId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog-popup orders-dialog">
          {orderId !== null ? <OrderDialogBody orderId={orderId} /> : null}
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OrderDialogBody({ orderId }: { orderId: number }) {
  const { t } = useTranslation('adminOrders', { keyPrefix: 'search' });
  const details = useAdminOrder(orderId);
  return (
    <>
      <div className="dialog-header orders-dialog-header">
        {/* The details below head themselves with the number: the dialog's name is for screen readers. */}
        <Dialog.Title className="sr-only">{t('dialog_title', { id: orderId })}</Dialog.Title>
        <div className="orders-dialog-tools">
          <a
            className="button button-secondary"
            href={`${import.meta.env.BASE_URL}admin/orders/${orderId}/ticket?print=1`}
            target="_blank"
            rel="noopener"
          >
            {t('print')}
          </a>
          <Dialog.Close className="icon-button" aria-label={t('close')}>
            <CloseIcon />
          </Dialog.Close>
        </div>
      </div>
      {details.data ? <OrderDetails order={details.data} /> : <QueryState query={details} />}
    </>
  );
}
