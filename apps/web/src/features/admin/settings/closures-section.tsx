import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { closureRequestSchema, type StoreClosure } from '@pizzeria/domain';
import { failureText } from '../../auth/index.ts';
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

/** Days the shop is closed (holidays, renovation): the upcoming ones, a way to add more, and to delete. */
export function ClosuresSection() {
  const { t } = useTranslation('adminSettings');
  const { t: tAdmin } = useTranslation('admin');
  const availability = useQuery(availabilityQuery());
  const add = useAddClosure();
  const remove = useDeleteClosure();
  const dates = useDates();
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
    add.mutate(
      { starts_on: values.starts_on, ends_on: values.ends_on, reason: values.reason || null },
      { onSuccess: () => form.reset() },
    );
  });
  const failure = add.error ?? remove.error;

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
              <button
                type="button"
                className="button button-secondary"
                aria-label={t('closures.delete_named', { range: range(closure) })}
                disabled={remove.isPending}
                onClick={() => {
                  add.reset();
                  remove.mutate(closure.id);
                }}
              >
                {t('closures.delete')}
              </button>
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
    </section>
  );
}
