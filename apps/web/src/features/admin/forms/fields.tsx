import './forms.css';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Controller,
  get,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import { Labelled } from './labelled.tsx';

interface FieldProps<Values extends FieldValues> {
  form: UseFormReturn<Values>;
  name: Path<Values>;
  label: string;
  hint?: string;
}

/** The error under a field, tied to its input by `aria-describedby`. */
function useFieldMessages<Values extends FieldValues>(form: UseFormReturn<Values>, name: Path<Values>, hint?: string) {
  const id = useId();
  const error: unknown = get(form.formState.errors, name);
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : null;
  const describedBy = [message ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  const messages = (
    <>
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
    </>
  );
  return {
    id,
    messages,
    inputProps: { 'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy || undefined },
  };
}

/** A labelled text (or number) input registered with the form, with its error beside it. */
export function Field<Values extends FieldValues>({
  form,
  name,
  label,
  hint,
  options,
  ...input
}: FieldProps<Values> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'id'> & { options?: RegisterOptions<Values> }) {
  const { id, messages, inputProps } = useFieldMessages(form, name, hint);
  return (
    <Labelled id={id} label={label}>
      <input id={id} className="input" {...input} {...inputProps} {...form.register(name, options)} />
      {messages}
    </Labelled>
  );
}

/** A whole number (minutes, counts): kept as a number, empty or text as NaN, which the schema refuses. */
export function NumberField<Values extends FieldValues>(props: FieldProps<Values> & { min?: number; max?: number }) {
  const { min, max, ...field } = props;
  return (
    <Field
      {...field}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      options={{ setValueAs: (value: unknown) => (value === '' ? Number.NaN : Number(value)) }}
    />
  );
}

/**
 * A German or English decimal ("8,50", "8.5", "-1,50") as a number; empty is NaN. Text that is no number
 * stays text: the schema refuses both, and the message tells an empty field from a mistyped one.
 */
export function parseDecimal(text: string): number | string {
  const normalised = text
    .trim()
    .replace(/\s|€|%/g, '')
    // A typographic minus or dash, as some keyboards and copied prices have it.
    .replace(/^[\u2212\u2013]/, '-')
    .replace(',', '.');
  if (normalised === '') return Number.NaN;
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(normalised) ? Number(normalised) : text;
}

/** A price or fee in euros, typed as people write it and shown with two decimals. */
export function MoneyField<Values extends FieldValues>(props: FieldProps<Values>) {
  return <DecimalField {...props} unit="€" minimumFractionDigits={2} />;
}

/** A percentage (VAT, a discount) typed as people write it ("7,5"), shown without needless decimals. */
export function PercentField<Values extends FieldValues>(props: FieldProps<Values>) {
  return <DecimalField {...props} unit="%" minimumFractionDigits={0} />;
}

/**
 * A decimal typed as people write it ("8,50", "8.5"), kept as a number (NaN for anything else, which the
 * schema refuses) and shown in the page's language with at most two decimals beside its unit.
 */
function DecimalField<Values extends FieldValues>({
  form,
  name,
  label,
  hint,
  unit,
  minimumFractionDigits,
}: FieldProps<Values> & { unit: string; minimumFractionDigits: number }) {
  const { i18n } = useTranslation();
  const { id, messages, inputProps } = useFieldMessages(form, name, hint);
  // Text that is no number is shown as it was typed, beside the message saying so.
  const format = (value: unknown) =>
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
            minimumFractionDigits,
            maximumFractionDigits: 2,
            useGrouping: false,
          }).format(value)
        : '';
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: { ref, ...field } }) => (
        <DecimalInput
          id={id}
          inputRef={ref}
          field={field}
          format={format}
          inputProps={inputProps}
          label={label}
          unit={unit}
          messages={messages}
        />
      )}
    />
  );
}

function DecimalInput({
  id,
  inputRef,
  field,
  format,
  inputProps,
  label,
  unit,
  messages,
}: {
  id: string;
  field: {
    value: unknown;
    onChange: (value: number | string) => void;
    onBlur: () => void;
    name: string;
  };
  /** Lets the form focus the field when a save finds it wrong. */
  inputRef: (element: HTMLInputElement | null) => void;
  format: (value: unknown) => string;
  inputProps: Record<string, unknown>;
  label: string;
  unit: string;
  messages: ReactNode;
}) {
  // The text as typed while the field has focus; the formatted amount otherwise.
  const [typing, setTyping] = useState<string | null>(null);
  return (
    <Labelled id={id} label={label}>
      <div className="admin-money">
        <input
          ref={inputRef}
          id={id}
          name={field.name}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={typing ?? format(field.value)}
          onFocus={() => setTyping(format(field.value))}
          onChange={(event) => {
            setTyping(event.target.value);
            field.onChange(parseDecimal(event.target.value));
          }}
          onBlur={() => {
            setTyping(null);
            field.onBlur();
          }}
          {...inputProps}
        />
        <span aria-hidden="true">{unit}</span>
      </div>
      {messages}
    </Labelled>
  );
}

/** German (required) and English (optional) side by side, e.g. `name.de` and `name.en`. */
export function LocalizedFields<Values extends FieldValues>({
  form,
  name,
  label,
  multiline = false,
}: {
  form: UseFormReturn<Values>;
  name: string;
  label: string;
  multiline?: boolean;
}) {
  const { t } = useTranslation('adminForms');
  const de = `${name}.de` as Path<Values>;
  const en = `${name}.en` as Path<Values>;
  return (
    <fieldset className="admin-localized">
      <legend className="field-label">{label}</legend>
      {multiline ? (
        <>
          <TextArea form={form} name={de} label={t('german')} />
          <TextArea form={form} name={en} label={t('english')} hint={t('english_hint')} />
        </>
      ) : (
        <>
          <Field form={form} name={de} label={t('german')} autoComplete="off" />
          <Field form={form} name={en} label={t('english')} hint={t('english_hint')} autoComplete="off" />
        </>
      )}
    </fieldset>
  );
}

export function TextArea<Values extends FieldValues>({ form, name, label, hint }: FieldProps<Values>) {
  const { id, messages, inputProps } = useFieldMessages(form, name, hint);
  return (
    <Labelled id={id} label={label}>
      <textarea id={id} className="input" rows={3} {...inputProps} {...form.register(name)} />
      {messages}
    </Labelled>
  );
}

export function CheckboxField<Values extends FieldValues>({ form, name, label, hint }: FieldProps<Values>) {
  const { id, messages, inputProps } = useFieldMessages(form, name, hint);
  return (
    <div className="admin-field admin-check">
      <input id={id} type="checkbox" {...inputProps} {...form.register(name)} />
      <label htmlFor={id}>{label}</label>
      {messages}
    </div>
  );
}

/** A native select (accessible everywhere, the phone's own picker); values are numbers when `numeric`. */
export function SelectField<Values extends FieldValues>({
  form,
  name,
  label,
  hint,
  choices,
  numeric = false,
  placeholder,
}: FieldProps<Values> & {
  choices: readonly { value: string | number; label: string }[];
  numeric?: boolean;
  placeholder?: string;
}) {
  const { id, messages, inputProps } = useFieldMessages(form, name, hint);
  return (
    <Labelled id={id} label={label}>
      <select
        id={id}
        className="input"
        {...inputProps}
        {...form.register(
          name,
          numeric ? { setValueAs: (value: string) => (value === '' ? null : Number(value)) } : {},
        )}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {messages}
    </Labelled>
  );
}
