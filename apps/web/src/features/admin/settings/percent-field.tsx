import { useId, useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseDecimal } from '../forms/fields.tsx';

/** A percentage typed as people write it ("7,5"), kept as a number; anything else is NaN, which the schema refuses. */
export function PercentField<Values extends FieldValues>({
  form,
  name,
  label,
  hint,
}: {
  form: UseFormReturn<Values>;
  name: Path<Values>;
  label: string;
  hint?: string;
}) {
  const { i18n } = useTranslation();
  const id = useId();
  // The text as typed while the field has focus; the formatted number otherwise.
  const [typing, setTyping] = useState<string | null>(null);
  const format = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value)
      ? new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
          maximumFractionDigits: 2,
          useGrouping: false,
        }).format(value)
      : '';
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        const describedBy = [message ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
        return (
          <div className="admin-field">
            <label className="field-label" htmlFor={id}>
              {label}
            </label>
            <div className="admin-money">
              <input
                id={id}
                name={field.name}
                className="input"
                inputMode="decimal"
                autoComplete="off"
                value={typing ?? format(field.value)}
                aria-invalid={message ? true : undefined}
                aria-describedby={describedBy || undefined}
                onFocus={() => setTyping(format(field.value))}
                onChange={(event) => {
                  setTyping(event.target.value);
                  field.onChange(parseDecimal(event.target.value.replace('%', '')));
                }}
                onBlur={() => {
                  setTyping(null);
                  field.onBlur();
                }}
              />
              <span aria-hidden="true">%</span>
            </div>
            {hint ? (
              <p id={`${id}-hint`} className="admin-hint">
                {hint}
              </p>
            ) : null}
            {message ? (
              <p id={`${id}-error`} className="form-error">
                {message}
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}
