import { useEffect, useState } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { AdminApiError, fieldIssues } from './api-errors.ts';
import { changedFields, type ChangedField } from './changed-fields.ts';
import { schemaMessageText } from './field-errors.ts';
import { useUnsavedChanges } from './unsaved-changes.ts';

/** Every field path an error object names (`name.de`, `variants.0.price`), in the order it lists them. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, error]) => {
    // A field's `ref` (its DOM element) and `types` belong to the error, not to another field.
    if (key === 'ref' || key === 'types' || !error || typeof error !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const own = 'message' in error && typeof error.message === 'string' ? [path] : [];
    return [...own, ...errorPaths(error as FieldErrors, path)];
  });
}

/** Puts the messages a domain schema sets itself (a refine's, in English) into the page's language. */
function translateSchemaMessages(errors: FieldErrors): void {
  for (const [key, error] of Object.entries(errors)) {
    // A field's `ref` is its DOM element, no message of ours.
    if (key === 'ref' || !error || typeof error !== 'object') continue;
    if ('message' in error && typeof error.message === 'string') error.message = schemaMessageText(error.message);
    translateSchemaMessages(error as FieldErrors);
  }
}

export interface EditorOptions<Values extends FieldValues, Row extends { version: number }> {
  /** The domain's schema of what the form sends (without `version`): it validates as people type. */
  schema: z.ZodMiniType<Values>;
  /** The row being edited; null for a new one. */
  row: Row | null;
  /** How a row fills the form (also after a save, and when loading someone else's version). */
  toValues: (row: Row) => Values;
  /** A new row's form. */
  empty: Values;
  /** The row's schema: a conflict's `current` is parsed with it. */
  rowSchema: z.ZodMiniType<Row>;
  /** Sends the values with the version they were read at (null: create). */
  save: (values: Values, version: number | null) => Promise<Row>;
  onSaved?: (row: Row) => void;
  /** Server error codes that belong beside one field (`postcode_taken` → `postcode`). */
  fieldForCode?: Readonly<Record<string, Path<Values>>>;
}

/**
 * A back-office form (docs/product/back-office.md): validated as people type with the domain's schema; server
 * errors beside their field or above the button, never losing what was typed; a save that finds errors
 * brings the first field to fix into view and focus. A save sends the version the row was read at, and a
 * 409 shows what the other person changed, then offers to load their version or to overwrite it. Leaving
 * with unsaved changes asks first.
 */
export function useEditor<Values extends FieldValues, Row extends { version: number }>(
  options: EditorOptions<Values, Row>,
) {
  const { schema, row, toValues, empty, rowSchema, save, onSaved, fieldForCode } = options;
  // The resolver's types cannot see through a generic schema; it is the domain schema of `Values`.
  const resolve = zodResolver(schema as never) as unknown as Resolver<Values>;
  const resolver: Resolver<Values> = async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateSchemaMessages(result.errors);
    return result;
  };
  const form = useForm<Values>({
    resolver,
    defaultValues: (row ? toValues(row) : empty) as DefaultValues<Values>,
    mode: 'onTouched',
    // The first field to fix is found in the page's order and brought into view below (`showFirstError`).
    shouldFocusError: false,
  });
  const [version, setVersion] = useState<number | null>(row?.version ?? null);
  const [conflict, setConflict] = useState<{ row: Row; changes: ChangedField[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useUnsavedChanges(form.formState.isDirty);

  // A field showing an error is checked again as it changes, not only when it loses focus: a message
  // that vanished on blur would move the button being clicked from under the pointer.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name && get(form.formState.errors, name)) void form.trigger(name as Path<Values>);
        },
      }),
    [form],
  );

  /** A submit handler that saves over `readVersion` (made in the event, never during render). */
  const sendOver = (readVersion: number | null, formElement: HTMLFormElement | null) => {
    // Whatever the person has to fix comes into view with the focus on it, even far down a long form.
    const showFirstError = (errors: FieldErrors) => {
      if (formElement) focusFirstInvalid(formElement, errorPaths(errors));
    };
    return form.handleSubmit(async (values) => {
      setError(null);
      setSaved(false);
      try {
        const answer = await save(values, readVersion);
        setVersion(answer.version);
        form.reset(toValues(answer));
        setSaved(true);
        onSaved?.(answer);
      } catch (failure) {
        if (failure instanceof AdminApiError && failure.code === 'version_conflict') {
          const current = rowSchema.safeParse(failure.body['current']);
          if (current.success) {
            // What the other person changed: against what this form was loaded with, beside what was typed.
            const changes = changedFields(form.formState.defaultValues, toValues(current.data), form.getValues());
            setConflict({ row: current.data, changes });
            return;
          }
        }
        const issues = fieldIssues(failure);
        for (const issue of issues) form.setError(issue.field as Path<Values>, { message: issue.message });
        const field = failure instanceof AdminApiError ? fieldForCode?.[failure.code] : undefined;
        if (field && failure instanceof Error) form.setError(field, { message: failure.message });
        else if (issues.length === 0) setError(failure instanceof Error ? failure.message : String(failure));
        showFirstError(form.formState.errors);
      }
    }, showFirstError);
  };

  return {
    form,
    /** The form's `onSubmit`. */
    submit: (event?: React.BaseSyntheticEvent) =>
      void sendOver(version, event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null)(event),
    saving: form.formState.isSubmitting,
    saved: saved && !form.formState.isDirty,
    /** A message for the whole form (the server refused it for a reason no field explains). */
    error,
    /** The row as someone else saved it meanwhile, while the person decides. */
    conflict: conflict?.row ?? null,
    /** The fields the other person changed, their value beside the one typed here. */
    conflictChanges: conflict?.changes ?? [],
    /** Take the other person's version: the form shows it, what was typed is dropped. */
    reload() {
      if (!conflict) return;
      setVersion(conflict.row.version);
      form.reset(toValues(conflict.row));
      setConflict(null);
    },
    /** Keep what was typed and save it over the other person's version. */
    overwrite(event?: React.BaseSyntheticEvent) {
      if (!conflict) return;
      setVersion(conflict.row.version);
      setConflict(null);
      const target: unknown = event?.currentTarget;
      void sendOver(conflict.row.version, target instanceof Element ? target.closest('form') : null)();
    },
  };
}

export type Editor<Values extends FieldValues, Row extends { version: number }> = ReturnType<
  typeof useEditor<Values, Row>
>;
