import { useState } from 'react';
import { AlertDialog } from '@base-ui/react/alert-dialog';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  closureOrdersConflictSchema,
  closureRequestSchema,
  type ClosureOrder,
  type ClosureRequest,
  type StoreClosure,
} from '@pizzeria/domain';
import { failureText } from '../../auth/index.ts';
import { AdminApiError } from '../forms/api-errors.ts';
import { ConfirmArchiveDialog } from '../forms/confirm-archive-dialog.tsx';
import { Field } from '../forms/fields.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { availabilityQuery, useAddClosure, useDeleteClosure } from './api/availability.ts';
import { useDates } from './use-dates.ts';

const valuesSchema = z.object({
  starts_on: closureRequestSchema.shape.starts_on,
  ends_on: closureRequestSchema.shape.ends_on,
  reason: z.string().check(z.trim(), z.maxLength(200)),
});
type Values = z.infer<typeof valuesSchema>;

/** The orders a 409 `closure_has_orders` lists, or null for any other failure. */
function ordersInTheWay(failure: unknown): ClosureOrder[] | null {
  if (!(failure instanceof AdminApiError) || failure.code !== 'closure_has_orders') return null;
  const parsed = closureOrdersConflictSchema.safeParse(failure.body);
  return parsed.success ? parsed.data.orders : null;
}

/** Days the shop is closed (holidays, renovation): the upcoming ones, a way to add more, and to delete. */
export function ClosuresSection() {
  const { t } = useTranslation('adminSettings');
  const { t: tAdmin } = useTranslation('admin');
  const availability = useQuery(availabilityQuery());
  const add = useAddClosure();
  const remove = useDeleteClosure();
  const dates = useDates();
  /** A closure the server refused because orders fall on its days: asked again before closing anyway. */
  const [held, setHeld] = useState<{ closure: ClosureRequest; orders: ClosureOrder[] } | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(valuesSchema),
    defaultValues: { starts_on: '', ends_on: '', reason: '' },
    mode: 'onTouched',
  });
  const range = (closure: StoreClosure) =>
    closure.starts_on === closure.ends_on
      ? dates.day(closure.starts_on)
      : `${dates.day(closure.starts_on)} – ${dates.day(closure.ends_on)}`;

  const submit = form.handleSubmit((values) => {
    // ISO dates compare like the days they are.
    if (values.ends_on < values.starts_on) {
      form.setError('ends_on', { message: t('closures.range_reversed') });
      return;
    }
    remove.reset();
    close({ starts_on: values.starts_on, ends_on: values.ends_on, reason: values.reason || null });
  });
  const close = (closure: ClosureRequest) =>
    add.mutate(closure, {
      onSuccess: () => {
        setHeld(null);
        form.reset();
      },
      onError: (failure) => {
        const orders = ordersInTheWay(failure);
        if (orders) setHeld({ closure, orders });
      },
    });
  // The orders in the way are told in the dialog, not as an error under the form.
  const failure = (ordersInTheWay(add.error) ? null : add.error) ?? remove.error;

  return (
    <section className="card settings-section" aria-labelledby="settings-closures">
      <h2 id="settings-closures">{t('closures.heading')}</h2>
      <p className="admin-hint">{t('closures.hint')}</p>
      {!availability.data ? (
        <QueryState query={availability} />
      ) : availability.data.closures.length === 0 ? (
        <p className="admin-muted">{t('closures.empty')}</p>
      ) : (
        <ul className="settings-closures">
          {availability.data.closures.map((closure) => (
            <li key={closure.id}>
              <span>
                <strong>{range(closure)}</strong>
                {closure.reason ? <span className="admin-muted"> · {closure.reason}</span> : null}
              </span>
              <ConfirmArchiveDialog
                trigger={{
                  label: t('closures.delete'),
                  accessibleLabel: t('closures.delete_named', { range: range(closure) }),
                  disabled: remove.isPending,
                }}
                title={t('closures.delete_title', { range: range(closure) })}
                text={t('closures.delete_text')}
                confirm={t('closures.delete_confirm')}
                onConfirm={() => {
                  add.reset();
                  return remove.mutateAsync(closure.id);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="settings-grid">
          <Field form={form} name="starts_on" label={t('closures.from')} type="date" />
          <Field form={form} name="ends_on" label={t('closures.to')} type="date" />
          <Field
            form={form}
            name="reason"
            label={t('closures.reason')}
            placeholder={t('closures.reason_placeholder')}
            autoComplete="off"
          />
        </div>
        {failure ? (
          <p className="form-error" role="alert">
            {failureText(failure, { generic: tAdmin('generic_error') })}
          </p>
        ) : null}
        <p className="admin-muted" role="status">
          {add.isSuccess ? t('closures.added') : remove.isSuccess ? t('closures.deleted') : ''}
        </p>
        <div>
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            {t('closures.add')}
          </button>
        </div>
      </form>
      <OrdersInTheWay
        orders={held?.orders ?? null}
        pending={add.isPending}
        onCancel={() => {
          setHeld(null);
          add.reset();
        }}
        onConfirm={() => {
          if (held) close({ ...held.closure, confirm: true });
        }}
      />
    </section>
  );
}

/**
 * "Für diese Tage gibt es schon Bestellungen: … Trotzdem schließen?": the waiting and accepted orders
 * on the days staff want to close, with what they need to call each guest; closing them stays a choice.
 */
function OrdersInTheWay({
  orders,
  pending,
  onCancel,
  onConfirm,
}: {
  orders: ClosureOrder[] | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation('adminSettings');
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <AlertDialog.Root
      open={orders !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className="dialog-backdrop" />
        <AlertDialog.Popup className="dialog-popup">
          <AlertDialog.Title className="dialog-title">{t('closures.orders_title')}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">{t('closures.orders_intro')}</AlertDialog.Description>
          <ul className="settings-closure-orders" aria-label={t('closures.orders_list')}>
            {(orders ?? []).map((order) => (
              <li key={order.id}>
                <strong>
                  {t('closures.order_line', {
                    id: order.id,
                    time: when.format(new Date(order.promised_at)),
                    name: order.customer_name,
                  })}
                </strong>
                <span className="admin-muted">
                  {' · '}
                  <a href={`tel:${order.phone}`}>{order.phone}</a>
                  {' · '}
                  {order.status === 'accepted' ? t('closures.order_accepted') : t('closures.order_waiting')}
                </span>
              </li>
            ))}
          </ul>
          <p className="dialog-description">{t('closures.orders_outro')}</p>
          <div className="dialog-actions">
            <AlertDialog.Close className="button button-secondary">{t('closures.orders_cancel')}</AlertDialog.Close>
            <button type="button" className="button button-primary" disabled={pending} onClick={onConfirm}>
              {t('closures.orders_confirm')}
            </button>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
