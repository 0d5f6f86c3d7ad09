import './register-texts.ts';
import './orders-page.css';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@base-ui/react/dialog';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useSearchParams } from 'wouter';
import {
  formatPhone,
  toCents,
  type OrderSearchFilters,
  type OrderSearchRow,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@pizzeria/domain';
import { CloseIcon } from '../../../lib/icons.tsx';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { QueryState } from '../shell/query-state.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { useAdminOrder } from './api/get-admin-order.ts';
import { useOrderSearch } from './api/search-orders.ts';
import { OrderDetails } from './order-details.tsx';
import { PaymentPill } from './payment-pill.tsx';
import { useStoreClock } from './use-store-clock.ts';

/** How long typing pauses before the search is sent (and written to the address). */
const SEARCH_DELAY_MS = 300;

const STATUSES: readonly OrderStatus[] = [
  'waiting',
  'accepted',
  'ready',
  'completed',
  'rejected',
  'cancelled',
  'pending_payment',
  'expired',
];
const PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'paypal'];
const PAYMENT_STATES: readonly PaymentStatus[] = [
  'paid',
  'unpaid',
  'pending',
  'declined',
  'refund_pending',
  'refunded',
  'refund_failed',
  'reversed',
];

/** The address's keys of the filters; `order` is the order opened over the list. */
const FILTER_KEYS = ['q', 'from', 'to', 'status', 'payment_method', 'payment_status'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The search as the address holds it (so the back button and a shared link bring it back); a value
 * the address carries that no filter has is left out, not sent to be refused.
 */
function filtersFrom(params: URLSearchParams): Partial<OrderSearchFilters> {
  const pick = <T extends string>(key: FilterKey, allowed?: readonly T[]) => {
    const value = params.get(key)?.trim() ?? '';
    if (value === '') return undefined;
    if (allowed && !allowed.includes(value as T)) return undefined;
    if ((key === 'from' || key === 'to') && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
    return value as T;
  };
  return {
    q: pick('q'),
    from: pick('from'),
    to: pick('to'),
    status: pick('status', STATUSES),
    payment_method: pick('payment_method', PAYMENT_METHODS),
    payment_status: pick('payment_status', PAYMENT_STATES),
  };
}

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
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-page-head">
        <h1 id="admin-page-title">{t('pages.orders')}</h1>
        <p className="admin-muted">{tSearch('intro')}</p>
      </div>
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
    </section>
  );
}

function OrderFilters({
  filters,
  onChange,
  onReset,
}: {
  filters: Partial<OrderSearchFilters>;
  onChange: (change: Partial<Record<FilterKey, string>>, options?: { replace?: boolean }) => void;
  onReset: (() => void) | undefined;
}) {
  const { t } = useTranslation('adminOrders');
  const { t: tAdmin } = useTranslation('admin');
  const id = useId();
  const sent = filters.q ?? '';
  const [typed, setTyped] = useState(sent);
  // The address changed by itself (back button, reset): the box shows what is searched.
  const [lastSent, setLastSent] = useState(sent);
  if (lastSent !== sent) {
    setLastSent(sent);
    setTyped(sent);
  }
  useEffect(() => {
    if (typed.trim() === sent) return;
    const timer = setTimeout(() => onChange({ q: typed.trim() }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, sent, onChange]);

  const choose = (key: FilterKey) => (event: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
    onChange({ [key]: event.target.value });

  return (
    <search className="orders-filters" aria-label={t('search.filters')}>
      <div className="admin-field orders-query">
        <label className="field-label" htmlFor={`${id}-q`}>
          {t('search.query')}
        </label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          value={typed}
          placeholder={t('search.query_placeholder')}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <div className="admin-field">
        <label className="field-label" htmlFor={`${id}-from`}>
          {t('search.from')}
        </label>
        <input
          id={`${id}-from`}
          className="input"
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={choose('from')}
        />
      </div>
      <div className="admin-field">
        <label className="field-label" htmlFor={`${id}-to`}>
          {t('search.to')}
        </label>
        <input
          id={`${id}-to`}
          className="input"
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={choose('to')}
        />
      </div>
      <div className="admin-field">
        <label className="field-label" htmlFor={`${id}-status`}>
          {t('search.status')}
        </label>
        <select id={`${id}-status`} className="input" value={filters.status ?? ''} onChange={choose('status')}>
          <option value="">{t('search.all')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {tAdmin(`status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label className="field-label" htmlFor={`${id}-method`}>
          {t('search.payment_method')}
        </label>
        <select
          id={`${id}-method`}
          className="input"
          value={filters.payment_method ?? ''}
          onChange={choose('payment_method')}
        >
          <option value="">{t('search.all')}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`payment.${method}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label className="field-label" htmlFor={`${id}-state`}>
          {t('search.payment_status')}
        </label>
        <select
          id={`${id}-state`}
          className="input"
          value={filters.payment_status ?? ''}
          onChange={choose('payment_status')}
        >
          <option value="">{t('search.all')}</option>
          {PAYMENT_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`payment.${state}`)}
            </option>
          ))}
        </select>
      </div>
      {onReset && (
        <button type="button" className="button button-secondary orders-reset" onClick={onReset}>
          {t('search.reset')}
        </button>
      )}
    </search>
  );
}

// The server searches and pages; the table only lays out the rows it sent.
const features = tableFeatures({});
const column = createColumnHelper<typeof features, OrderSearchRow>();
type ColumnId = 'number' | 'placed' | 'customer' | 'type' | 'order_status' | 'payment' | 'total';

/**
 * The orders found (TanStack Table). Each cell names its column (`data-label`), so on a phone a row
 * stacks into a card that still says what each value is; the number heads its row and opens the order.
 */
function OrdersTable({
  orders,
  busy,
  onOpen,
}: {
  orders: OrderSearchRow[];
  busy: boolean;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('adminOrders', { keyPrefix: 'search' });
  const { t: tAdmin } = useTranslation('admin');
  const clock = useStoreClock();
  const money = useMoney(useCurrency());
  const columns = useMemo(
    () => [
      column.display({
        id: 'number',
        cell: ({ row }) => (
          <button
            type="button"
            className="orders-open"
            aria-label={t('open', { id: row.original.id })}
            onClick={() => onOpen(row.original.id)}
          >
            #{row.original.id}
          </button>
        ),
      }),
      column.display({
        id: 'placed',
        cell: ({ row }) => <time dateTime={row.original.created_at}>{clock.dateTime(row.original.created_at)}</time>,
      }),
      column.display({ id: 'customer', cell: ({ row }) => <Customer order={row.original} /> }),
      column.display({ id: 'type', cell: ({ row }) => tAdmin(`order_type.${row.original.order_type}`) }),
      column.display({
        id: 'order_status',
        cell: ({ row }) => (
          <span className="admin-status" data-status={row.original.status}>
            {tAdmin(`status.${row.original.status}`)}
          </span>
        ),
      }),
      column.display({ id: 'payment', cell: ({ row }) => <Payment order={row.original} /> }),
      column.display({ id: 'total', cell: ({ row }) => money(toCents(row.original.total)) }),
    ],
    [t, tAdmin, clock, money, onOpen],
  );
  const table = useTable({ features, columns, data: orders, getRowId: (order) => String(order.id) });
  const heading = (id: string) => t(id as ColumnId);

  return (
    <div className="admin-table-wrap">
      <table className="admin-table orders-table" aria-busy={busy || undefined}>
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr>
            {table.getHeaderGroups()[0]?.headers.map((header) => (
              <th key={header.id} scope="col" className={header.column.id === 'total' ? 'admin-num' : undefined}>
                {heading(header.column.id)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => {
                const id = cell.column.id;
                const content = <table.FlexRender cell={cell} />;
                if (id === 'number')
                  return (
                    <th key={cell.id} scope="row" className="orders-number">
                      {content}
                    </th>
                  );
                return (
                  <td
                    key={cell.id}
                    className={`orders-${id}-cell${id === 'total' ? ' admin-num' : ''}`}
                    data-label={heading(id)}
                  >
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Customer({ order }: { order: OrderSearchRow }) {
  return (
    <span className="orders-customer">
      <span className="orders-customer-name">{order.customer_name}</span>
      <span className="admin-muted">{formatPhone(order.phone)}</span>
    </span>
  );
}

/** The method, and for PayPal where its payment stands (the pill says "PayPal" itself once paid). */
function Payment({ order }: { order: OrderSearchRow }) {
  const { t } = useTranslation('adminOrders');
  const named = order.payment_method === 'cash' || order.payment_status === 'paid' || order.payment_status === null;
  return (
    <span className="orders-payment">
      {!named && <span>{t('payment.paypal')}</span>}
      <PaymentPill order={order} />
    </span>
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
