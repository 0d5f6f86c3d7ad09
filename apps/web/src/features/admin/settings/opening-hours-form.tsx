import { withoutVersion } from '../forms/without-version.ts';
import { useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  storeHoursRequestSchema,
  storeHoursResponseSchema,
  type StoreHoursResponse,
  type StoreSettings,
} from '@pizzeria/domain';
import { EditorFooter } from '../forms/editor-footer.tsx';
import { Field } from '../forms/fields.tsx';
import { useEditor } from '../forms/use-editor.ts';
import { AVAILABILITY_KEY } from './api/availability.ts';
import { STORE_SETTINGS_KEY, saveStoreHours } from './api/store-settings.ts';
import type { StoreVersion } from './use-store-version.ts';

const valuesSchema = withoutVersion(storeHoursRequestSchema);
type Values = z.infer<typeof valuesSchema>;

/** The week as a restaurant reads it, Monday first (`day_of_week` counts from Sunday = 0). */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
type Day = (typeof WEEK)[number];

const NEW_SLOT = { open_time: '11:00', close_time: '22:00', label: '' };

function toValues(row: StoreHoursResponse): Values {
  return { store_hours: row.store_hours.map((slot) => ({ ...slot, label: slot.label ?? '' })) };
}

/** The weekly hours: each day 0..n times (lunch, evening), saved as one week. */
export function OpeningHoursForm({ settings, storeVersion }: { settings: StoreSettings; storeVersion: StoreVersion }) {
  const { t } = useTranslation('adminSettings');
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState<Day | null>(null);
  const editor = useEditor<Values, StoreHoursResponse>({
    schema: valuesSchema,
    row: { store_hours: settings.store_hours, version: settings.version },
    toValues,
    empty: { store_hours: [] },
    rowSchema: storeHoursResponseSchema,
    save: (values, version) =>
      saveStoreHours({
        // An empty label is no label.
        store_hours: values.store_hours.map((slot) => ({ ...slot, label: slot.label?.trim() || null })),
        version: storeVersion.latest(version),
      }),
    onSaved: (saved) => {
      storeVersion.saved(saved.version);
      queryClient.setQueryData<StoreSettings>(STORE_SETTINGS_KEY, (current) =>
        current ? { ...current, ...saved } : current,
      );
      // Whether the shop is open right now may have changed with the hours.
      void queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY });
    },
  });
  const slots = useFieldArray({ control: editor.form.control, name: 'store_hours' });

  function copyToWeek(day: Day) {
    const source = editor.form.getValues('store_hours').filter((slot) => slot.day_of_week === day);
    slots.replace(WEEK.flatMap((target) => source.map((slot) => ({ ...slot, day_of_week: target }))));
    setCopied(day);
  }

  return (
    <section className="card settings-section" aria-labelledby="settings-hours">
      <h2 id="settings-hours">{t('hours.heading')}</h2>
      <p className="admin-hint">{t('hours.hint')}</p>
      <form className="admin-form" noValidate onSubmit={editor.submit}>
        <div className="settings-week">
          {WEEK.map((day) => (
            <DayHours
              key={day}
              day={day}
              form={editor.form}
              indexes={slots.fields.flatMap((slot, index) => (slot.day_of_week === day ? [index] : []))}
              keys={slots.fields.map((slot) => slot.id)}
              onAdd={() => {
                setCopied(null);
                slots.append({ day_of_week: day, ...NEW_SLOT });
              }}
              onRemove={(index) => slots.remove(index)}
              onCopy={() => copyToWeek(day)}
            />
          ))}
        </div>
        <p className="admin-muted" role="status">
          {copied === null ? '' : t('hours.copied', { day: t(`days.${copied}`) })}
        </p>
        <EditorFooter editor={editor} label={t('hours.save')} />
      </form>
    </section>
  );
}

function DayHours({
  day,
  form,
  indexes,
  keys,
  onAdd,
  onRemove,
  onCopy,
}: {
  day: Day;
  form: UseFormReturn<Values>;
  /** Where this day's slots are in the week's list. */
  indexes: number[];
  keys: string[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  onCopy: () => void;
}) {
  const { t } = useTranslation('adminSettings');
  const name = t(`days.${day}`);
  return (
    <fieldset className="settings-day">
      <legend>{name}</legend>
      {indexes.length === 0 ? <p className="settings-closed">{t('hours.closed')}</p> : null}
      {indexes.map((index, number) => (
        <Slot
          key={keys[index]}
          form={form}
          index={index}
          onRemove={() => onRemove(index)}
          removeLabel={t('hours.remove_named', { number: number + 1, day: name })}
        />
      ))}
      <div className="admin-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('hours.add_named', { day: name })}
          onClick={onAdd}
        >
          {t('hours.add')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('hours.copy_named', { day: name })}
          onClick={onCopy}
        >
          {t('hours.copy')}
        </button>
      </div>
    </fieldset>
  );
}

function Slot({
  form,
  index,
  onRemove,
  removeLabel,
}: {
  form: UseFormReturn<Values>;
  index: number;
  onRemove: () => void;
  removeLabel: string;
}) {
  const { t } = useTranslation('adminSettings');
  const [open, close] = useWatch({
    control: form.control,
    name: [`store_hours.${index}.open_time`, `store_hours.${index}.close_time`],
  });
  // "HH:mm" strings compare like the times they are.
  const overnight = Boolean(open && close && close <= open);
  return (
    <div className="settings-slot">
      <Field form={form} name={`store_hours.${index}.open_time`} label={t('hours.open_time')} type="time" />
      <Field
        form={form}
        name={`store_hours.${index}.close_time`}
        label={t('hours.close_time')}
        type="time"
        hint={overnight ? t('hours.next_day') : undefined}
      />
      <Field
        form={form}
        name={`store_hours.${index}.label`}
        label={t('hours.label')}
        placeholder={t('hours.label_placeholder')}
        autoComplete="off"
      />
      <button
        type="button"
        className="button button-secondary settings-slot-remove"
        aria-label={removeLabel}
        onClick={onRemove}
      >
        {t('hours.remove')}
      </button>
    </div>
  );
}
