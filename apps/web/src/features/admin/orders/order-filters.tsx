import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSearchFilters, OrderStatus, PaymentMethod, PaymentStatus } from '@pizzeria/domain';
import { Labelled } from '../forms/labelled.tsx';

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
export const FILTER_KEYS = ['q', 'from', 'to', 'status', 'payment_method', 'payment_status'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The search as the address holds it (so the back button and a shared link bring it back); a value
 * the address carries that no filter has is left out, not sent to be refused.
 */
export function filtersFrom(params: URLSearchParams): Partial<OrderSearchFilters> {
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

export function OrderFilters({
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
      <Labelled id={`${id}-q`} label={t('search.query')} className="orders-query">
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          value={typed}
          placeholder={t('search.query_placeholder')}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
      </Labelled>
      <Labelled id={`${id}-from`} label={t('search.from')}>
        <input
          id={`${id}-from`}
          className="input"
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={choose('from')}
        />
      </Labelled>
      <Labelled id={`${id}-to`} label={t('search.to')}>
        <input
          id={`${id}-to`}
          className="input"
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={choose('to')}
        />
      </Labelled>
      <FilterSelect
        id={`${id}-status`}
        label={t('search.status')}
        value={filters.status}
        options={STATUSES.map((status) => [status, tAdmin(`status.${status}`)] as const)}
        all={t('search.all')}
        onChange={choose('status')}
      />
      <FilterSelect
        id={`${id}-method`}
        label={t('search.payment_method')}
        value={filters.payment_method}
        options={PAYMENT_METHODS.map((method) => [method, t(`payment.${method}`)] as const)}
        all={t('search.all')}
        onChange={choose('payment_method')}
      />
      <FilterSelect
        id={`${id}-state`}
        label={t('search.payment_status')}
        value={filters.payment_status}
        options={PAYMENT_STATES.map((state) => [state, t(`payment.${state}`)] as const)}
        all={t('search.all')}
        onChange={choose('payment_status')}
      />
      {onReset && (
        <button type="button" className="button button-secondary orders-reset" onClick={onReset}>
          {t('search.reset')}
        </button>
      )}
    </search>
  );
}

/** One of the filters to choose from, "all" first. */
function FilterSelect({
  id,
  label,
  value,
  options,
  all,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
  all: string;
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <Labelled id={id} label={label}>
      <select id={id} className="input" value={value ?? ''} onChange={onChange}>
        <option value="">{all}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
